package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.fuzz.FuzzReport;
import org.bloomchord.experiments.fuzz.WireFuzzer;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.routing.location.LocationConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord fuzz}: decodes mutated frames of every message type of every wire registry
 * (Chord, location, reconciliation, repair) as a peer with default settings would, and reports how
 * each ended. Exit code 0 when every frame was either rejected as malformed or decoded to a message
 * that round-trips; 1 when a decoder threw anything else or a decoded message did not round-trip
 * (the report is printed first, with examples).
 */
@Command(
    name = "fuzz",
    mixinStandardHelpOptions = true,
    description = "Decode mutated wire frames of every message type and count how each ended.")
public final class FuzzCommand implements Callable<Integer> {

  /** Most frames one run accepts. */
  static final long MAX_FRAMES = 1_000_000_000L;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--frames", required = true, paramLabel = "N", description = "Mutated frames to decode (1..10^9).")
  long frames;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (frames < 1 || frames > MAX_FRAMES) {
      throw new UsageException("--frames must be in 1.." + MAX_FRAMES + ", got " + frames);
    }
    FuzzReport report = new WireFuzzer(ChordConfig.defaults(), LocationConfig.defaults(), seed).run(frames, seed);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(SummaryJson.pretty(List.of(report.summary(seed))));
    } else {
      TextTable table = new TextTable("frames", "rejected", "decoded", "roundTripFailures", "unexpected",
          "maxAllocatedBytesPerFrameByte");
      Double ratio = report.maxAllocatedBytesPerFrameByte();
      table.row(report.frames(), report.rejected(), report.decoded(), report.roundTripFailures(), report.unexpected(),
          ratio == null ? "-" : String.format(Locale.ROOT, "%.1f", ratio));
      out.println("fuzz of " + report.corpusFrames() + " corpus frames (every message type), seed " + seed);
      table.print(out);
      if (report.largestAllocation() != null) {
        out.println("largest allocation per frame byte: " + report.largestAllocation());
      }
      report.examples().forEach(e -> out.println("  " + e));
    }
    out.flush();
    return report.unexpected() == 0 && report.roundTripFailures() == 0 ? 0 : BloomchordCli.EXIT_FAILURE;
  }
}
