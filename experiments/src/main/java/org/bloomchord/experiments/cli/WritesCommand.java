package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.SummaryTable;
import org.bloomchord.experiments.summary.WriteStats;
import org.bloomchord.experiments.writes.WriteTrial;
import org.bloomchord.routing.repair.RepairMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord writes}: the acknowledged-write checker ({@link WriteTrial}) on the simulator.
 * Prints the summary object with its {@code writes} section ({@code acknowledged}, {@code lost},
 * {@code resurrected}, {@code stale}, ...). Exit code 0 when nothing acknowledged was lost or
 * resurrected, 1 otherwise (after printing).
 */
@Command(
    name = "writes",
    mixinStandardHelpOptions = true,
    description = "Check every read of a put/delete/get workload under crash churn and message loss against the"
        + " log of acknowledged writes (simulator).")
public final class WritesCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--operations", required = true, paramLabel = "N", description = "Operations (1..10^7).")
  long operations;

  @Option(names = "--peers", paramLabel = "P", defaultValue = "64", description = "Ring size, 4..10000 (default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--keys", paramLabel = "K", defaultValue = "1000", description = "Key population (default: ${DEFAULT-VALUE}).")
  int keys;

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

  @Override
  public Integer call() throws Exception {
    RepairMode mode;
    try {
      mode = RepairMode.parse(repair);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--repair must be push or reconcile, got '" + repair + "'");
    }
    WriteTrial trial;
    try {
      trial = new WriteTrial(peers, operations, keys, loss, crashEveryMs, seed, mode, readQuorum);
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
}
