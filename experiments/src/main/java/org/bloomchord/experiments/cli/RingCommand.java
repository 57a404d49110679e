package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.jvm.JvmRingTrial;
import org.bloomchord.experiments.ring.RingSettings;
import org.bloomchord.experiments.ring.RingTrial;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.LookupStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.SummaryTable;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.vertx.ClusterOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord ring}: launches a Chord ring of N peers on the Vert.x runtime or in the
 * simulator, waits until it is stable by the oracle, stores keys, optionally crashes a share of the
 * peers and waits for the repair, runs lookups and judges them against the oracle. Prints the
 * summary (sections peers, ring, lookups, keys, traffic, resources) as a table, or as one JSON
 * object with {@code --json}; progress goes to the error stream. See {@link RingTrial} for what
 * each figure measures.
 */
@Command(
    name = "ring",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
        "Launch a Chord ring, wait until it is stable, store keys, optionally crash a share of the peers"
            + " at once and wait for the repair, then run lookups of random keys and check each against"
            + " the oracle.",
        "Prints the summary (peers, ring, lookups, keys, traffic, resources) as a table, or one JSON"
            + " object with --json. Progress lines go to stderr."})
public final class RingCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", required = true, paramLabel = "N", description = "Physical peers launched (at least 1).")
  int peers;

  @Option(names = "--runtime", paramLabel = "RUNTIME", defaultValue = "vertx",
      description = "vertx or sim (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--id-bits", paramLabel = "B", defaultValue = "" + RingSettings.DEFAULT_ID_BITS,
      description = "Ring width in bits, 1..64 (default: ${DEFAULT-VALUE}).")
  int idBits;

  @Option(names = "--successors", paramLabel = "R", defaultValue = "" + RingSettings.DEFAULT_SUCCESSORS,
      description = "Successor-list length, 1..64 (default: ${DEFAULT-VALUE}).")
  int successors;

  @Option(names = "--replicas", paramLabel = "R", defaultValue = "" + RingSettings.DEFAULT_REPLICAS,
      description = "Copies of each key, 1..successors (default: ${DEFAULT-VALUE}).")
  int replicas;

  @Option(names = "--virtual-nodes", paramLabel = "V", defaultValue = "" + RingSettings.DEFAULT_VIRTUAL_NODES,
      description = "Ring ids per physical peer, 1..64 (default: ${DEFAULT-VALUE}).")
  int virtualNodes;

  @Option(names = "--keys", paramLabel = "K", defaultValue = "" + RingSettings.DEFAULT_KEYS,
      description = "Random keys stored once the ring is stable (default: ${DEFAULT-VALUE}).")
  int keys;

  @Option(names = "--fail-fraction", paramLabel = "F", defaultValue = "0",
      description = "Share of the peers crashed at once after the keys are stored, in [0, 1)"
          + " (default: ${DEFAULT-VALUE}).")
  double failFraction;

  @Option(names = "--lookups", paramLabel = "L", defaultValue = "" + RingSettings.DEFAULT_LOOKUPS,
      description = "Lookups of random keys from random peers, run concurrently in batches of up to"
          + " min(live peers, 10000), on the simulator of up to one per live peer (default: ${DEFAULT-VALUE}).")
  int lookups;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "" + RingSettings.DEFAULT_SEED,
      description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  PeriodsMixin periods;

  @Option(names = "--wave-growth", paramLabel = "G", defaultValue = "" + RingSettings.DEFAULT_WAVE_GROWTH,
      description = "The launch's waves grow the ring at most G-fold, waiting for a stable ring between them"
          + " (default: ${DEFAULT-VALUE}, doubling).")
  int waveGrowth;

  @Option(names = "--launch", paramLabel = "HOW", defaultValue = RingSettings.JOINS,
      description = "joins: every peer joins by the protocol, in the waves of --wave-growth with a stable ring"
          + " between them; stream: every peer joins by the protocol, a new join starting whenever one ends, at"
          + " most --join-window at a time and no wait for a stable ring; placed: every peer starts at once in its"
          + " place, with the predecessor, successors and fingers computed from the whole membership launched,"
          + " then checked by maintenance like any link (default: ${DEFAULT-VALUE}).")
  String launch;

  @Option(names = "--join-window", paramLabel = "W", defaultValue = "" + RingSettings.DEFAULT_JOIN_WINDOW,
      description = "With --launch stream: the most joins in flight at a time, and never more than the peers"
          + " already on the ring (default: ${DEFAULT-VALUE}).")
  int joinWindow;

  @Option(names = "--pushes",
      description = "Peers push what a join changed: the successor list to the predecessor, and a joiner to the"
          + " peers whose fingers it takes. Without it both are left to stabilize and fix-fingers, the pull-only"
          + " protocol of the reproductions, except that --launch stream always pushes successor lists. Not"
          + " with --jvms.")
  boolean pushes;

  @Option(names = "--max-wait", paramLabel = "SECONDS", defaultValue = "" + RingSettings.DEFAULT_MAX_WAIT_SECONDS,
      description = "Longest wait for a stable ring, after the launch and after the crash, in runtime seconds"
          + " (default: ${DEFAULT-VALUE}).")
  long maxWaitSeconds;

  @Option(names = "--bench-pings", paramLabel = "P", defaultValue = "0",
      description = "Benchmark: just before and just after the lookups every peer pings P random peers one after"
          + " the other; the mean ping round-trip rate and the lookup hop rate as a share of it go to stderr"
          + " (default: ${DEFAULT-VALUE}, off).")
  int benchPings;

  @Option(names = "--jvms", paramLabel = "J", defaultValue = "1",
      description = "JVMs the ring spans: this one and J-1 child JVMs on this machine, one clustered Vert.x node"
          + " each; lookups and puts start in this JVM. Given explicitly, even --jvms 1 runs on a clustered"
          + " node (the in-JVM baseline of the same trial) (default: ${DEFAULT-VALUE}).")
  int jvms;

  @Option(names = "--kill-jvm", paramLabel = "K", defaultValue = "0",
      description = "With --jvms: SIGKILL child JVM K (1..J-1) after the keys are stored, wait for the repair and"
          + " count the keys lost (default: ${DEFAULT-VALUE}, none).")
  int killJvm;

  @Option(names = "--join-jvm-peers", paramLabel = "M", defaultValue = "0",
      description = "With --jvms: after the lookups, start one more child JVM whose M peers all join the running"
          + " ring at once, and report on stderr how long that took (default: ${DEFAULT-VALUE}, none).")
  int joinJvmPeers;

  @Option(names = "--child-heap-mb", paramLabel = "MB", defaultValue = "1024",
      description = "With --jvms: heap of each child JVM in MiB (default: ${DEFAULT-VALUE}).")
  int childHeapMb;

  @Mixin
  ClusterMixin cluster;

  @Option(names = "--json", description = "Print one JSON object instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    RingSettings settings;
    try {
      settings = RingSettings.builder(peers).runtime(runtime).idBits(idBits).successors(successors, replicas)
          .virtualNodes(virtualNodes).keys(keys).failFraction(failFraction).lookups(lookups).seed(seed)
          .periods(periods.stabilizeMs, periods.fixFingersMs, periods.stabilizeMaxMs, periods.fixFingersMaxMs)
          .maxWaitSeconds(maxWaitSeconds).benchPings(benchPings).waveGrowth(waveGrowth)
          .launch(launch).joinWindow(joinWindow).pushes(pushes).build();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Progress progress = Progress.lines(err, 2000);
    // an explicit --jvms 1 runs the same multi-JVM trial in one clustered JVM, the in-JVM baseline
    if (spec.commandLine().getParseResult().hasMatchedOption("--jvms") || killJvm != 0) {
      return runOverJvms(settings, progress, out);
    }
    progress.line("ring: %d peers on %s, %d-bit ids, seed %d", settings.peers(), settings.runtime(),
        settings.idBits(), settings.seed());
    RingTrial.Outcome outcome = new RingTrial(settings, progress).run();
    RingTrial.Rates r = outcome.rates();
    if (r.pingsPerSecond() != null) {
      err.printf(Locale.ROOT, "bench: %.0f lookups/s, %.0f lookup hops/s, %.0f ping round trips/s;"
          + " hops/s are %.1f%% of the ping rate%n", r.lookupsPerSecond(), r.hopsPerSecond(), r.pingsPerSecond(),
          r.pingsPerSecond() > 0 ? 100 * r.hopsPerSecond() / r.pingsPerSecond() : 0.0);
      err.flush();
    }
    String hint = overloadHint(settings, outcome.summary().lookups());
    if (hint != null) {
      err.println(hint);
      err.flush();
    }
    return print(outcome.summary(), out);
  }

  /**
   * A line for stderr when lookups went unanswered on Vert.x at fixed periods, the usual sign that
   * the peers' maintenance asks more of the cores than they deliver (docs/experiments/rings-at-scale.md,
   * "Overload"); null otherwise.
   */
  static String overloadHint(RingSettings settings, LookupStats lookups) {
    if (lookups == null || lookups.failed() == 0 || !settings.runtime().equals(Networks.VERTX) || settings.stabilizeMaxMs() != 0) {
      return null;
    }
    return String.format(Locale.ROOT, "ring: %d of %d lookups got no answer in time. %d peers at fixed %d ms periods"
        + " may ask more of this machine's cores than they deliver; adaptive periods (--stabilize-max, --fix-fingers-max)"
        + " or a longer --stabilize-ms free them (README, bloomchord ring)", lookups.failed(), lookups.total(),
        settings.peers(), settings.stabilizeMs());
  }

  /** Prints the summary as the table, or as one line of JSON with --json. */
  private int print(Summary summary, PrintWriter out) {
    if (json) {
      out.println(SummaryJson.compact(summary));
    } else {
      out.print(SummaryTable.render(summary));
    }
    out.flush();
    return 0;
  }

  private int runOverJvms(RingSettings settings, Progress progress, PrintWriter out) {
    if (!settings.runtime().equals(Networks.VERTX)) {
      throw new UsageException("--jvms runs on the vertx runtime, not '" + settings.runtime() + "'");
    }
    if (settings.failFraction() > 0 || settings.benchPings() > 0) {
      throw new UsageException("--jvms does not take --fail-fraction or --bench-pings (use --kill-jvm)");
    }
    if (settings.waveGrowth() != 2 || !RingSettings.JOINS.equals(settings.launch())) {
      throw new UsageException("--jvms launches in waves of joins that double the ring; it does not take"
          + " --wave-growth or --launch " + (RingSettings.JOINS.equals(settings.launch()) ? "placed or stream"
          : settings.launch()));
    }
    JvmRingTrial trial;
    try {
      // without a secret, a cluster of this run alone: two runs on one machine never merge
      ClusterOptions options = cluster.forOneRun();
      trial = new JvmRingTrial(settings, jvms, killJvm, childHeapMb, options, progress)
          .withJoiningJvm(joinJvmPeers);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    progress.line("ring: %d peers over %d JVMs, %d-bit ids, seed %d", settings.peers(), jvms, settings.idBits(),
        settings.seed());
    return print(trial.run(), out);
  }
}
