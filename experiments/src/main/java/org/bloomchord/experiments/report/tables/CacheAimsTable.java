package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The summary cache's aims against ICP, written from the {@code cache --json} runs of the aims'
 * setting (ICP and summary, objects named by URL and by number, one or more bits per entry, several
 * seeds): each aim with the means it is judged on and whether every run met it. A run of summary is
 * paired with the ICP run of the same seed and naming. The block {@code cache-aims-met} of
 * docs/experiments/cache.md, from the same {@code data/cache/aims.json} as the block {@code cache.aims}.
 */
public final class CacheAimsTable {

  /** The naming of the aims' setting and the other one, in the order of the columns. */
  private static final List<String> NAMINGS = List.of("url", "number");

  private CacheAimsTable() {
  }

  /** One run's cache figures. */
  private record Run(String protocol, String names, int bits, long seed, JsonNode cache) {
    double get(String field) {
      return cache.path(field).asDouble();
    }

    double perRequest(String field) {
      return cache.path(field).asDouble() / cache.path("requests").asDouble();
    }
  }

  /**
   * The aims table of the runs' summaries.
   *
   * @throws IllegalArgumentException when a naming lacks ICP or summary runs, or a summary run has no ICP
   *     run of its seed
   */
  public static String markdown(List<JsonNode> summaries) {
    List<Run> runs = new ArrayList<>();
    for (JsonNode s : summaries) {
      JsonNode cache = s.get("cache");
      if (cache == null || s.get("setting") == null) {
        throw new IllegalArgumentException("not the summary of a cache run (no cache or setting section)");
      }
      runs.add(new Run(cache.path("protocol").asText(), cache.path("names").asText(),
          s.path("setting").path("bitsPerEntry").asInt(), s.path("seed").asLong(), cache));
    }
    List<Integer> bits = runs.stream().filter(r -> r.protocol().equals("summary")).map(Run::bits).distinct().sorted()
        .toList();
    StringBuilder out = new StringBuilder("| aim | URLs (the aims' setting) | numbers | met |\n|---|---|---|---|\n");
    out.append(row("summary sends at least 10x fewer messages than ICP", runs, bits,
        (icp, sum) -> ratio(icp, sum, "messagesPerRequest", "%.3f") + " = " + fmt("%.1fx", mean(icp, "messagesPerRequest")
            / mean(sum, "messagesPerRequest")),
        (icp, sum) -> icp.get("messagesPerRequest") / sum.get("messagesPerRequest") >= 10));
    out.append(row("summary's hit ratio at least 98% of ICP's", runs, bits,
        (icp, sum) -> ratio(sum, icp, "hitRatio", "%.4f") + " = " + fmt("%.1f%%", 100 * mean(sum, "hitRatio")
            / mean(icp, "hitRatio")),
        (icp, sum) -> sum.get("hitRatio") / icp.get("hitRatio") >= 0.98));
    out.append(row("summary's bytes less than half of ICP's", runs, bits,
        (icp, sum) -> ratio(sum, icp, "bytesPerRequest", "%.1f") + " = " + fmt("%.3f", mean(sum, "bytesPerRequest")
            / mean(icp, "bytesPerRequest")),
        (icp, sum) -> sum.get("bytesPerRequest") / icp.get("bytesPerRequest") < 0.5));
    out.append(row("summary's messages within 10% of its formula (ICP's formula is exact)", runs, bits,
        (icp, sum) -> fmt("%.3f", mean(sum, "messagesPerRequest")) + " vs " + fmt("%.3f",
            mean(sum, "formulaMessagesPerRequest")),
        (icp, sum) -> within(sum.get("messagesPerRequest"), sum.get("formulaMessagesPerRequest"))
            && within(icp.get("messagesPerRequest"), icp.get("formulaMessagesPerRequest"))));
    out.append(row("false hits per request within 10% of the Bloom formula", runs, bits,
        (icp, sum) -> {
          double measured = mean(sum, r -> r.perRequest("falseHits"));
          double expected = mean(sum, r -> r.perRequest("expectedFalseHits"));
          return fmt("%.5f", measured) + " vs " + fmt("%.5f", expected) + " (" + fmt("%+.1f%%", 100 * (measured / expected - 1))
              + ")";
        },
        (icp, sum) -> within(sum.perRequest("falseHits"), sum.perRequest("expectedFalseHits"))));
    return out.toString();
  }

  /** A cell's text from the ICP and summary runs of one naming and bits per entry. */
  private interface Cell {
    String text(List<Run> icp, List<Run> summary);
  }

  /** Whether one seed's pair of runs meets an aim. */
  private interface Check {
    boolean met(Run icp, Run summary);
  }

  private static String row(String aim, List<Run> runs, List<Integer> bits, Cell cell, Check check) {
    StringBuilder line = new StringBuilder("| " + aim + " | ");
    List<String> verdicts = new ArrayList<>();
    for (String names : NAMINGS) {
      List<Run> icp = runs.stream().filter(r -> r.protocol().equals("icp") && r.names().equals(names)).toList();
      List<String> cells = new ArrayList<>();
      int met = 0;
      int pairs = 0;
      for (int b : bits) {
        List<Run> sum = runs.stream().filter(r -> r.protocol().equals("summary") && r.names().equals(names)
            && r.bits() == b).toList();
        if (icp.isEmpty() || sum.isEmpty()) {
          throw new IllegalArgumentException("no ICP or summary runs named by " + names + " at " + b + " bits per entry");
        }
        String text = cell.text(icp, sum);
        cells.add(text.endsWith(")") ? text.substring(0, text.length() - 1) + ", " + b + " bits)" : text + " (" + b + " bits)");
        for (Run s : sum) {
          Run i = icp.stream().filter(r -> r.seed() == s.seed()).findFirst().orElseThrow(
              () -> new IllegalArgumentException("no ICP run of seed " + s.seed() + " named by " + names));
          pairs++;
          met += check.met(i, s) ? 1 : 0;
        }
      }
      line.append(String.join(", ", cells)).append(" | ");
      verdicts.add(met == pairs ? "yes" : met == 0 ? "**no**" : "in " + met + " of " + pairs + " runs");
    }
    String met = verdicts.get(0).equals(verdicts.get(1)) ? verdicts.get(0)
        : verdicts.get(0) + " with URLs; " + verdicts.get(1) + " with numbers";
    return line.append(met).append(" |\n").toString();
  }

  private static String ratio(List<Run> top, List<Run> bottom, String field, String format) {
    return fmt(format, mean(top, field)) + " / " + fmt(format, mean(bottom, field));
  }

  private static boolean within(double measured, double formula) {
    return Math.abs(measured / formula - 1) <= 0.1;
  }

  private static double mean(List<Run> runs, String field) {
    return mean(runs, r -> r.get(field));
  }

  private static double mean(List<Run> runs, ToDoubleFunction<Run> f) {
    return runs.stream().mapToDouble(f).average().orElseThrow();
  }

  private static String fmt(String format, double v) {
    return String.format(Locale.ROOT, format, v);
  }
}
