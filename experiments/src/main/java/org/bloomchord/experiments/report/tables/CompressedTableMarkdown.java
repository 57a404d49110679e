package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The published-against-measured table of Mitzenmacher's compressed Bloom filters (ToN 2002,
 * Tables I and II) in markdown, from the output of {@code bloomchord sketch compressed-table --json}
 * (one object per published column, the published values among its fields), with one line saying
 * what the table shows.
 */
public final class CompressedTableMarkdown {

  /** The block name and data file stem of this table in the experiment pages. */
  public static final String NAME = "compressed-table";

  private CompressedTableMarkdown() {
  }

  /** The markdown of {@code columns} (the command's JSON array), ending with a newline. */
  public static String markdown(JsonNode columns) {
    if (!columns.isArray() || columns.isEmpty()) {
      throw new IllegalArgumentException("expected the JSON array of `bloomchord sketch compressed-table --json`");
    }
    StringBuilder md = new StringBuilder();
    JsonNode first = columns.get(0);
    md.append("Published: Mitzenmacher, Compressed Bloom Filters, IEEE/ACM ToN 10(5) 2002, Tables I and II. Measured: ")
        .append(first.path("seeds").asInt()).append(" filters of n = ").append(String.format(Locale.ROOT, "%,d",
            first.path("n").asLong())).append(" random keys per column, each encoded (header and checksum included)"
            + " and tested with keys not inserted (").append(String.format(Locale.ROOT, "%,d",
            first.path("queries").asLong())).append(" per column).\n\n");
    md.append("| table | m/n | k | z/n published | z/n measured | deviation | P published | P measured |\n");
    md.append("|---|---|---|---|---|---|---|---|\n");
    double worst = 0;
    String worstAt = "";
    double worstRate = 0;
    String worstRateAt = "";
    for (JsonNode c : columns) {
      String table = c.path("view").asText().equals("fixedSize")
          ? "I (z/n ≤ " + c.path("groupBitsPerElement").asInt() + ")"
          : "II (P of m/n = " + c.path("groupBitsPerElement").asInt() + ")";
      double dev = c.path("compressedSizeDeviation").asDouble();
      double paperRate = c.path("paperFalsePositiveRate").asDouble();
      double rate = c.path("measuredFalsePositiveRate").asDouble();
      String at = "m/n = " + ReproductionTables.plain(c.path("bitsPerElement").asDouble()) + ", k = " + c.path("k").asInt();
      if (Math.abs(dev) > Math.abs(worst)) {
        worst = dev;
        worstAt = at;
      }
      double rateDev = rate / paperRate - 1;
      if (Math.abs(rateDev) > Math.abs(worstRate)) {
        worstRate = rateDev;
        worstRateAt = at;
      }
      md.append("| ").append(table).append(" | ").append(ReproductionTables.plain(c.path("bitsPerElement").asDouble()))
          .append(" | ").append(c.path("k").asInt()).append(" | ")
          .append(ReproductionTables.plain(c.path("paperCompressedBitsPerElement").asDouble())).append(" | ")
          .append(String.format(Locale.ROOT, "%.4f", c.path("measuredCompressedBitsPerElement").asDouble())).append(" | ")
          .append(String.format(Locale.ROOT, "%+.2f%%", 100 * dev)).append(" | ")
          .append(ReproductionTables.plain(paperRate)).append(" | ")
          .append(String.format(Locale.ROOT, "%.3e", rate)).append(" |\n");
    }
    md.append("\n- compressed size: every measured z/n lies within ")
        .append(String.format(Locale.ROOT, "%.2f%%", 100 * Math.abs(worst))).append(" of the published one (largest: ")
        .append(String.format(Locale.ROOT, "%+.2f%%", 100 * worst)).append(" at ").append(worstAt).append(").\n");
    md.append("- false-positive rate: measured / published − 1 is largest in magnitude at ").append(worstRateAt)
        .append(" (").append(String.format(Locale.ROOT, "%+.1f%%", 100 * worstRate)).append(").\n");
    return md.toString();
  }

  /**
   * The two codecs against the measured entropy, one row per distinct filter (m/n, k) of
   * {@code columns} in order: m·H(p̂)/n, and how far the arithmetic coder's and Golomb coding's bits
   * per element lie above it (block {@code compressed-codecs}).
   */
  public static String codecs(List<JsonNode> columns) {
    StringBuilder md = new StringBuilder("| m/n | k | m·H(p̂)/n | arithmetic above entropy | Golomb above entropy |\n"
        + "|---|---|---|---|---|\n");
    Set<String> seen = new HashSet<>();
    for (JsonNode c : columns) {
      String mn = ReproductionTables.plain(c.path("bitsPerElement").asDouble());
      if (!seen.add(mn + "/" + c.path("k").asInt())) {
        continue;
      }
      double entropy = c.path("entropyBitsPerElement").asDouble();
      md.append("| ").append(mn).append(" | ").append(c.path("k").asInt()).append(" | ")
          .append(String.format(Locale.ROOT, "%.4f", entropy)).append(" | ")
          .append(String.format(Locale.ROOT, "%+.3f%%", 100 * (c.path("measuredCompressedBitsPerElement").asDouble()
              / entropy - 1))).append(" | ")
          .append(String.format(Locale.ROOT, "%+.3f%%", 100 * (c.path("golombBitsPerElement").asDouble() / entropy - 1)))
          .append(" |\n");
    }
    return md.toString();
  }
}
