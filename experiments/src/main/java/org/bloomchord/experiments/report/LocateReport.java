package org.bloomchord.experiments.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.bloomchord.routing.location.cluster.LocateExperiment;
import org.bloomchord.routing.location.cluster.LocateSummary;
import org.bloomchord.routing.location.cluster.TrafficWindow;

/**
 * The output of a location measurement: the {@code locate} and {@code traffic} sections of
 * summary.json (names as in the design, scripts depend on them) as one JSON object, or a table for
 * people. Kept apart from the command so that it can move onto the shared summary model.
 */
public final class LocateReport {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private LocateReport() {
  }

  /** The JSON object: command, runtime, seed, locate, traffic. */
  public static ObjectNode json(String command, LocateExperiment e, LocateExperiment.Outcome o) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("command", command);
    root.put("runtime", e.runtime());
    root.put("seed", e.seed());
    LocateSummary s = o.locate();
    ObjectNode l = root.putObject("locate");
    l.put("total", s.total());
    l.put("found", s.found());
    l.put("local", s.local());
    l.put("probabilistic", s.probabilistic());
    l.put("fallback", s.fallback());
    l.put("notFound", s.notFound());
    l.put("falsePositives", s.falsePositives());
    l.put("withinDepth", s.withinDepth());
    l.put("withinDepthProbabilistic", s.withinDepthProbabilistic());
    ObjectNode hops = l.putObject("hops");
    hops.put("mean", s.hopsMean());
    hops.put("p50", s.hopsP50());
    hops.put("p99", s.hopsP99());
    l.putObject("stretch").put("mean", s.stretchMean());
    l.putObject("chordHops").put("mean", s.chordHopsMean());
    TrafficWindow t = o.traffic();
    ObjectNode tr = root.putObject("traffic");
    tr.put("messages", t.messages());
    tr.put("bytes", t.bytes());
    tr.put("bytesPerPeerPerSecond", t.selectedBytesPerPeerPerSecond());
    ObjectNode byType = tr.putObject("byType");
    for (Map.Entry<String, long[]> en : t.byType().entrySet()) {
      ObjectNode n = byType.putObject(en.getKey());
      n.put("messages", en.getValue()[0]);
      n.put("bytes", en.getValue()[1]);
    }
    return root;
  }

  /** Prints the JSON object (indented). */
  public static void printJson(PrintWriter out, ObjectNode json) {
    try {
      out.println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json));
    } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
      throw new IllegalStateException(ex);
    }
  }

  /** Prints the figures as tables. */
  public static void printTable(PrintWriter out, LocateExperiment e, LocateExperiment.Outcome o) {
    LocateSummary s = o.locate();
    out.printf(Locale.ROOT, "locate: %s, N=%d, O=%d, H=%d, d=%d, m=%d bits/level, k=%d, Q=%d, seed=%d%n",
        e.runtime(), e.peers(), e.objects(), e.holdersPerObject(), e.location().depth(),
        e.location().bitsPerLevel(), e.location().hashes(), e.queries(), e.seed());
    out.printf(Locale.ROOT, "ring stable: %s, filters settled: %s, runtime time: %.1f s%n", o.ringStable(),
        o.filtersSettled(), o.simulatedMs() / 1000.0);
    TextTable t = new TextTable("locate", "value", "meaning");
    t.row("total", s.total(), "locates run");
    t.row("found", s.found(), "a live holder returned");
    t.row("local", s.local(), "held by the querier");
    t.row("probabilistic", s.probabilistic(), "resolved along link filters");
    t.row("fallback", s.fallback(), "resolved by pointer lookup after a false positive or no match");
    t.row("notFound", s.notFound(), "no live holder");
    if (s.failed() > 0) {
      t.row("failed", s.failed(), "deterministic path failed");
    }
    t.row("falsePositives", s.falsePositives(), "false positives met");
    t.row("withinDepth", s.withinDepth(), "nearest holder 1..d hops away (oracle)");
    t.row("withinDepthProbabilistic", s.withinDepthProbabilistic(), "of them resolved probabilistically");
    t.row("withinDepth share", pct(s.withinDepthProbabilistic(), s.withinDepth()), "");
    t.row("hops.mean", num(s.hopsMean()), "found locates, all phases");
    t.row("hops.p50", num(s.hopsP50()), "");
    t.row("hops.p99", num(s.hopsP99()), "");
    t.row("stretch.mean", num(s.stretchMean()), "hops / oracle distance");
    t.row("chordHops.mean", num(s.chordHopsMean()), "same queries, pointer lookup + holder only");
    t.row("oracle distance (within d, prob.)", num(s.withinDepthDistanceMean()), "mean");
    t.row("hops (within d, prob.)", num(s.withinDepthHopsMean()), "mean, same locates");
    t.print(out);
    TrafficWindow w = o.traffic();
    out.printf(Locale.ROOT, "traffic: %d messages, %d bytes; filter maintenance %.1f bytes/peer/s%n",
        w.messages(), w.bytes(), w.selectedBytesPerPeerPerSecond());
    TextTable bt = new TextTable("type", "messages", "bytes");
    w.byType().forEach((type, c) -> bt.row(type, c[0], c[1]));
    bt.print(out);
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String pct(long a, long b) {
    return b == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * a / b);
  }
}
