package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link Summary} as an aligned plain-text table for the terminal: one header line
 * (command, runtime, seed), then each present section with one row per field. A field holding
 * statistics prints them on its row ({@code mean 4.98  p1 1  p50 5  p99 9}); {@code byType}
 * prints one indented row per message type. Labels are the JSON names, so the table and
 * {@code summary.json} read the same.
 */
public final class SummaryTable {

  private static final String INDENT = "  ";

  private SummaryTable() {
  }

  /** One row of the table: its section, its label (indented for nested rows) and its value. */
  public record Row(String section, String label, String value) {
  }

  /** The rows of the table, in contract order; the header fields are in section "". */
  public static List<Row> rows(Summary summary) {
    List<Row> rows = new ArrayList<>();
    JsonNode tree = SummaryJson.tree(summary);
    for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> section = it.next();
      if (!section.getValue().isObject()) {
        rows.add(new Row("", section.getKey(), scalar(section.getValue())));
        continue;
      }
      for (Iterator<Map.Entry<String, JsonNode>> f = section.getValue().fields(); f.hasNext();) {
        Map.Entry<String, JsonNode> field = f.next();
        JsonNode v = field.getValue();
        if (!v.isObject()) {
          rows.add(new Row(section.getKey(), field.getKey(), scalar(v)));
        } else if (v.size() > 0 && allScalars(v)) {
          rows.add(new Row(section.getKey(), field.getKey(), inline(v)));
        } else {
          rows.add(new Row(section.getKey(), field.getKey(), ""));
          v.fields().forEachRemaining(sub ->
              rows.add(new Row(section.getKey(), INDENT + sub.getKey(), inline(sub.getValue()))));
        }
      }
    }
    return rows;
  }

  /** The table as text, lines separated by {@code \n} and ending with one. */
  public static String render(Summary summary) {
    List<Row> rows = rows(summary);
    int width = 0;
    for (Row r : rows) {
      if (!r.section().isEmpty()) {
        width = Math.max(width, r.label().length());
      }
    }
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>();
    String current = "";
    for (Row r : rows) {
      if (r.section().isEmpty()) {
        header.add(r.label() + " " + r.value());
        continue;
      }
      if (!header.isEmpty()) {
        out.append(String.join("   ", header)).append('\n');
        header.clear();
      }
      if (!r.section().equals(current)) {
        current = r.section();
        out.append(current).append('\n');
      }
      out.append(INDENT).append(pad(r.label(), width));
      if (!r.value().isEmpty()) {
        out.append("  ").append(r.value());
      }
      out.append('\n');
    }
    if (!header.isEmpty()) {
      out.append(String.join("   ", header)).append('\n');
    }
    return out.toString();
  }

  /** A number the way the table shows it: integers plainly, others to four significant digits. */
  public static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return new BigDecimal(d).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }

  private static boolean allScalars(JsonNode object) {
    for (JsonNode v : object) {
      if (v.isContainerNode()) {
        return false;
      }
    }
    return true;
  }

  private static String inline(JsonNode object) {
    if (!object.isObject()) {
      return scalar(object);
    }
    List<String> parts = new ArrayList<>();
    object.fields().forEachRemaining(e -> parts.add(e.getKey() + " " + scalar(e.getValue())));
    return String.join("  ", parts);
  }

  private static String scalar(JsonNode v) {
    if (v.isNumber()) {
      return v.isIntegralNumber() ? v.asText() : number(v.asDouble());
    }
    return v.asText();
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}
