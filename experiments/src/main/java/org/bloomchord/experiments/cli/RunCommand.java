package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.runner.results.RunMetrics;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.SummaryTable;
import org.bloomchord.overlay.vertx.ClusterOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bloomchord run SCENARIO}: runs a scenario file, or a bundled scenario by name, and writes
 * its run folder (summary.json, timeseries.csv, operations.csv, plots, report.html). Prints a
 * progress bar on stderr, then the summary table (a sweep table for sweeps) and the report's path
 * on stdout; with {@code --json} one JSON summary per run instead, one per line.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Run a scenario (a YAML file or the name of a bundled scenario) and write its run folder.")
public final class RunCommand implements Callable<Integer> {

  /** The bundled scenarios, by name. */
  public static final List<String> BUNDLED = List.of("quickstart", "path-length", "load-balance",
      "mass-failure", "ton-mass-failure", "continuous-churn", "ton-churn", "churn-hour", "filter-depth-width",
      "reconcile-bytes", "rogue-peers", "jvm-kill", "quickstart-jvm-kill", "state-hour", "pns", "partition-merge",
      "traceback-rogues", "partition-jvms", "summary-cache", "hot-keys", "churn-jvms");

  /** Vert.x logs every message sent to a departed peer; under churn that is expected, not news. */
  private static final java.util.logging.Logger VERTX_LOG = java.util.logging.Logger.getLogger("io.vertx");

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SCENARIO",
      description = "A scenario file, or a bundled scenario: ${COMPLETION-CANDIDATES}",
      completionCandidates = BundledNames.class)
  String scenario;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Run folder (default: runs/<scenario>-<timestamp>).")
  Path out;

  @Option(names = "--seed", paramLabel = "S", description = "Seed, replacing the scenario's.")
  Long seed;

  @Option(names = "--runtime", paramLabel = "RUNTIME", description = "vertx or sim, replacing the scenario's.")
  String runtime;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "Override a scenario value, e.g. --set chord.successors=4 or --set peers=[64,128] (repeatable).")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--json", description = "Print one JSON summary per run (one per line) instead of tables.")
  boolean json;

  @Option(names = "--jvms", paramLabel = "J",
      description = "Run the ring over this JVM and J-1 child JVMs on this machine, one clustered Vert.x node each"
          + " (vertx runtime only): the join phase spreads its peers over every JVM; operations, churn and crashes"
          + " of peers act on this JVM's peers; fail: { jvm: K } kills child K.")
  Integer jvms;

  @Option(names = "--child-heap-mb", paramLabel = "MB", defaultValue = "1024",
      description = "With --jvms: heap of each child JVM in MiB (default: ${DEFAULT-VALUE}).")
  int childHeapMb;

  @Option(names = "--live", paramLabel = "PORT",
      description = "Serve the live view of the run on http://127.0.0.1:PORT while it runs (0: any free port;"
          + " vertx runtime only; the server stops when the run ends).")
  Integer live;

  @Mixin
  ClusterMixin cluster;

  /** The bundled names for the help text. */
  static final class BundledNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    BundledNames() {
      super(BUNDLED);
    }
  }

  @Override
  public Integer call() {
    JvmRun.Settings overJvms = null;
    if (jvms != null) {
      if ("sim".equals(runtime)) {
        throw new UsageException("--jvms runs on the vertx runtime, not --runtime sim");
      }
      try {
        ClusterOptions options = cluster.forOneRun();
        overJvms = new JvmRun.Settings(jvms, childHeapMb, options);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
    } else if (spec.commandLine().getParseResult().hasMatchedOption("--child-heap-mb")) {
      throw new UsageException("--child-heap-mb applies to --jvms only");
    }
    if (live != null && (live < 0 || live > 65_535)) {
      throw new UsageException("--live must be a port in 0..65535, got " + live);
    }
    if (live != null && jvms != null) {
      throw new UsageException("--live shows a ring in one JVM; it cannot be combined with --jvms");
    }
    return execute(spec.commandLine(), scenario, out, seed, runtime, overrides, json, overJvms, live);
  }

  /** Loads, runs and prints; shared with {@code demo}. */
  static int execute(CommandLine cli, String scenario, Path out, Long seed, String runtime, List<String> sets,
      boolean json) {
    return execute(cli, scenario, out, seed, runtime, sets, json, null, null);
  }

  /**
   * Loads, runs (over the JVMs of {@code overJvms} unless null; with the live view on port
   * {@code livePort} unless null) and prints.
   */
  static int execute(CommandLine cli, String scenario, Path out, Long seed, String runtime, List<String> sets,
      boolean json, JvmRun.Settings overJvms, Integer livePort) {
    VERTX_LOG.setLevel(java.util.logging.Level.SEVERE);
    List<String> overrides = new ArrayList<>(sets);
    if (runtime != null) {
      if (!runtime.equals("vertx") && !runtime.equals("sim")) {
        throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
      }
      overrides.add("runtime=" + runtime);
    }
    if (seed != null) {
      overrides.add("seed=" + seed);
    }
    List<Scenario> instances = load(scenario, overrides, overJvms == null ? 0 : overJvms.jvms());
    Experiment.check(instances);
    Path folder = out != null ? out : Path.of("runs", instances.get(0).name() + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
    if (Files.isRegularFile(folder)) {
      throw new UsageException("--out " + folder + " is a file, not a folder");
    }
    Experiment.Result result;
    try (LiveRun liveRun = livePort == null ? null : LiveRun.start(instances, livePort, cli.getErr());
        Progress progress = Progress.onStderr()) {
      result = Experiment.run(instances, folder, progress, overJvms);
    }
    PrintWriter o = cli.getOut();
    if (json) {
      for (RunResult r : result.runs()) {
        o.println(SummaryJson.compact(r.summary()));
      }
    } else if (result.runs().size() == 1) {
      o.print(SummaryTable.render(result.runs().get(0).summary()));
      printCache(result.runs().get(0), o, false);
      o.println("report: " + result.report());
    } else {
      sweepTable(result.runs()).print(o);
      result.runs().forEach(r -> printCache(r, o, true));
      o.println("report: " + result.report());
    }
    o.flush();
    return 0;
  }

  /** A run with a cache section: its protocols side by side (the summary table lists sections of scalars). */
  private static void printCache(RunResult r, PrintWriter o, boolean labelled) {
    java.util.Map<String, Object> fields = r.summary().fields();
    if (fields != null && fields.get("cache") instanceof org.bloomchord.experiments.summary.CacheSection c) {
      o.println();
      if (labelled) {
        o.println("cache, " + r.scenario().label() + ":");
      }
      org.bloomchord.experiments.cache.CacheTable.printSection(c, r.scenario().seed(), o);
      o.println();
    }
  }

  private static List<Scenario> load(String scenario, List<String> overrides, int jvms) {
    Path file = Path.of(scenario);
    if (Files.isRegularFile(file)) {
      return ScenarioLoader.load(file, overrides, jvms);
    }
    String name = scenario.endsWith(".yaml") ? scenario.substring(0, scenario.length() - 5) : scenario;
    if (BUNDLED.contains(name)) {
      return ScenarioLoader.loadBundled(name + ".yaml", overrides, jvms);
    }
    throw new UsageException("SCENARIO '" + scenario + "' is neither a file nor a bundled scenario (bundled: "
        + String.join(", ", BUNDLED) + ")");
  }

  /** One row per run; the reconciliation columns only when a run measured reconciliation. */
  private static TextTable sweepTable(List<RunResult> runs) {
    List<String[]> columns = new java.util.ArrayList<>(List.of(new String[] {"lookups", "lookups.total"},
        new String[] {"failed", "lookups.failureFraction"}, new String[] {"hops mean", "lookups.hops.mean"},
        new String[] {"hops p99", "lookups.hops.p99"}, new String[] {"keys p99/mean", "keys.perNode.p99OverMean"},
        new String[] {"gets failed", "gets.failureFraction"}));
    if (runs.stream().anyMatch(r -> r.summary().reconcile() != null)) {
      columns.add(new String[] {"bytes/diff", "reconcile.bytesPerDiff"});
      columns.add(new String[] {"rounds", "reconcile.rounds"});
      columns.add(new String[] {"missed", "reconcile.missed"});
    }
    columns.add(new String[] {"wall s", "resources.wallSeconds"});
    List<String> header = new java.util.ArrayList<>(List.of("run"));
    columns.forEach(c -> header.add(c[0]));
    TextTable t = new TextTable(header.toArray(String[]::new));
    for (RunResult r : runs) {
      List<Object> cells = new java.util.ArrayList<>(List.of(r.scenario().label()));
      columns.forEach(c -> cells.add(fmt(RunMetrics.value(r, c[1]))));
      t.row(cells.toArray());
    }
    return t;
  }

  private static String fmt(double v) {
    return Double.isNaN(v) ? "-" : SummaryTable.number(v);
  }
}
