package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.locate.LocateTrial;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.SummaryTable;
import org.bloomchord.overlay.Networks;
import org.bloomchord.routing.location.LocationConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord locate}: launches a ring with the location layer, publishes O objects at H
 * random peers each, lets the link filters settle, runs Q locates from random peers and prints the
 * {@code locate} and {@code traffic} sections of the shared {@link Summary} (a table, or one JSON
 * object with --json). Here {@code traffic.bytesPerPeerPerSecond} is the filter maintenance alone
 * (summary requests and replies) per peer per second, and {@code locate.chordHops} the hops of the
 * same queries resolved by the pointer lookup alone; every published object has live holders, so
 * {@code locate.noLiveHolder} is 0.
 */
@Command(
    name = "locate",
    mixinStandardHelpOptions = true,
    description = "Measure nearby-object location with attenuated Bloom filters and the Chord fallback.")
public final class LocateCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", required = true, paramLabel = "N", description = "Peers on the ring (at least 1).")
  int peers;

  @Option(names = "--objects", required = true, paramLabel = "O", description = "Objects published (at least 1).")
  int objects;

  @Option(names = "--holders-per-object", required = true, paramLabel = "H",
      description = "Distinct random peers holding each object, 1..N.")
  int holders;

  @Option(names = "--depth", required = true, paramLabel = "D",
      description = "Levels of each link's attenuated filter, 1.." + LocationConfig.MAX_DEPTH + ".")
  int depth;

  @Option(names = "--bits-per-level", required = true, paramLabel = "W",
      description = "Bits of each filter level, " + LocationConfig.MIN_BITS + ".." + LocationConfig.MAX_BITS + ".")
  int bits;

  @Option(names = "--hashes", paramLabel = "K", defaultValue = "3",
      description = "Probes per object in every filter level, 1..16 (default: ${DEFAULT-VALUE}).")
  int hashes;

  @Option(names = "--queries", paramLabel = "Q", defaultValue = "1000",
      description = "Locates run from random peers for random objects (default: ${DEFAULT-VALUE}).")
  int queries;

  @Option(names = "--runtime", paramLabel = "vertx|sim", defaultValue = Networks.VERTX,
      description = "Runtime: vertx (real time) or sim (deterministic simulator) (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object instead of tables.")
  boolean json;

  @Override
  public Integer call() {
    if (peers < 1) {
      throw new UsageException("--peers must be at least 1, got " + peers);
    }
    if (objects < 1) {
      throw new UsageException("--objects must be at least 1, got " + objects);
    }
    if (holders < 1 || holders > peers) {
      throw new UsageException("--holders-per-object must be in 1..--peers (" + peers + "), got " + holders);
    }
    if (depth < 1 || depth > LocationConfig.MAX_DEPTH) {
      throw new UsageException("--depth must be in 1.." + LocationConfig.MAX_DEPTH + ", got " + depth);
    }
    if (bits < LocationConfig.MIN_BITS || bits > LocationConfig.MAX_BITS) {
      throw new UsageException("--bits-per-level must be in " + LocationConfig.MIN_BITS + ".."
          + LocationConfig.MAX_BITS + ", got " + bits);
    }
    if (hashes < 1 || hashes > 16) {
      throw new UsageException("--hashes must be in 1..16, got " + hashes);
    }
    if (queries < 1) {
      throw new UsageException("--queries must be at least 1, got " + queries);
    }
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
    LocateTrial e = new LocateTrial(runtime, peers, objects, holders, queries, seed,
        ChordConfig.defaults(), LocationConfig.defaults().withFilters(depth, bits).withHashes(hashes));
    LocateTrial.Outcome o = e.run();
    PrintWriter out = spec.commandLine().getOut();
    Summary summary = e.summary(o);
    if (json) {
      Map<String, Object> setting = new LinkedHashMap<>();
      setting.put("peers", e.peers());
      setting.put("objects", e.objects());
      setting.put("holdersPerObject", e.holdersPerObject());
      setting.put("depth", e.location().depth());
      setting.put("bitsPerLevel", e.location().bitsPerLevel());
      setting.put("hashes", e.location().hashes());
      setting.put("queries", e.queries());
      out.println(SummaryJson.pretty(summary.withFields(Map.of("setting", setting))).stripTrailing());
    } else {
      out.printf(Locale.ROOT, "locate: N=%d, O=%d, H=%d, d=%d, m=%d bits/level, k=%d, Q=%d%n", e.peers(), e.objects(),
          e.holdersPerObject(), e.location().depth(), e.location().bitsPerLevel(), e.location().hashes(), e.queries());
      out.printf(Locale.ROOT, "ring stable: %s, filters settled: %s, runtime time: %.1f s%n", o.ringStable(),
          o.filtersSettled(), o.simulatedMs() / 1000.0);
      out.print(SummaryTable.render(summary));
      LocateStats l = summary.locate();
      if (l.withinDepth() > 0) {
        out.printf(Locale.ROOT, "within depth: %.1f%% resolved probabilistically, oracle distance %.3f, hops %.3f%n",
            100 * l.withinDepthShare(), o.locate().withinDepthDistanceMean(), o.locate().withinDepthHopsMean());
      }
    }
    out.flush();
    return 0;
  }
}
