package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.bench.RelayBench;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.PlotWriter;
import org.bloomchord.experiments.report.Series;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.ring.RingPhases;
import org.bloomchord.experiments.ring.RingSettings;
import org.bloomchord.experiments.ring.RingTrial;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord bench ring}: the cost of a simulated Chord ring against its size. For each N
 * (default 10^3, 10^4, 10^5, 10^6) it runs the {@code ring} command's trial on the simulator with
 * the default launch (every peer joins by the protocol, in waves), then workload W at the same N in
 * the same JVM, and prints one row per N: wall time, events, events per wall second, heap per
 * peer, messages per join (every message from the first join until the ring is stable, divided by
 * N), events per peer, where the wall time went (joins, stabilization, finger repair, the rest),
 * and the ring's events per second as a share of W's deliveries per second of loop time; then the
 * same rate and share over the simulation alone: the trial's wall time less its two heap readings
 * (full collections that measure the heap and run no event).
 *
 * <p>Each size's row goes to the progress stream as soon as it is measured, and the plots are redrawn
 * with the rows so far, so a long run that is stopped keeps what it measured.
 *
 * <p>W runs for {@code ceil(W_EVENTS / (4N / 55))} simulated ms, about {@link #W_EVENTS} deliveries
 * at every N (4 hops per peer in flight, mean delay 55 ms), so its rate is measured over the same
 * amount of work at every size. The JSON keys are a contract: peers, wallSeconds, events,
 * eventsPerSecond, heapBytesPerPeer, messagesPerJoin, relayMessagesPerSecond, ratioToRelay; the
 * others may grow.
 */
@Command(
    name = "ring",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
        "Run the ring command's trial on the simulator at several sizes (peers launched by joins), then workload W"
            + " at each size, and print the cost against the size: wall time, events, events/s, heap per peer,"
            + " messages per join, where the time went, and the ring's events/s as a share of W's, over the whole trial and"
            + " over the simulation alone (without the heap readings)."})
public final class BenchRingCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Deliveries workload W runs at every size (about). */
  static final long W_EVENTS = 20_000_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", split = ",", paramLabel = "N[,N...]", defaultValue = "1000,10000,100000,1000000",
      description = "Ring sizes, comma-separated, each 2..." + RingSettings.MAX_PEERS + " (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--keys", paramLabel = "K", defaultValue = "10000",
      description = "Keys stored in each ring once it is stable (default: ${DEFAULT-VALUE}).")
  int keys;

  @Option(names = "--lookups", paramLabel = "L", defaultValue = "100000",
      description = "Lookups in each ring, judged by the oracle (default: ${DEFAULT-VALUE}).")
  int lookups;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "13", description = "Seed of every run (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--skip-relay", description = "Do not run workload W (no ratio is printed).")
  boolean skipRelay;

  @Option(names = "--plot", paramLabel = "DIR",
      description = "Also draw the cost per peer and the event rates against N, as PNG and SVG files in DIR.")
  Path plotDir;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Also write each ring's summary (the ring command's JSON) to DIR/ring-N.json.")
  Path outDir;

  @Option(names = "--json", description = "Print one JSON array of rows instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    checkSizes(sizes, RingSettings.MAX_PEERS);
    if (keys < 0 || lookups < 0) {
      throw new UsageException("--keys and --lookups must be >= 0, got " + keys + " and " + lookups);
    }
    createDirectory("--out", outDir);
    createDirectory("--plot", plotDir);
    PrintWriter out = spec.commandLine().getOut();
    Progress progress = Progress.lines(spec.commandLine().getErr(), 10_000);
    List<BenchRingRow> rows = new ArrayList<>();
    for (int n : sizes) {
      rows.add(measure(n, progress));
      // each size's row and the plots so far are out before the next, longer size starts
      progress.line("bench ring: row %s", JSON.convertValue(rows.get(rows.size() - 1), Map.class));
      if (plotDir != null) {
        plot(rows);
      }
    }
    if (json) {
      JsonOutput.print(out, rows);
    } else {
      table(rows).print(out);
    }
    out.flush();
    return 0;
  }

  private BenchRingRow measure(int n, Progress progress) {
    RingSettings settings;
    try {
      settings = RingSettings.builder(n).runtime("sim").keys(keys).lookups(lookups).seed(seed).build();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    progress.line("bench ring: %d peers by joins, seed %d", n, seed);
    RingTrial.Outcome outcome = new RingTrial(settings, progress).run();
    Summary s = outcome.summary();
    if (outDir != null) {
      SummaryJson.write(s, outDir.resolve("ring-" + n + ".json"));
    }
    double wall = s.resources().wallSeconds();
    double eventsPerSecond = s.resources().eventsPerSecond();
    long events = Math.round(eventsPerSecond * wall);
    long toStable = 0;
    double joins = 0;
    double stabilization = 0;
    double fingers = 0;
    double heapReading = outcome.heapBaselineSeconds();
    for (RingPhases.Phase p : outcome.phases()) {
      switch (p.name()) {
        case "joins" -> {
          joins = p.wallSeconds();
          toStable += p.messages();
        }
        case "stabilization" -> {
          stabilization = p.wallSeconds();
          toStable += p.messages();
        }
        case "finger repair" -> fingers = p.wallSeconds();
        case "heap reading" -> heapReading += p.wallSeconds();
        default -> { }
      }
    }
    BenchRingRow.Cost cost = new BenchRingRow.Cost(n, wall, events, eventsPerSecond, s.resources().heapBytesPerPeer(),
        (double) toStable / n, (double) events / n);
    BenchRingRow.Phases phases = new BenchRingRow.Phases(joins, stabilization, fingers, wall - joins - stabilization - fingers,
        heapReading);
    double simulationSeconds = wall - heapReading;
    double simulationRate = events / simulationSeconds;
    BenchRingRow.Relay relay = null;
    if (!skipRelay) {
      long untilMs = Math.max(100, (long) Math.ceil(W_EVENTS / (RelayBench.HOPS_PER_PEER * n / 55.0)));
      progress.line("bench ring: workload W at %d peers for %d simulated ms", n, untilMs);
      RelayBench.Result w = RelayBench.run(n, untilMs, seed, false);
      relay = new BenchRingRow.Relay(untilMs, w.messagesPerSecond(), eventsPerSecond / w.messagesPerSecond());
    }
    BenchRingRow.Simulation simulation = new BenchRingRow.Simulation(simulationSeconds, simulationRate,
        relay == null ? null : simulationRate / relay.relayMessagesPerSecond());
    return new BenchRingRow(cost, phases, s.ring().stable(), s.lookups() == null ? 0 : s.lookups().correct(), relay,
        simulation);
  }

  /** Checks a {@code --peers} list of ring sizes: at least one, each in 2..{@code max}. */
  static void checkSizes(List<Integer> sizes, int max) {
    if (sizes.isEmpty()) {
      throw new UsageException("--peers needs at least one size");
    }
    for (int n : sizes) {
      if (n < 2 || n > max) {
        throw new UsageException("--peers: each size must be in 2.." + max + ", got " + n);
      }
    }
  }

  private static void createDirectory(String option, Path dir) {
    if (dir == null) {
      return;
    }
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new UsageException(option + ": cannot create directory " + dir + ": " + e.getMessage());
    }
  }

  private static TextTable table(List<BenchRingRow> rows) {
    TextTable t = TextTable.of(List.of("peers", "wall s", "events", "events/s", "heap B/peer", "msgs/join",
        "events/peer", "joins s", "stabilize s", "fingers s", "other s", "heap reading s", "W msgs/s", "ring/W",
        "sim events/s", "sim ring/W"));
    for (BenchRingRow r : rows) {
      BenchRingRow.Cost c = r.cost();
      BenchRingRow.Phases p = r.phases();
      BenchRingRow.Relay w = r.relay();
      t.row(c.peers(), f("%.1f", c.wallSeconds()), c.events(), f("%.0f", c.eventsPerSecond()),
          f("%.0f", c.heapBytesPerPeer()), f("%.1f", c.messagesPerJoin()), f("%.1f", c.eventsPerPeer()),
          f("%.1f", p.joinsSeconds()), f("%.1f", p.stabilizationSeconds()), f("%.1f", p.fingerRepairSeconds()),
          f("%.1f", p.otherSeconds()), f("%.1f", p.heapReadingSeconds()),
          f("%.0f", w == null ? null : w.relayMessagesPerSecond()), f("%.3f", w == null ? null : w.ratioToRelay()),
          f("%.0f", r.simulation().simulationEventsPerSecond()), f("%.3f", r.simulation().simulationRatioToRelay()));
    }
    return t;
  }

  private static String f(String format, Object v) {
    return v == null ? "-" : String.format(Locale.ROOT, format, v);
  }

  private void plot(List<BenchRingRow> rows) {
    int k = rows.size();
    double[] n = new double[k];
    double[] perJoin = new double[k];
    double[] perPeer = new double[k];
    double[] wallPerPeer = new double[k];
    double[] log = new double[k];
    double[] ring = new double[k];
    double[] relay = new double[k];
    for (int i = 0; i < k; i++) {
      BenchRingRow.Cost c = rows.get(i).cost();
      n[i] = c.peers();
      perJoin[i] = c.messagesPerJoin();
      perPeer[i] = c.eventsPerPeer();
      wallPerPeer[i] = 1e6 * c.wallSeconds() / n[i];
      log[i] = 10 * Math.log(n[i]) / Math.log(2);
      ring[i] = c.eventsPerSecond();
      relay[i] = rows.get(i).relay() == null ? 0 : rows.get(i).relay().relayMessagesPerSecond();
    }
    PlotWriter.write(new LineChart("Simulated Chord ring by joins: cost per peer against N", "peers (N)",
        "per peer", List.of(Series.measured("messages per join", n, perJoin),
            Series.measured("events per peer / 10", n, scale(perPeer, 0.1)),
            Series.measured("wall microseconds per peer / 10", n, scale(wallPerPeer, 0.1)),
            Series.measured("10 log2 N (reference)", n, log)), true), plotDir, "bench-ring-cost");
    List<Series> rates = new ArrayList<>();
    rates.add(Series.measured("ring events per wall second", n, ring));
    if (!skipRelay) {
      rates.add(Series.measured("workload W deliveries per loop second", n, relay));
    }
    PlotWriter.write(new LineChart("Simulator events per second: Chord ring against workload W", "peers (N)",
        "events per second", rates, true), plotDir, "bench-ring-rates");
  }

  private static double[] scale(double[] v, double by) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] * by;
    }
    return out;
  }
}
