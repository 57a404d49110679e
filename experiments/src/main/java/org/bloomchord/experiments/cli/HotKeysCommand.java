package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.hotkeys.HotKeyPlots;
import org.bloomchord.experiments.hotkeys.HotKeyTrial;
import org.bloomchord.experiments.hotkeys.HotKeysTable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord hot-keys}: runs {@link HotKeyTrial} on the simulator for each threshold and
 * seed and prints one markdown table row per run (served load per peer, max over mean, and reads
 * that missed a put acknowledged before they started); with {@code --plot DIR} also the charts of
 * {@link HotKeyPlots}; with {@code --json} one JSON line per run instead of the table, from which
 * {@link HotKeysTable} writes the same table.
 */
@Command(
    name = "hot-keys",
    mixinStandardHelpOptions = true,
    description = "Measure hot-key relief (leased copies on lookup paths) under a Zipf workload on the simulator.")
public final class HotKeysCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", defaultValue = "1000", description = "Peers (default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--keys", defaultValue = "2000", description = "Keys (default: ${DEFAULT-VALUE}).")
  int keys;

  @Option(names = "--zipf", defaultValue = "1.0", description = "Zipf exponent of key popularity (default: ${DEFAULT-VALUE}).")
  double zipf;

  @Option(names = "--thresholds", split = ",", defaultValue = "0,2",
      description = "Gets per second at which an owner leases a key; 0 is no relief (default: ${DEFAULT-VALUE}).")
  List<Long> thresholds;

  @Option(names = "--lease", defaultValue = "10000", description = "Lease in ms (default: ${DEFAULT-VALUE}).")
  long leaseMs;

  @Option(names = "--budgets", split = ",", defaultValue = "2",
      description = "Answers per second a peer gives other peers from a leased key before it hands gets to its lease"
          + " holders; 0 is no budget (default: ${DEFAULT-VALUE}).")
  List<Long> budgets;

  @Option(names = "--rate", defaultValue = "1", description = "Reads per peer per second (default: ${DEFAULT-VALUE}).")
  double rate;

  @Option(names = "--put-share", defaultValue = "0.01", description = "Share of operations that are puts (default: ${DEFAULT-VALUE}).")
  double putShare;

  @Option(names = "--seconds", defaultValue = "30", description = "Simulated seconds of workload (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(names = "--seeds", split = ",", defaultValue = "1", description = "Seeds (default: ${DEFAULT-VALUE}).")
  List<Long> seeds;

  @Option(names = "--plot", paramLabel = "DIR",
      description = "Also write PNG and SVG charts into DIR: gets served per peer, busiest first, for each setting"
          + " (relief off among them, and again without it), and with two or more thresholds the busiest peer's"
          + " served gets over the mean against the threshold.")
  Path plot;

  @Option(names = "--json", description = "Print one JSON line per run (its settings and figures) instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    if (peers < 2 || peers > 20_000) {
      throw new UsageException("--peers must be in 2..20000, got " + peers);
    }
    if (keys < 1 || keys > 1_000_000) {
      throw new UsageException("--keys must be in 1..1000000, got " + keys);
    }
    if (!(zipf >= 0 && zipf <= 5)) {
      throw new UsageException("--zipf must be in [0, 5], got " + zipf);
    }
    if (thresholds.stream().anyMatch(t -> t < 0)) {
      throw new UsageException("--thresholds must be 0 (off) or positive, got " + thresholds);
    }
    if (budgets.stream().anyMatch(b -> b < 0 || b > 1_000_000)) {
      throw new UsageException("--budgets must be 0 (none) or in 1..1000000, got " + budgets);
    }
    if (leaseMs < 1 || leaseMs > 3_600_000) {
      throw new UsageException("--lease must be in 1..3600000 ms, got " + leaseMs);
    }
    if (!(rate > 0 && rate <= 100)) {
      throw new UsageException("--rate must be in (0, 100], got " + rate);
    }
    if (!(putShare >= 0 && putShare <= 1)) {
      throw new UsageException("--put-share must be in [0, 1], got " + putShare);
    }
    if (seconds < 1 || seconds > 3600) {
      throw new UsageException("--seconds must be in 1..3600, got " + seconds);
    }
    if (plot != null) {
      try {
        Files.createDirectories(plot);
      } catch (IOException e) {
        throw new UsageException("--plot " + plot + " cannot be created: " + e.getMessage());
      }
    }
    List<HotKeyTrial.Result> results = new ArrayList<>();
    PrintWriter out = spec.commandLine().getOut();
    if (!json) {
      out.print(HotKeysTable.HEAD);
    }
    for (long t : thresholds) {
      for (long b : t == 0 ? List.of(0L) : budgets) {
        for (long seed : seeds) {
          HotKeyTrial.Result r = HotKeyTrial.builder().peers(peers).keys(keys).zipf(zipf).threshold(t)
              .leaseMs(leaseMs).budget(b).readsPerPeerPerSecond(rate).putShare(putShare).seconds(seconds).seed(seed)
              .build().run();
          results.add(r);
          JsonNode run = HotKeysTable.json(r);
          out.println(json ? run.toString() : HotKeysTable.line(run));
          out.flush();
        }
      }
    }
    if (plot != null) {
      for (Path f : HotKeyPlots.write(results, plot)) {
        spec.commandLine().getErr().println("plot: " + f);
      }
    }
    return 0;
  }
}
