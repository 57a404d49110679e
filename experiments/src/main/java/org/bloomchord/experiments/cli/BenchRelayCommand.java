package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.bench.RelayBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord bench relay}: workload W on the simulator (N peers, 4 hops each in flight,
 * uniform [10, 100] ms delays, hops delivered before T counted), the workload PeerSim's
 * event-driven engine is compared on. The JSON keys are a contract: peers, untilMs, delivered,
 * loopSeconds, messagesPerSecond, heapBytesPerPeer; the others may grow.
 */
@Command(
    name = "relay",
    mixinStandardHelpOptions = true,
    description = "Run workload W (every peer relays each hop it receives to a random peer) on the simulator and time it.")
public final class BenchRelayCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", required = true, paramLabel = "N", description = "Peers (1..100000000).")
  long peers;

  @Option(names = "--until-ms", required = true, paramLabel = "T",
      description = "Simulated milliseconds; hops delivered before T count (positive).")
  long untilMs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Network seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--skip-heap",
      description = "Skip the full collections that measure heapBytesPerPeer (reported as -1), for whole-process timings.")
  boolean skipHeap;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  /** Most peers accepted: the peer list and the simulator's tables are arrays. */
  static final long MAX_PEERS = 100_000_000;

  @Override
  public Integer call() throws Exception {
    if (peers < 1 || peers > MAX_PEERS) {
      throw new UsageException("--peers must be in 1.." + MAX_PEERS + ", got " + peers);
    }
    if (untilMs < 1) {
      throw new UsageException("--until-ms must be positive, got " + untilMs);
    }
    RelayBench.Result r = RelayBench.run((int) peers, untilMs, seed, !skipHeap);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("command", "bench relay");
    result.put("runtime", "sim");
    result.put("peers", r.peers());
    result.put("untilMs", r.untilMs());
    result.put("seed", r.seed());
    result.put("delivered", r.delivered());
    result.put("hopSum", r.hopSum());
    result.put("messagesSent", r.messagesSent());
    result.put("bytesSent", r.bytesSent());
    result.put("launchSeconds", r.launchSeconds());
    result.put("loopSeconds", r.loopSeconds());
    result.put("loopCpuSeconds", r.loopCpuSeconds());
    result.put("messagesPerSecond", r.messagesPerSecond());
    result.put("heapBytesPerPeer", r.heapBytesPerPeer());
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, result);
    } else {
      TextTable table = new TextTable("quantity", "value");
      for (Map.Entry<String, Object> e : result.entrySet()) {
        Object v = e.getValue();
        table.row(e.getKey(), v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : String.valueOf(v));
      }
      table.print(out);
    }
    out.flush();
    return 0;
  }
}
