package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.report.tables.IdleRingTable;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.routing.location.cluster.IdleRing;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord bench idle}: what an idle ring costs at the node's default ceilings
 * ({@link IdleRing}), at several sizes, in messages per peer per second by kind. A count on the
 * simulator, not a timing: the same sizes and seed give the same figures on every machine. The
 * JSON keys are a contract: peers, seed, keys, linksPerPeer, belowCeiling, windowMs,
 * messagesPerPeerPerSecond, schedule, lookupTraffic, converged, perType; the others may grow.
 */
@Command(
    name = "idle",
    mixinStandardHelpOptions = true,
    description = {"Launch an idle ring at the node's default ceilings (Chord, location with no object, reconciling"
        + " repair with 3 keys per peer) on the simulator at each size, let every interval reach its ceiling, and"
        + " count the messages per peer per second of two summary-pull ceilings, by kind."})
public final class BenchIdleCommand implements Callable<Integer> {

  /** The largest ring accepted: each size is a whole simulated ring idling for 8 simulated hours. */
  static final int MAX_PEERS = 100_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", split = ",", paramLabel = "N[,N...]", defaultValue = "500,2000,10000",
      description = "Ring sizes, comma-separated, each 2.." + MAX_PEERS + " (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "43", description = "Seed of every ring (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON array of rows instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    BenchRingCommand.checkSizes(sizes, MAX_PEERS);
    Progress progress = Progress.lines(spec.commandLine().getErr(), 10_000);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int n : sizes) {
      progress.line("bench idle: %d peers, seed %d", n, seed);
      rows.add(row(IdleRing.measure(n, seed)));
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, rows);
    } else {
      com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
      out.print(IdleRingTable.markdown(rows.stream().<com.fasterxml.jackson.databind.JsonNode>map(mapper::valueToTree).toList()));
    }
    out.flush();
    return 0;
  }

  private static Map<String, Object> row(IdleRing.Result r) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("command", "bench idle");
    row.put("peers", r.peers());
    row.put("seed", r.seed());
    row.put("keys", r.keys());
    row.put("linksPerPeer", r.linksPerPeer());
    row.put("belowCeiling", r.belowCeiling());
    row.put("windowMs", r.windowMs());
    row.put("messagesPerPeerPerSecond", r.messagesPerPeerPerSecond());
    row.put("schedule", r.schedule());
    row.put("lookupTraffic", r.lookupTraffic());
    row.put("converged", r.converged());
    row.put("perType", r.perType());
    return row;
  }
}
