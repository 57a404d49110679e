package org.bloomchord.experiments.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.report.Comparison;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.PlotWriter;
import org.bloomchord.experiments.report.Report;
import org.bloomchord.experiments.report.ReportWriter;
import org.bloomchord.experiments.report.Series;
import org.bloomchord.experiments.runner.ops.OperationCounts;
import org.bloomchord.experiments.runner.results.Reproduction;
import org.bloomchord.experiments.runner.results.RunCharts;
import org.bloomchord.experiments.runner.results.RunMetrics;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.workload.Rate;

/**
 * Runs every instance of a scenario file (one, or one per combination of swept values) and writes
 * the run folder: a single instance's files directly in it, or one sub-folder per instance plus
 * {@code summaries.json} (an array of {label, sweep, summary}), {@code sweep.csv} and the figures
 * against the swept parameter. Either way it ends with a self-contained {@code report.html} that,
 * for a bundled reproduction ({@link Reproduction}), shows the published values next to the
 * measured ones.
 *
 * <p>About 300 lines and left whole: running the instances and writing the sweep's files (summaries,
 * CSV, figures, report) read the same list of results, and the figures and the report are already
 * drawn by {@code report}.
 */
public final class Experiment {

  /** Figures of every sweep, besides a reproduction's own. */
  private static final List<String[]> SWEEP_METRICS = List.of(
      new String[] {"lookups.hops.mean", "mean lookup hops", "hops"},
      new String[] {"lookups.failureFraction", "failed or incorrect lookups", "fraction of lookups"});

  /** The sweep key of the scenario's seed: runs that differ only in it are repetitions. */
  private static final String SEED = "seed";

  private Experiment() {
  }

  /**
   * What an experiment produced.
   *
   * @param folder the run folder
   * @param report the report file
   * @param runs the runs, in order
   */
  public record Result(Path folder, Path report, List<RunResult> runs) {
  }

  /** Checks every instance before any runs. */
  public static void check(List<Scenario> instances) {
    instances.forEach(ScenarioRunner::check);
  }

  /** Runs all instances into {@code folder} and writes the report. */
  public static Result run(List<Scenario> instances, Path folder, Progress progress) {
    return run(instances, folder, progress, null);
  }

  /**
   * Runs all instances into {@code folder}, each on a ring of its own over the JVMs of
   * {@code jvms} (null: in this JVM), and writes the report.
   */
  public static Result run(List<Scenario> instances, Path folder, Progress progress, JvmRun.Settings jvms) {
    check(instances);
    List<RunResult> runs = new ArrayList<>();
    boolean sweep = instances.size() > 1;
    for (Scenario s : instances) {
      runs.add(ScenarioRunner.run(s, sweep ? folder.resolve(folderName(s)) : folder, progress, jvms));
    }
    Scenario first = instances.get(0);
    Reproduction published = Reproduction.of(first.name());
    List<Report.Figure> figures = new ArrayList<>();
    List<Comparison> comparisons = new ArrayList<>();
    if (sweep) {
      writeSweepFiles(runs, folder);
      String parameter = published != null ? published.parameter()
          : first.sweep().keySet().stream().filter(k -> !k.equals(SEED)).findFirst().orElse(SEED);
      figures.addAll(sweepFigures(runs, parameter, published, folder));
    } else {
      RunResult only = runs.get(0);
      for (RunCharts.Named c : RunCharts.of(first, only.summary(), only.series(), only.folder())) {
        figures.add(new Report.Figure(c.chart(), c.caption()));
      }
    }
    if (published != null) {
      comparisons.addAll(comparisons(runs, published));
    }
    List<Report.Labelled> labelled = new ArrayList<>();
    for (RunResult r : runs) {
      labelled.add(new Report.Labelled(r.scenario().label(), r.summary()));
    }
    Path report = folder.resolve("report.html");
    ReportWriter.write(new Report(first.name(), description(first, published, runs), labelled, figures, comparisons),
        report);
    return new Result(folder, report, runs);
  }

  /** The sub-folder of a sweep instance: its swept values, e.g. {@code peers=64}. */
  static String folderName(Scenario s) {
    List<String> parts = new ArrayList<>();
    s.sweep().forEach((k, v) -> {
      String key = k.substring(k.lastIndexOf('.') + 1);
      parts.add((key + "=" + v).replaceAll("[^A-Za-z0-9=._-]", "_"));
    });
    return parts.isEmpty() ? "run" : String.join("_", parts);
  }

  /**
   * The numeric value of a swept setting: a number, a rate ({@code 0.05/s}), a duration in seconds
   * or a switch ({@code false} 0, {@code true} 1).
   */
  public static double sweptValue(String text) {
    if (text.equals("false") || text.equals("true")) {
      return text.equals("true") ? 1 : 0;
    }
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      // not a plain number
    }
    try {
      return Rate.parse(text).perSecond();
    } catch (IllegalArgumentException e) {
      // not a rate
    }
    return DurationText.parse(text).toMillis() / 1000.0;
  }

  private static List<Report.Figure> sweepFigures(List<RunResult> runs, String parameter, Reproduction published,
      Path folder) {
    List<Report.Figure> out = new ArrayList<>();
    String xLabel = published != null ? published.xLabel() : parameter;
    boolean logX = published != null && published.logX();
    List<String[]> metrics = new ArrayList<>();
    if (published != null) {
      for (Reproduction.Curve c : published.curves()) {
        metrics.add(new String[] {c.metric(), c.label(), c.yLabel()});
      }
    }
    for (String[] m : SWEEP_METRICS) {
      if (metrics.stream().noneMatch(x -> x[0].equals(m[0]))) {
        metrics.add(m);
      }
    }
    for (String[] m : metrics) {
      List<Series> series = measured(runs, parameter, m[0]);
      if (series.isEmpty()) {
        continue;
      }
      String caption = "Measured " + m[1] + " against " + xLabel + ".";
      if (published != null) {
        for (Reproduction.Curve c : published.curves()) {
          if (c.metric().equals(m[0]) && !c.published().isEmpty()) {
            double[] x = c.published().stream().mapToDouble(p -> p[0]).toArray();
            double[] y = c.published().stream().mapToDouble(p -> p[1]).toArray();
            series.add(Series.published("published" + (c.approximate() ? " (approximate reading)" : ""), x, y));
            caption = "Measured " + m[1] + " (solid) next to " + published.figure() + " (dashed).";
          }
        }
      }
      LineChart chart = new LineChart(m[1], xLabel, m[2], series, logX);
      PlotWriter.write(chart, folder, m[0].replace('.', '-'));
      out.add(new Report.Figure(chart, caption));
    }
    return out;
  }

  /**
   * The measured series of {@code metric} against {@code parameter}: one series, or, when other
   * values are swept too, one per combination of them (named by it, e.g. {@code bitsPerLevel=1024}).
   */
  private static List<Series> measured(List<RunResult> runs, String parameter, String metric) {
    Map<String, Map<Double, List<Double>>> groups = new java.util.LinkedHashMap<>();
    for (RunResult r : runs) {
      String v = r.scenario().sweep().get(parameter);
      double y = RunMetrics.value(r, metric);
      if (v != null && !Double.isNaN(y)) {
        String others = otherSweeps(r, parameter);
        String name = others.isEmpty() ? "measured" : others.substring(2, others.length() - 1);
        groups.computeIfAbsent(name, k -> new java.util.LinkedHashMap<>())
            .computeIfAbsent(sweptValue(v), k -> new ArrayList<>()).add(y);
      }
    }
    List<Series> out = new ArrayList<>();
    // several seeds of one setting: the series shows their mean
    groups.forEach((name, points) -> out.add(Series.measured(name,
        points.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
        points.values().stream().mapToDouble(ys -> ys.stream().mapToDouble(Double::doubleValue).average()
            .orElseThrow()).toArray())));
    return out;
  }

  /**
   * The other swept values of a run, e.g. {@code " (method=iblt)"}, or nothing when only one value
   * is swept; a swept seed is left out, so that the runs of several seeds fall into one group.
   */
  private static String otherSweeps(RunResult r, String parameter) {
    List<String> others = new ArrayList<>();
    r.scenario().sweep().forEach((k, o) -> {
      if (!k.equals(parameter) && !k.equals(SEED)) {
        others.add(k.substring(k.lastIndexOf('.') + 1) + "=" + o);
      }
    });
    return others.isEmpty() ? "" : " (" + String.join(", ", others) + ")";
  }

  /**
   * The published points next to the measured values; runs that differ only in their seed are one
   * row, their mean with a 95% interval.
   */
  private static List<Comparison> comparisons(List<RunResult> runs, Reproduction published) {
    List<Comparison> out = new ArrayList<>();
    for (Reproduction.Curve c : published.curves()) {
      for (double[] p : c.published()) {
        Map<String, List<Double>> bySetting = new java.util.LinkedHashMap<>();
        for (RunResult r : runs) {
          String v = r.scenario().sweep().get(published.parameter());
          if (v == null || Math.abs(sweptValue(v) - p[0]) > 1e-9 * Math.max(1, Math.abs(p[0]))) {
            continue;
          }
          double measured = RunMetrics.value(r, c.metric());
          if (!Double.isNaN(measured)) {
            bySetting.computeIfAbsent(published.xLabel() + " = " + v + otherSweeps(r, published.parameter()),
                k -> new ArrayList<>()).add(measured);
          }
        }
        bySetting.forEach((setting, values) -> out.add(Comparison.ofRuns(setting,
            c.label() + (c.approximate() ? " (approximate reading)" : ""), p[1],
            values.stream().mapToDouble(Double::doubleValue).toArray())));
      }
    }
    return out;
  }

  private static String description(Scenario s, Reproduction published, List<RunResult> runs) {
    StringBuilder d = new StringBuilder(s.description());
    if (published != null) {
      d.append(d.length() > 0 ? " " : "").append("Published: ").append(published.figure()).append(". ")
          .append(published.note());
    }
    OperationCounts total = null;
    for (RunResult r : runs) {
      OperationCounts o = r.operations();
      total = total == null ? o : OperationCounts.builder().gets(total.gets() + o.gets())
          .getsFound(total.getsFound() + o.getsFound()).getsMissing(total.getsMissing() + o.getsMissing())
          .getsFailed(total.getsFailed() + o.getsFailed()).puts(total.puts() + o.puts())
          .putsStored(total.putsStored() + o.putsStored()).putsFailed(total.putsFailed() + o.putsFailed())
          .notIssued(total.notIssued() + o.notIssued())
          .publishesFailed(total.publishesFailed() + o.publishesFailed()).build();
    }
    if (total != null && (total.gets() + total.puts() > 0)) {
      d.append(" Gets and puts over all runs: ").append(total.gets()).append(" gets (").append(total.getsFound())
          .append(" found, ").append(total.getsMissing()).append(" of a stored key found nothing, ")
          .append(total.getsFailed()).append(" failed), ").append(total.puts()).append(" puts (")
          .append(total.putsStored()).append(" stored, ").append(total.putsFailed()).append(" failed).");
    }
    if (total != null && total.publishesFailed() > 0) {
      d.append(" Holders whose publications were not all acknowledged: ").append(total.publishesFailed()).append('.');
    }
    return d.toString();
  }

  private static void writeSweepFiles(List<RunResult> runs, Path folder) {
    ObjectMapper json = new ObjectMapper();
    ArrayNode all = json.createArrayNode();
    StringBuilder csv = new StringBuilder("label,lookups,failureFraction,hopsMean,hopsP1,hopsP99,keysP1OverMean,"
        + "keysP99OverMean,getFailureFraction,locates,withinDepthShare,falsePositivesPerLocate,"
        + "maintenanceBytesPerPeerPerSecond,reconcileBytesPerDiff,reconcileMissed,wallSeconds\n");
    for (RunResult r : runs) {
      ObjectNode o = all.addObject();
      o.put("label", r.scenario().label());
      ObjectNode sw = o.putObject("sweep");
      for (Map.Entry<String, String> e : r.scenario().sweep().entrySet()) {
        sw.put(e.getKey(), e.getValue());
      }
      o.set("summary", SummaryJson.tree(r.summary()));
      o.set("operations", json.valueToTree(r.operations()));
      csv.append('"').append(r.scenario().label().replace("\"", "\"\"")).append('"');
      for (String m : List.of("lookups.total", "lookups.failureFraction", "lookups.hops.mean", "lookups.hops.p1",
          "lookups.hops.p99", "keys.perNode.p1OverMean", "keys.perNode.p99OverMean", "gets.failureFraction",
          "locate.total", "locate.withinDepthShare", "locate.falsePositivesPerLocate",
          "traffic.maintenanceBytesPerPeerPerSecond", "reconcile.bytesPerDiff", "reconcile.missed",
          "resources.wallSeconds")) {
        double v = RunMetrics.value(r, m);
        csv.append(',').append(Double.isNaN(v) ? "" : Double.toString(v));
      }
      csv.append('\n');
    }
    try {
      Files.writeString(folder.resolve("summaries.json"),
          json.writerWithDefaultPrettyPrinter().writeValueAsString(all) + "\n", StandardCharsets.UTF_8);
      Files.writeString(folder.resolve("sweep.csv"), csv.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep files in " + folder, e);
    }
  }
}
