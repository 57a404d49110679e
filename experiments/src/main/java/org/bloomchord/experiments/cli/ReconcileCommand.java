package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.reconcile.ReconcileTrial;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.routing.reconcile.CodedSymbols;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.ReconcileOptions;
import org.bloomchord.routing.reconcile.StreamOptions;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.ReconcilePeer;
import org.bloomchord.routing.reconcile.ReconcileWire;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord reconcile}: two peers with sets of N elements that differ by D reconcile over a
 * runtime; one row (JSON: one object) per value of {@code --diff}, each with the summary.json
 * {@code reconcile} section (method, size, diff, bytes, bytesPerDiff, rounds, exact, missed, then
 * encodeMs, decodeMs and more; for riblt, {@code rateless} names the exchange, stream or batched).
 */
@Command(
    name = "reconcile",
    mixinStandardHelpOptions = true,
    description = "Reconcile the sets of two peers over a runtime and measure bytes, rounds and time.")
public final class ReconcileCommand implements Callable<Integer> {

  /** Largest --size accepted. */
  static final int MAX_SIZE = 20_000_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--size", required = true, paramLabel = "N", description = "Elements at the initiator (1..20000000).")
  int size;

  @Option(names = "--diff", required = true, paramLabel = "D[,D...]",
      description = "Differing elements, split between both sides (0..2N); a comma-separated list runs one row each.")
  String diff;

  @Option(names = "--method", paramLabel = "M", defaultValue = "riblt",
      description = "bloom, set, iblt, riblt or auto (default: ${DEFAULT-VALUE}).")
  String method;

  @Option(names = "--element-bytes", paramLabel = "E", defaultValue = "8",
      description = "Element size in bytes, 8..1024 (default: ${DEFAULT-VALUE}).")
  int elementBytes;

  @Option(names = "--runtime", paramLabel = "R", defaultValue = "vertx",
      description = "vertx or sim (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--rateless", paramLabel = "MODE", defaultValue = "stream",
      description = "How riblt exchanges symbols: stream (two flights, the responder decodes) or batched "
          + "(one round trip per batch of the responder's symbols) (default: ${DEFAULT-VALUE}).")
  String rateless;

  @Option(names = "--first-flight", paramLabel = "F", defaultValue = "1",
      description = "Symbols of the first streamed flight, 1..1048576 (default: ${DEFAULT-VALUE}).")
  int firstFlight;

  @Option(names = "--probe", paramLabel = "P", defaultValue = "15",
      description = "Symbol counts the initiator sends with the first flight for the estimate, 0..65536 "
          + "(default: ${DEFAULT-VALUE}).")
  int probe;

  @Option(names = "--reply-probe", paramLabel = "P", defaultValue = "4096",
      description = "Most symbol counts the responder returns when the first flight did not decode, sized from "
          + "its rough estimate, 0..65536 (default: ${DEFAULT-VALUE}).")
  int replyProbe;

  @Option(names = "--json", description = "Print JSON (one object, or an array for several --diff values).")
  boolean json;

  @Override
  public Integer call() throws Exception {
    ReconcileMethod m = parseMethod();
    if (size < 1 || size > MAX_SIZE) {
      throw new UsageException("--size must be in 1.." + MAX_SIZE + ", got " + size);
    }
    if (elementBytes < ElementShape.MIN_BYTES || elementBytes > ElementShape.MAX_BYTES) {
      throw new UsageException("--element-bytes must be in " + ElementShape.MIN_BYTES + ".." + ElementShape.MAX_BYTES
          + ", got " + elementBytes);
    }
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
    List<Integer> diffs = parseDiffs();
    ReconcileOptions options = options();
    ElementShape shape = new ElementShape(elementBytes);
    List<ReconcileTrial> trials = new ArrayList<>();
    try (Network<ReconcilePeer> network = Networks.create(runtime, NetworkOptions.defaults().withSeed(seed),
        ReconcileWire.registry())) {
      int row = 0;
      for (int d : diffs) {
        trials.add(ReconcileTrial.run(network, m, size, d, shape, seed, Integer.toString(row++), options));
      }
    }
    print(trials);
    return 0;
  }

  private ReconcileOptions options() {
    StreamOptions.Mode mode = switch (rateless) {
      case "stream" -> StreamOptions.Mode.STREAM;
      case "batched" -> StreamOptions.Mode.BATCHED;
      default -> throw new UsageException("--rateless must be stream or batched, got '" + rateless + "'");
    };
    if (firstFlight < 1 || firstFlight > CodedSymbols.MAX_RUN) {
      throw new UsageException("--first-flight must be in 1.." + CodedSymbols.MAX_RUN + ", got " + firstFlight);
    }
    if (probe < 0 || probe > 65536) {
      throw new UsageException("--probe must be in 0..65536, got " + probe);
    }
    if (replyProbe < 0 || replyProbe > 65536) {
      throw new UsageException("--reply-probe must be in 0..65536, got " + replyProbe);
    }
    ReconcileOptions o = ReconcileOptions.defaults();
    return o.withStream(o.stream().withMode(mode).withFirstFlight(firstFlight).withProbe(probe)
        .withReplyProbe(replyProbe));
  }

  private ReconcileMethod parseMethod() {
    try {
      return ReconcileMethod.parse(method);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--method must be bloom, set, iblt, riblt or auto, got '" + method + "'");
    }
  }

  private List<Integer> parseDiffs() {
    List<Integer> out = new ArrayList<>();
    for (String part : diff.split(",", -1)) {
      long d;
      try {
        d = Long.parseLong(part.trim());
      } catch (NumberFormatException e) {
        throw new UsageException("--diff must be a number or a comma-separated list of numbers, got '" + diff + "'");
      }
      if (d < 0 || d > 2L * size) {
        throw new UsageException("--diff values must be in 0..2N = 0.." + 2L * size + ", got " + d);
      }
      out.add((int) d);
    }
    return out;
  }

  private void print(List<ReconcileTrial> trials) {
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      String exchange = trials.get(0).method() == ReconcileMethod.RIBLT ? rateless : null;
      out.println(SummaryJson.pretty(trials.stream().map(t -> t.summary(runtime, seed, exchange)).toList()));
    } else {
      TextTable table = TextTable.of(List.of("method", "size", "diff", "E", "bytes", "bytesPerDiff", "xMinimum",
          "rounds", "exact", "missed", "encodeMs", "decodeMs"));
      for (ReconcileTrial t : trials) {
        String name = t.method() == t.result().method() ? t.method().wireName()
            : t.method().wireName() + "->" + t.result().method().wireName();
        table.row(name, t.size(), t.diff(), t.elementBytes(), t.result().bytes(), number(t.bytesPerDiff()),
            t.diff() == 0 ? "-" : number((double) t.result().bytes() / t.minimumBytes()), t.result().rounds(),
            t.exact(), t.missed(), number(t.encodeMs()), number(t.decodeMs()));
      }
      out.println("reconcile on " + runtime + ", seed " + seed + " (bytes: encoded frames both ways; "
          + "xMinimum: bytes / (diff * E))");
      table.print(out);
    }
    out.flush();
  }

  private static String number(Double v) {
    if (v == null) {
      return "-";
    }
    return String.format(Locale.ROOT, v >= 100 ? "%.1f" : "%.2f", v);
  }
}
