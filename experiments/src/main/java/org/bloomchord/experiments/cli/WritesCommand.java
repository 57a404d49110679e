package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.SummaryTable;
import org.bloomchord.experiments.summary.WriteStats;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.writes.SplitWriteOptions;
import org.bloomchord.experiments.writes.SplitWriteTrial;
import org.bloomchord.experiments.writes.Verdict;
import org.bloomchord.experiments.writes.WriteFate;
import org.bloomchord.experiments.writes.WriteTrial;
import org.bloomchord.routing.repair.RepairMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord writes}: the acknowledged-write checker ({@link WriteTrial}) on the simulator.
 * Prints the summary object with its {@code writes} section ({@code acknowledged}, {@code lost},
 * {@code resurrected}, {@code stale}, ...). Exit code 0 when nothing acknowledged was lost or
 * resurrected, 1 otherwise (after printing). With {@code --split}, concurrent clients on every side of a
 * split instead ({@link SplitWriteTrial}): the {@code writes} section gains {@code fates}, and the exit
 * code is 1 when an acknowledged write was lost.
 */
@Command(
    name = "writes",
    mixinStandardHelpOptions = true,
    description = "Check every read of a put/delete/get workload under crash churn and message loss against the"
        + " log of acknowledged writes (simulator).")
public final class WritesCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--operations", paramLabel = "N", description = "Operations (1..10^7).")
  long operations;

  @Option(names = "--peers", paramLabel = "P", defaultValue = "64", description = "Ring size, 4..10000 (default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--keys", paramLabel = "K",
      description = "Key population (default: 1000; 16 with --split, so that the sides write the same keys).")
  Integer keys;

  @Option(names = "--loss", paramLabel = "L", defaultValue = "0.02",
      description = "Message loss probability, 0..0.5 (default: ${DEFAULT-VALUE}).")
  double loss;

  @Option(names = "--crash-every-ms", paramLabel = "MS", defaultValue = "10000",
      description = "Simulated ms between crashes, each followed by a join (default: ${DEFAULT-VALUE}).")
  long crashEveryMs;

  @Option(names = "--repair", paramLabel = "M", defaultValue = "reconcile",
      description = "Replica repair: reconcile (digests both ways) or push (the primary range) (default: ${DEFAULT-VALUE}).")
  String repair;

  @Option(names = "--read-quorum", paramLabel = "Q", defaultValue = "1",
      description = "Replicas every get waits for, 1..3: the newest version among them answers and older copies are"
          + " repaired (default: ${DEFAULT-VALUE}, the primary first).")
  int readQuorum;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--split", paramLabel = "SIDES",
      description = "Run concurrent clients across a split instead: 2 (halves), 1+1+1 (thirds), any a+b+... of"
          + " whole parts, or shares such as 0.7,0.3; every acknowledged write is judged present, superseded or lost"
          + " after the merge (no crashes, no loss; --operations is ignored).")
  String split;

  @Option(names = "--split-for", paramLabel = "D", defaultValue = "1m",
      description = "With --split: how long the split lasts, 1s..24h (default: ${DEFAULT-VALUE}).")
  String splitFor;

  @Option(names = "--clients", paramLabel = "C", defaultValue = "3",
      description = "With --split: concurrent clients on each side (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(names = "--think-ms", paramLabel = "MS", defaultValue = "1000",
      description = "With --split: a client's mean pause between operations (default: ${DEFAULT-VALUE}).")
  long thinkMs;

  @Option(names = "--minority-refuses",
      description = "With --split: the peers refuse a put unless they are its key's primary in the neighbourhood they"
          + " last knew as stable and a write quorum of that neighbourhood's replicas holds it.")
  boolean minorityRefuses;

  @Option(names = "--refusal-expiry", paramLabel = "D", defaultValue = "2h",
      description = "With --minority-refuses: how long a neighbourhood lost to a crash or split is kept before the"
          + " current one is taken (default: ${DEFAULT-VALUE}).")
  String refusalExpiry;

  @Option(names = "--verdicts", description = "With --split: print every superseded or lost write and what replaced it, and every read that"
          + " missed a write of its own side.")
  boolean verdicts;

  @Override
  public Integer call() throws Exception {
    if (split != null) {
      return callSplit();
    }
    if (operations == 0) {
      throw new UsageException("--operations is required (unless --split is given)");
    }
    RepairMode mode;
    try {
      mode = RepairMode.parse(repair);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--repair must be push or reconcile, got '" + repair + "'");
    }
    WriteTrial trial;
    try {
      trial = new WriteTrial(peers, operations, keys == null ? 1000 : keys, loss, crashEveryMs, seed, mode, readQuorum);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Summary summary = trial.run();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(SummaryJson.pretty(List.of(summary)));
    } else {
      out.println("writes on sim, seed " + seed + ": " + operations + " operations, " + peers + " peers, loss " + loss
          + ", a crash every " + crashEveryMs + " ms, repair by " + repair + ", read quorum " + readQuorum);
      out.print(SummaryTable.render(summary));
    }
    out.flush();
    WriteStats w = summary.writes();
    boolean ok = w.lost() == 0 && w.resurrected() == 0;
    return ok ? 0 : BloomchordCli.EXIT_FAILURE;
  }

  /** {@code --split}: exit 0 when no acknowledged write was lost, 1 otherwise. */
  private Integer callSplit() {
    SplitWriteOptions options;
    try {
      options = SplitWriteOptions.defaults()
          .withPeers(peers)
          .withSplit(sides(split), DurationText.parse(splitFor).toMillis())
          .withClients(clients, keys == null ? SplitWriteOptions.defaults().keys() : keys, thinkMs, 0.5)
          .withReadQuorum(readQuorum)
          .withRefusal(minorityRefuses ? DurationText.parse(refusalExpiry).toMillis() : 0)
          .withSeed(seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().startsWith("--") ? e.getMessage() : "--split-for or --refusal-expiry: " + e.getMessage());
    }
    SplitWriteTrial trial = new SplitWriteTrial(options);
    Summary summary = trial.run();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(SummaryJson.pretty(List.of(summary)));
    } else {
      out.println("writes across a split on sim, seed " + seed + ": " + peers + " peers split " + options.shares()
          + " for " + splitFor + ", " + clients + " clients a side on " + options.keys() + " keys, read quorum "
          + readQuorum + (minorityRefuses ? ", minority refuses writes" : ""));
      out.print(SummaryTable.render(summary));
    }
    if (verdicts) {
      for (Verdict v : trial.judgement().verdicts()) {
        if (v.fate() != WriteFate.PRESENT) {
          out.println(v.describe());
        }
      }
      for (org.bloomchord.experiments.writes.Operation r : trial.judgement().ownSideMisses()) {
        out.println("missed a write of its own side: " + r.describe());
      }
    }
    out.flush();
    return summary.writes().fates().lost() == 0 ? 0 : BloomchordCli.EXIT_FAILURE;
  }

  /** {@code 2}, {@code 1+1+1}, {@code 2+1} or {@code 0.7,0.3} as shares. */
  static List<Double> sides(String text) {
    String t = text.strip();
    try {
      if (t.contains(",")) {
        return java.util.Arrays.stream(t.split(",")).map(String::strip).map(Double::parseDouble).toList();
      }
      if (t.contains("+")) {
        List<Integer> parts = java.util.Arrays.stream(t.split("\\+")).map(String::strip).map(Integer::parseInt).toList();
        double sum = parts.stream().mapToInt(Integer::intValue).sum();
        return parts.stream().map(p -> p / sum).toList();
      }
      int k = Integer.parseInt(t);
      if (k < 2 || k > 16) {
        throw new UsageException("--split must name 2..16 sides, got '" + text + "'");
      }
      return java.util.Collections.nCopies(k, 1.0 / k);
    } catch (NumberFormatException e) {
      throw new UsageException("--split must be a number of sides (2), parts (1+1+1) or shares (0.7,0.3), got '"
          + text + "'");
    }
  }
}
