package org.bloomchord.experiments.report;

import java.util.List;
import org.bloomchord.experiments.summary.Summary;

/**
 * What {@code report.html} shows: a title and description, the run's summaries (one per sweep
 * instance, each under its label), the figures, and for reproductions the published-vs-measured
 * rows (empty otherwise).
 *
 * @param title the page title
 * @param description a paragraph of plain text, or empty
 * @param summaries labelled summaries, in run order
 * @param figures the charts with captions
 * @param comparisons published vs measured rows, or empty
 */
public record Report(String title, String description, List<Labelled> summaries, List<Figure> figures,
    List<Comparison> comparisons) {

  /**
   * A summary with the label of its run ({@code peers=1024}, or the scenario name).
   *
   * @param label the run's label
   * @param summary its summary
   */
  public record Labelled(String label, Summary summary) {
  }

  /**
   * A chart and the sentence under it.
   *
   * @param chart the chart
   * @param caption a sentence, or empty
   */
  public record Figure(Chart chart, String caption) {
  }

  public Report {
    summaries = List.copyOf(summaries);
    figures = List.copyOf(figures);
    comparisons = List.copyOf(comparisons);
    description = description == null ? "" : description;
  }
}
