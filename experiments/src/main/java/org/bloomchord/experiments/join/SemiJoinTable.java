package org.bloomchord.experiments.join;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table of {@code bloomchord semijoin}, written from the JSON document the command prints with
 * {@code --json}: a line naming the setting, then one row per selectivity (or per pair of files).
 * The command prints its table through the same method, so a page's table written from kept JSON
 * is the table the command printed.
 */
public final class SemiJoinTable {

  private SemiJoinTable() {
  }

  /** The tables of several documents, in their order, a blank line between two. */
  public static String markdown(List<JsonNode> documents) {
    StringBuilder out = new StringBuilder();
    for (JsonNode d : documents) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(document(d));
    }
    return out.toString();
  }

  /**
   * The table of one document of {@code semijoin --json}.
   *
   * @throws IllegalArgumentException when {@code doc} has no {@code semijoin} section or no {@code relations}
   */
  public static String document(JsonNode doc) {
    JsonNode section = doc.get("semijoin");
    JsonNode relations = doc.get("relations");
    if (section == null || relations == null) {
      throw new IllegalArgumentException("not the output of semijoin --json (no semijoin or relations section)");
    }
    List<JsonNode> rows = new ArrayList<>();
    if (section.isArray()) {
      section.forEach(rows::add);
    } else {
      rows.add(section);
    }
    boolean store = "store".equals(doc.path("over").asText());
    JsonNode first = rows.get(0);
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT,
        "semijoin %s on %s, seed %d, %s: R %d rows (%d distinct b), S %d rows, tuples of 16 bytes%n%n",
        store ? "over the store of " + doc.path("peers").asInt() + " peers" : "between two peers",
        doc.path("runtime").asText(), doc.path("seed").asLong(), relations.path("source").asText(),
        first.path("leftRows").asLong(), relations.path("distinct").asLong(), first.path("rightRows").asLong()));
    out.append("| F | exact | bytes | formula | vs formula | column | column formula | below column (measured/formula)"
        + " | whole | false matches | expected | filter bits |" + (store ? " owners | messages | lookups | local tuples |"
        : " k |") + "\n");
    out.append("|---:|:---:|---:|---:|---:|---:|---:|:---:|---:|---:|---:|---:|" + (store ? "---:|---:|---:|---:|"
        : "---:|") + "\n");
    for (JsonNode r : rows) {
      out.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %+.2f%% | %d | %d | %s/%s | %d | %d | %.1f | %d |",
          r.path("selectivity").asDouble(), r.path("exact").asBoolean(), r.path("bytes").asLong(),
          r.path("formulaBytes").asLong(), 100 * r.path("overFormula").asDouble(), r.path("columnBytes").asLong(),
          r.path("formulaColumnBytes").asLong(), r.path("belowColumn").asBoolean(),
          r.path("formulaBelowColumn").asBoolean(), r.path("wholeBytes").asLong(), r.path("falseMatches").asLong(),
          r.path("expectedFalseMatches").asDouble(), r.path("filterBits").asLong()));
      if (store) {
        out.append(String.format(Locale.ROOT, " %d | %d | %d | %d |%n", r.path("owners").asLong(),
            r.path("messages").asLong(), r.path("lookups").asLong(), r.path("localTuples").asLong()));
      } else {
        out.append(String.format(Locale.ROOT, " %d |%n", r.path("filterHashes").asLong()));
      }
    }
    return out.toString();
  }
}
