package org.bloomchord.experiments.report.tables;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.results.Reproduction;

/**
 * Writes a reproduction's tables in markdown: the published values against the measured ones (one
 * row per setting, each compared metric as a pair of columns), one line per compared metric saying
 * what that table shows (at how many settings the published value lies in the measured 95%
 * interval, the range of measured minus published and of their ratio), then the other figures of the
 * same runs. Everything it prints comes from the {@link ReproductionData} and the published values;
 * the same input gives the same text, byte for byte.
 */
public final class ReproductionTables {

  /** How a figure of several runs is shown. */
  public enum Fold {
    /** the total over the runs (counts of lookups, failures) */
    TOTAL,
    /** the mean over the runs */
    MEAN,
    /** the mean with its 95% interval */
    MEAN_WITH_INTERVAL
  }

  /**
   * A column of the second table.
   *
   * @param metric the metric's name, as {@code RunMetrics} knows it
   * @param label the column title
   * @param fold how several runs are shown
   */
  public record Column(String metric, String label, Fold fold) {
  }

  /** The other figures shown when the runs measured them, in this order. */
  public static final List<Column> DETAILS = List.of(
      new Column("lookups.total", "lookups", Fold.TOTAL),
      new Column("lookups.incorrect", "incorrect", Fold.TOTAL),
      new Column("lookups.failed", "failed", Fold.TOTAL),
      new Column("lookups.failuresPer10k", "failures per 10,000 (95% CI)", Fold.MEAN_WITH_INTERVAL),
      new Column("lookups.hops.mean", "hops mean (95% CI)", Fold.MEAN_WITH_INTERVAL),
      new Column("lookups.hops.p1", "hops p1", Fold.MEAN),
      new Column("lookups.hops.p99", "hops p99", Fold.MEAN),
      new Column("lookups.hopsToOwner.mean", "hops to owner", Fold.MEAN),
      new Column("lookups.timeoutsPerLookup", "timeouts per lookup (95% CI)", Fold.MEAN_WITH_INTERVAL),
      new Column("lookups.latencyMs.p50", "latency p50 ms", Fold.MEAN),
      new Column("lookups.latencyMs.p99", "latency p99 ms", Fold.MEAN),
      new Column("gets.failureFraction", "failed gets (95% CI)", Fold.MEAN_WITH_INTERVAL),
      new Column("keys.lostFraction", "keys lost with their peers (95% CI)", Fold.MEAN_WITH_INTERVAL),
      new Column("keys.lost", "keys lost", Fold.TOTAL),
      new Column("reconcile.rounds", "rounds", Fold.MEAN),
      new Column("reconcile.missed", "missed", Fold.TOTAL),
      new Column("locate.total", "locates", Fold.TOTAL),
      new Column("locate.withinDepthShare", "within depth by the filters (95% CI)", Fold.MEAN_WITH_INTERVAL));

  private ReproductionTables() {
  }

  /** Every metric a reproduction's tables may show: its compared metrics, then {@link #DETAILS}. */
  public static List<String> metrics(Reproduction published) {
    List<String> out = new ArrayList<>();
    published.curves().forEach(c -> out.add(c.metric()));
    DETAILS.forEach(c -> {
      if (!out.contains(c.metric())) {
        out.add(c.metric());
      }
    });
    return out;
  }

  /** The markdown of {@code data}'s tables, ending with a newline. */
  public static String markdown(ReproductionData data) {
    Reproduction p = data.published();
    boolean others = data.rows().stream().anyMatch(r -> !r.others().isEmpty());
    StringBuilder md = new StringBuilder();
    md.append("Published: ").append(p.figure()).append(". Measured: ");
    if (data.recorded()) {
      md.append(data.source()).append('.');
    } else {
      int runs = data.rows().stream().mapToInt(SettingRow::runs).sum();
      md.append(runs).append(" runs (`").append(data.source()).append("`), ")
          .append(runsPerSetting(data.rows())).append(" per setting.");
    }
    md.append(" ± is the half-width of the 95% Student-t interval of the mean over the runs of a setting.\n\n");

    List<String> head = new ArrayList<>(List.of(p.xLabel()));
    if (others) {
      head.add("setting");
    }
    head.add("runs");
    for (Reproduction.Curve c : p.curves()) {
      String label = c.label() + (c.approximate() ? " (approximate reading)" : "");
      head.add(label + ": published");
      head.add("measured (95% CI)");
    }
    List<List<String>> body = new ArrayList<>();
    for (SettingRow r : data.rows()) {
      List<String> cells = leading(r, others);
      for (Reproduction.Curve c : p.curves()) {
        Double pub = publishedAt(c, r.x());
        cells.add(pub == null ? "-" : plain(pub));
        Measured m = r.value(c.metric());
        cells.add(m == null ? "-" : withInterval(m));
      }
      body.add(cells);
    }
    table(md, head, body);
    md.append('\n');
    String x = shortName(p.xLabel());
    List<String> groups = data.rows().stream().map(SettingRow::others).distinct().toList();
    for (Reproduction.Curve c : p.curves()) {
      for (String group : groups) {
        String line = agreement(c, data.rows().stream().filter(r -> r.others().equals(group)).toList(), x);
        if (line != null) {
          md.append("- ").append(group.isEmpty() ? "" : group + ", ").append(line).append('\n');
        }
      }
    }

    List<Column> details = details(data);
    if (!details.isEmpty()) {
      md.append("\nOther figures of the same runs (totals over the runs of a setting for counts, means otherwise):\n\n");
      detailsTable(md, data, details, others);
    }
    return md.toString();
  }

  /**
   * The markdown of a sweep of our own setting, one with no published figure
   * ({@link ReproductionData#loadSweep}): what was measured, then the figures of {@link #DETAILS} its
   * runs have, one row per setting; ends with a newline.
   */
  public static String sweepMarkdown(ReproductionData data) {
    boolean others = data.rows().stream().anyMatch(r -> !r.others().isEmpty());
    int runs = data.rows().stream().mapToInt(SettingRow::runs).sum();
    StringBuilder md = new StringBuilder("Measured: ").append(runs).append(" runs (`").append(data.source())
        .append("`), ").append(runsPerSetting(data.rows())).append(" per setting; totals over the runs of a setting for"
            + " counts, means otherwise; ± is the half-width of the 95% Student-t interval of the mean.\n\n");
    detailsTable(md, data, details(data), others);
    return md.toString();
  }

  private static List<Column> details(ReproductionData data) {
    Reproduction p = data.published();
    List<Column> details = new ArrayList<>();
    for (Column col : DETAILS) {
      boolean compared = p.curves().stream().anyMatch(c -> c.metric().equals(col.metric()));
      if (!compared && data.rows().stream().anyMatch(r -> r.value(col.metric()) != null)) {
        details.add(col);
      }
    }
    return details;
  }

  private static void detailsTable(StringBuilder md, ReproductionData data, List<Column> details, boolean others) {
    List<String> head = new ArrayList<>(List.of(data.published().xLabel()));
    if (others) {
      head.add("setting");
    }
    head.add("runs");
    details.forEach(c -> head.add(c.label()));
    List<List<String>> body = new ArrayList<>();
    for (SettingRow r : data.rows()) {
      List<String> cells = leading(r, others);
      for (Column col : details) {
        Measured m = r.value(col.metric());
        cells.add(m == null ? "-" : switch (col.fold()) {
          case TOTAL -> number(m.total());
          case MEAN -> number(m.mean());
          case MEAN_WITH_INTERVAL -> withInterval(m);
        });
      }
      body.add(cells);
    }
    table(md, head, body);
  }

  private static List<String> leading(SettingRow r, boolean others) {
    List<String> cells = new ArrayList<>(List.of(r.x()));
    if (others) {
      cells.add(r.others().isEmpty() ? "-" : r.others());
    }
    cells.add(Integer.toString(r.runs()));
    return cells;
  }

  /**
   * What the comparison of one metric shows: where the published value lies against the measured
   * interval, the range of measured minus published and, where the published value is not 0, of
   * measured / published; null when no setting has both.
   */
  static String agreement(Reproduction.Curve c, List<SettingRow> rows, String xLabel) {
    int compared = 0;
    int inside = 0;
    boolean intervals = false;
    double minDiff = Double.POSITIVE_INFINITY;
    double maxDiff = Double.NEGATIVE_INFINITY;
    String minAt = null;
    String maxAt = null;
    double minRatio = Double.POSITIVE_INFINITY;
    double maxRatio = Double.NEGATIVE_INFINITY;
    int ratios = 0;
    for (SettingRow r : rows) {
      Double pub = publishedAt(c, r.x());
      Measured m = r.value(c.metric());
      if (pub == null || m == null) {
        continue;
      }
      compared++;
      intervals |= m.halfWidth() > 0;
      if (m.covers(pub)) {
        inside++;
      }
      double d = m.mean() - pub;
      String at = r.x();
      if (d < minDiff) {
        minDiff = d;
        minAt = at;
      }
      if (d > maxDiff) {
        maxDiff = d;
        maxAt = at;
      }
      if (pub != 0) {
        ratios++;
        minRatio = Math.min(minRatio, m.mean() / pub);
        maxRatio = Math.max(maxRatio, m.mean() / pub);
      }
    }
    if (compared == 0) {
      return null;
    }
    StringBuilder s = new StringBuilder(c.label()).append(": ");
    if (intervals) {
      s.append("the published value lies in the measured 95% interval at ").append(inside).append(" of ")
          .append(compared).append(" settings; ");
    }
    s.append("measured − published ");
    if (compared == 1) {
      s.append(signed(minDiff)).append(" (").append(xLabel).append(" = ").append(minAt).append(')');
    } else if (minDiff == maxDiff) {
      s.append(signed(minDiff)).append(" at each of the ").append(compared).append(" settings");
    } else {
      s.append("from ").append(signed(minDiff)).append(" (").append(xLabel).append(" = ").append(minAt)
          .append(") to ").append(signed(maxDiff)).append(" (").append(xLabel).append(" = ").append(maxAt).append(')');
    }
    if (ratios > 0) {
      s.append("; measured / published from ").append(ratio(minRatio)).append(" to ").append(ratio(maxRatio));
      if (ratios < compared) {
        s.append(" where the published value is not 0");
      }
    }
    return s.append('.').toString();
  }

  /** The name of an axis without its explanation: {@code p} for {@code p (fraction of nodes failed at once)}. */
  static String shortName(String xLabel) {
    int i = xLabel.indexOf(" (");
    return i > 0 ? xLabel.substring(0, i) : xLabel;
  }

  private static Double publishedAt(Reproduction.Curve c, String x) {
    double v = Experiment.sweptValue(x);
    for (double[] point : c.published()) {
      if (Math.abs(point[0] - v) <= 1e-9 * Math.max(1, Math.abs(v))) {
        return point[1];
      }
    }
    return null;
  }

  private static String runsPerSetting(List<SettingRow> rows) {
    int min = rows.stream().mapToInt(SettingRow::runs).min().orElse(0);
    int max = rows.stream().mapToInt(SettingRow::runs).max().orElse(0);
    String n = min == max ? Integer.toString(min) : min + " to " + max;
    return n + (max == 1 ? " run" : " runs (seeds)");
  }

  private static void table(StringBuilder md, List<String> head, List<List<String>> body) {
    md.append("| ").append(String.join(" | ", head)).append(" |\n|");
    head.forEach(h -> md.append("---|"));
    md.append('\n');
    body.forEach(r -> md.append("| ").append(String.join(" | ", r)).append(" |\n"));
  }

  /** A published value as given: no trailing zeros. */
  static String plain(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /** {@code mean ± half-width}, both with the decimals the larger of them needs; the mean alone when the width is 0. */
  static String withInterval(Measured m) {
    if (m.halfWidth() == 0) {
      return number(m.mean());
    }
    int d = decimals(Math.max(Math.abs(m.mean()), m.halfWidth()));
    return fixed(m.mean(), d) + " ± " + fixed(m.halfWidth(), d);
  }

  /**
   * A measured number: an integer, or a value of 1,000 or more, rounded to a whole number (grouped
   * from 10,000); otherwise one decimal from 100, two from 1, three significant digits below 1.
   */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (Math.abs(v) >= 1000 && Math.abs(v) < 1e15) {
      v = Math.rint(v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Math.abs(v) >= 10_000 ? String.format(Locale.ROOT, "%,d", (long) v) : Long.toString((long) v);
    }
    return fixed(v, decimals(Math.abs(v)));
  }

  private static int decimals(double magnitude) {
    if (magnitude == 0) {
      return 0;
    }
    if (magnitude >= 1000) {
      return 0;
    }
    if (magnitude >= 100) {
      return 1;
    }
    if (magnitude >= 1) {
      return 2;
    }
    return Math.min(8, 2 - (int) Math.floor(Math.log10(magnitude)));
  }

  private static String fixed(double v, int decimals) {
    String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
    return s.equals("-0") || s.matches("-0\\.0*") ? s.substring(1) : s;
  }

  private static String signed(double d) {
    String s = number(d);
    return d > 0 ? "+" + s : s.startsWith("-") ? "−" + s.substring(1) : s;
  }

  private static String ratio(double r) {
    return r >= 100 ? number(r) : String.format(Locale.ROOT, "%.2f", r);
  }
}
