package org.bloomchord.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.bloomchord.experiments.summary.SummaryTable;

/**
 * Writes a {@link Report} as one self-contained HTML file: inline CSS, charts against time as inline
 * SVG ({@link TimeSeriesSvg}: phases shaded and named, gaps where a series has no value), other
 * charts embedded as base64 PNG, no external resources, so the file can be mailed or archived alone. Sections, each with a
 * stable id: {@code summary} (per labelled summary, its header fields and then each summary
 * section folded in a {@code <details>} element), {@code figures}, and
 * {@code published-vs-measured} when there are comparisons. All text is HTML-escaped.
 */
public final class ReportWriter {

  private static final String CSS = """
      body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
      h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
      table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.15em .8em;text-align:left;vertical-align:top}
      th{background:#f0f0f0}td.num{text-align:right;font-variant-numeric:tabular-nums}
      tr.section td{font-weight:bold;padding-top:.6em}figure{margin:1em 0}img,svg.chart{max-width:100%;height:auto}
      figcaption{color:#555;font-size:.9em}
      details.section{margin:.2em 0}details.section>summary{cursor:pointer;font-weight:bold}
      details.section table{margin:.3em 0 .8em 1em}
      """;

  private ReportWriter() {
  }

  /** Writes the report to {@code file}, replacing it. */
  public static void write(Report report, Path file) {
    try {
      Files.writeString(file, html(report), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** The report as HTML text. */
  public static String html(Report report) {
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(escape(report.title())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n")
        .append("<h1>").append(escape(report.title())).append("</h1>\n");
    if (!report.description().isEmpty()) {
      h.append("<p>").append(escape(report.description())).append("</p>\n");
    }
    if (!report.comparisons().isEmpty()) {
      comparisons(h, report);
    }
    if (!report.figures().isEmpty()) {
      h.append("<section id=\"figures\">\n<h2>Figures</h2>\n");
      for (Report.Figure f : report.figures()) {
        h.append("<figure>\n");
        if (f.chart() instanceof LineChart l && l.xLabel().startsWith("time")) {
          h.append(TimeSeriesSvg.svg(l));
        } else {
          String png = Base64.getEncoder().encodeToString(PlotWriter.png(f.chart()));
          h.append("<img alt=\"").append(escape(f.chart().title())).append("\" src=\"data:image/png;base64,")
              .append(png).append("\">\n");
        }
        if (!f.caption().isEmpty()) {
          h.append("<figcaption>").append(escape(f.caption())).append("</figcaption>\n");
        }
        h.append("</figure>\n");
      }
      h.append("</section>\n");
    }
    h.append("<section id=\"summary\">\n<h2>Summary</h2>\n");
    for (Report.Labelled s : report.summaries()) {
      summary(h, s);
    }
    h.append("</section>\n</body>\n</html>\n");
    return h.toString();
  }

  private static void comparisons(StringBuilder h, Report report) {
    h.append("<section id=\"published-vs-measured\">\n<h2>Published vs measured</h2>\n<table>\n")
        .append("<tr><th>setting</th><th>metric</th><th>published</th><th>measured</th>"
            + "<th>95% interval (seeds)</th><th>measured / published</th></tr>\n");
    for (Comparison c : report.comparisons()) {
      h.append("<tr><td>").append(escape(c.setting())).append("</td><td>").append(escape(c.metric()))
          .append("</td><td class=\"num\">").append(SummaryTable.number(c.published()))
          .append("</td><td class=\"num\">").append(SummaryTable.number(c.measured()))
          .append("</td><td class=\"num\">").append(c.runs() > 1 ? "[" + SummaryTable.number(c.low()) + ", "
              + SummaryTable.number(c.high()) + "] (" + c.runs() + ")" : "")
          .append("</td><td class=\"num\">").append(Double.isNaN(c.ratio()) ? "" : SummaryTable.number(c.ratio()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n</section>\n");
  }

  /**
   * One summary: its header fields (command, runtime, seed) in a table, then each section in a
   * {@code <details>} element of its own, folded, with the section's name as its summary line.
   */
  private static void summary(StringBuilder h, Report.Labelled s) {
    h.append("<h3>").append(escape(s.label())).append("</h3>\n");
    String section = null;
    boolean open = false;
    for (SummaryTable.Row r : SummaryTable.rows(s.summary())) {
      if (!r.section().equals(section)) {
        if (open) {
          h.append("</table>\n").append(section.isEmpty() ? "" : "</details>\n");
        }
        section = r.section();
        if (!section.isEmpty()) {
          h.append("<details class=\"section\" id=\"").append(escape(id(s.label(), section))).append("\">")
              .append("<summary>").append(escape(section)).append("</summary>\n");
        }
        h.append("<table>\n");
        open = true;
      }
      h.append("<tr><td>").append(escape(r.label().strip())).append("</td><td class=\"num\">")
          .append(escape(r.value())).append("</td></tr>\n");
    }
    if (open) {
      h.append("</table>\n").append(section.isEmpty() ? "" : "</details>\n");
    }
  }

  /** A stable element id for a summary's section: {@code <label>-<section>} with only [A-Za-z0-9_-]. */
  static String id(String label, String section) {
    return ("summary-" + label + "-" + section).replaceAll("[^A-Za-z0-9_-]", "_");
  }

  /** Escapes text for HTML element content and attribute values. */
  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(ch);
      }
    }
    return out.toString();
  }
}
