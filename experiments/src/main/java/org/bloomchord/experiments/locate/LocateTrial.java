package org.bloomchord.experiments.locate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.metrics.TrafficWindow;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.cluster.LinkOracle;
import org.bloomchord.routing.location.cluster.LocationCluster;

/**
 * One location measurement, the work of {@code bloomchord locate}: a ring of N peers with the location layer, O objects each published
 * at H distinct random peers, the filters left to settle, then Q locates from random peers for
 * random objects (all at once), the same queries resolved by the deterministic path alone, and
 * the oracle distance of each. Random choices come from the seed, so a simulator run repeats.
 *
 * <p>Filter maintenance traffic (summary requests and replies) is counted from the moment the
 * ring is stable to the end of the run, and reported per peer per second of runtime time.
 *
 * @param runtime "sim" or "vertx"
 * @param peers N
 * @param objects O
 * @param holdersPerObject H
 * @param queries Q
 * @param seed the root of every random choice
 * @param chord the Chord settings
 * @param location the location settings
 */
public record LocateTrial(String runtime, int peers, int objects, int holdersPerObject, int queries, long seed,
    ChordConfig chord, LocationConfig location) {

  /** The message types of filter maintenance. */
  public static final List<String> MAINTENANCE_TYPES = List.of("SummaryRequest", "SummaryReply", "SummaryDelta");

  /**
   * What a run measured.
   *
   * @param locate the figures of the locates
   * @param traffic the traffic from the stable ring to the end of the run
   * @param ringStable whether the ring was stable before the objects were published
   * @param filtersSettled whether the link filters settled before the locates
   * @param simulatedMs runtime milliseconds of the whole run
   */
  public record Outcome(LocateSummary locate, TrafficWindow traffic, boolean ringStable, boolean filtersSettled,
      long simulatedMs) {
  }

  /**
   * The measurement as the shared summary: the header, {@code locate} and {@code traffic}, where
   * {@code traffic.bytesPerPeerPerSecond} is the filter maintenance alone.
   */
  public Summary summary(Outcome o) {
    return Summary.of("locate", runtime, seed).withLocate(o.locate().toStats()).withTraffic(o.traffic().toStats());
  }

  /** Runs the measurement and closes the network. */
  public Outcome run() {
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed);
    try (LocationCluster c = LocationCluster.create(runtime, options, chord, location)) {
      long started = c.network().now();
      c.chord().launch(peers);
      long bound = 200L * chord.stabilizeMs() + 60_000;
      boolean stable = c.chord().awaitConverged(bound) || c.chord().awaitStable(bound);
      TrafficWindow window = TrafficWindow.start(c.network());
      SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
      Map<String, List<PeerRef>> placement = c.publishRandom("object-", objects, holdersPerObject, random);
      boolean settled = c.awaitSettled(2, 60L * location.refreshMs() + 60_000);
      LinkOracle oracle = c.oracle();
      List<PeerHandle<ChordPeer>> all = c.servicePeers();
      List<String> keys = new ArrayList<>(placement.keySet());
      List<PeerHandle<ChordPeer>> from = new ArrayList<>();
      List<String> asked = new ArrayList<>();
      List<Integer> distances = new ArrayList<>();
      for (int i = 0; i < queries; i++) {
        PeerHandle<ChordPeer> q = all.get(random.nextInt(all.size()));
        String key = keys.get(random.nextInt(keys.size()));
        from.add(q);
        asked.add(key);
        distances.add(oracle.distance(q.ref(), key));
      }
      List<LocateResult> results = c.runQueries(from, asked, LocationService::locate);
      List<LocateResult> byChord = c.runQueries(from, asked, LocationService::locateByChord);
      LocateSummary summary = LocateSummary.of(results, distances, byChord, location.depth());
      TrafficWindow traffic = window.end(c.network(), all.size(), MAINTENANCE_TYPES);
      return new Outcome(summary, traffic, stable, settled, c.network().now() - started);
    }
  }
}
