package org.bloomchord.experiments.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * The table of {@link RatelessDecodeBench} runs, written from the JSON lines that
 * {@code RatelessDecodeBench ... --json} prints (one per measured repetition, several runs one after
 * another): one row per repetition in order, in thread CPU milliseconds, and after the repetitions
 * of each setting (d, shared elements, element size, batch) a row of their medians.
 */
public final class RatelessDecodeTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| d | repetition | symbols per difference | receiver CPU ms | local encoding ms"
      + " | decoding ms | decoding rate (M diffs/s) | wall-clock peel ms |\n"
      + "|---:|---|---:|---:|---:|---:|---:|---:|\n";

  private RatelessDecodeTable() {
  }

  /**
   * The table of {@code reps}, in their order.
   *
   * @throws IllegalArgumentException when a line is not one of {@code RatelessDecodeBench --json}
   */
  public static String markdown(List<JsonNode> reps) {
    StringBuilder out = new StringBuilder(HEAD);
    List<JsonNode> group = new ArrayList<>();
    for (JsonNode rep : reps) {
      if (!"rateless-decode".equals(rep.path("bench").asText()) || rep.get("receiverCpuNanos") == null) {
        throw new IllegalArgumentException("not a line of RatelessDecodeBench --json (no bench rateless-decode)");
      }
      if (!group.isEmpty() && !setting(group.get(0)).equals(setting(rep))) {
        medians(out, group);
        group.clear();
      }
      group.add(rep);
      double decoding = decodingNanos(rep);
      out.append(row(rep.path("d").asLong(), Long.toString(rep.path("rep").asLong()), rep.path("symbols").asDouble(),
          rep.path("receiverCpuNanos").asDouble(), rep.path("localEncodingCpuNanos").asDouble(), decoding,
          rep.path("d").asDouble() / decoding * 1e3, rep.path("peelWallNanos").asDouble()));
    }
    if (!group.isEmpty()) {
      medians(out, group);
    }
    return out.toString();
  }

  private static String setting(JsonNode rep) {
    return rep.path("d").asLong() + "|" + rep.path("common").asLong() + "|" + rep.path("elementBytes").asLong() + "|"
        + rep.path("batch").asLong();
  }

  private static void medians(StringBuilder out, List<JsonNode> group) {
    double d = group.get(0).path("d").asDouble();
    double[] decoding = group.stream().mapToDouble(RatelessDecodeTable::decodingNanos).toArray();
    out.append(row(group.get(0).path("d").asLong(), "**median of " + group.size() + "**",
        median(group.stream().mapToDouble(r -> r.path("symbols").asDouble()).toArray()),
        median(group.stream().mapToDouble(r -> r.path("receiverCpuNanos").asDouble()).toArray()),
        median(group.stream().mapToDouble(r -> r.path("localEncodingCpuNanos").asDouble()).toArray()),
        median(decoding), median(Arrays.stream(decoding).map(n -> d / n * 1e3).toArray()),
        median(group.stream().mapToDouble(r -> r.path("peelWallNanos").asDouble()).toArray())));
  }

  private static double decodingNanos(JsonNode rep) {
    return rep.path("receiverCpuNanos").asDouble() - rep.path("localEncodingCpuNanos").asDouble();
  }

  private static String row(long d, String rep, double symbols, double receiverNanos, double encodingNanos,
      double decodingNanos, double millionsPerSecond, double peelNanos) {
    return String.format(Locale.ROOT, "| %,d | %s | %.3f | %.1f | %.1f | %.1f | %.2f | %.1f |\n", d, rep, symbols / d,
        receiverNanos / 1e6, encodingNanos / 1e6, decodingNanos / 1e6, millionsPerSecond, peelNanos / 1e6);
  }

  /** The median (the mean of the middle two for an even count), commons-math3's. */
  private static double median(double[] values) {
    return new Median().evaluate(values);
  }
}
