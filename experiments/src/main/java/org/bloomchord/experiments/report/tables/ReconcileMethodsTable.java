package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The methods of {@code bloomchord reconcile} side by side, written from the {@code --json} output of
 * one command per method over the same differences (the blocks {@code reconciliation.PART} of
 * docs/experiments/reconciliation.md): bytes per difference with the multiple of the minimum D·E
 * (and the differences missed, and the method {@code auto} chose), the minimum, the request round
 * trips, and the rateless symbols, IBLT cells and strata estimates per difference.
 */
public final class ReconcileMethodsTable {

  private ReconcileMethodsTable() {
  }

  /**
   * The tables of the runs, methods in the order they first appear and differences in increasing order.
   *
   * @throws IllegalArgumentException when a run is not a reconciliation, or a method lacks a difference
   *     another has
   */
  public static String markdown(List<JsonNode> runs) {
    Map<String, Map<Long, JsonNode>> byMethod = new LinkedHashMap<>();
    for (JsonNode run : runs) {
      JsonNode r = run.get("reconcile");
      if (r == null) {
        throw new IllegalArgumentException("not the output of reconcile --json (no reconcile section)");
      }
      byMethod.computeIfAbsent(r.path("method").asText(), m -> new TreeMap<>()).put(r.path("diff").asLong(), r);
    }
    List<Long> diffs = new ArrayList<>(byMethod.values().iterator().next().keySet());
    for (Map.Entry<String, Map<Long, JsonNode>> m : byMethod.entrySet()) {
      if (!m.getValue().keySet().equals(new TreeSet<>(diffs))) {
        throw new IllegalArgumentException("method " + m.getKey() + " ran differences " + m.getValue().keySet()
            + ", another " + diffs);
      }
    }
    StringBuilder head = new StringBuilder("| method |");
    StringBuilder rule = new StringBuilder("|---|");
    for (long d : diffs) {
      head.append(String.format(Locale.ROOT, " D = %,d |", d));
      rule.append("---:|");
    }
    String header = head + "\n" + rule + "\n";
    StringBuilder out = new StringBuilder(header);
    for (Map.Entry<String, Map<Long, JsonNode>> m : byMethod.entrySet()) {
      out.append(row("`" + m.getKey() + "`", m.getValue(), r -> {
        String cell = perDiff(r.path("bytesPerDiff").asDouble())
            + String.format(Locale.ROOT, " (%.2fx)", r.path("overMinimum").asDouble());
        if (r.path("missed").asLong() > 0) {
          cell += ", " + r.path("missed").asLong() + " missed";
        }
        return m.getKey().equals("auto") ? cell + ", " + r.path("chosen").asText() : cell;
      }));
    }
    out.append(row("minimum", byMethod.values().iterator().next(), r -> String.format(Locale.ROOT, "%d (1x)",
        r.path("minimumBytes").asLong() / r.path("diff").asLong())));
    out.append("\nRounds (request round trips):\n\n").append(header);
    for (Map.Entry<String, Map<Long, JsonNode>> m : byMethod.entrySet()) {
      out.append(row("`" + m.getKey() + "`", m.getValue(), r -> Long.toString(r.path("rounds").asLong())));
    }
    Map<Long, JsonNode> riblt = byMethod.get("riblt");
    Map<Long, JsonNode> iblt = byMethod.get("iblt");
    if (riblt != null && iblt != null) {
      out.append("\nRateless symbols per difference (`unitsPerDiff`): ")
          .append(list(riblt, r -> String.format(Locale.ROOT, "%.3f", r.path("unitsPerDiff").asDouble())))
          .append("; IBLT cells per difference: ")
          .append(list(iblt, r -> String.format(Locale.ROOT, "%.2f", r.path("unitsPerDiff").asDouble())))
          .append("; strata estimates: ").append(list(iblt, r -> r.path("estimate").asText())).append(".\n");
    }
    return out.toString();
  }

  private static String row(String name, Map<Long, JsonNode> runs, Function<JsonNode, String> cell) {
    StringBuilder s = new StringBuilder("| " + name + " |");
    runs.values().forEach(r -> s.append(' ').append(cell.apply(r)).append(" |"));
    return s.append('\n').toString();
  }

  private static String list(Map<Long, JsonNode> runs, Function<JsonNode, String> cell) {
    return String.join(", ", runs.values().stream().map(cell).toList());
  }

  /** Bytes per difference: whole bytes with thousands separators from 1,000 up, else one decimal. */
  private static String perDiff(double v) {
    return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
