package org.bloomchord.experiments.ring;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.metrics.MeasurementWindow;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.Networks;

/**
 * What the steps of one {@link RingTrial} share and measure: the settings, the hosts alive, the
 * peer-seconds behind the traffic rate, the stabilization time, the crashes, the heap with the
 * peers, the lookup recorder and the wall-time rates. The steps run one after the other on the
 * driver thread.
 */
final class RingRun {

  final RingSettings settings;
  final ChordConfig config;
  final LookupRecorder lookups = new LookupRecorder(MeasurementWindow.always());
  /** Wall time, events and messages of each phase. */
  final RingPhases phases;
  /** Runtime ms when the launch began. */
  final long startMs;
  int hostsAlive;
  Double stabilizeSeconds;
  int crashes;
  long heapWithPeers;
  Double pingsPerSecond;
  double lookupsPerSecond;
  double hopsPerSecond;
  private double peerSeconds;
  private long markMs;

  RingRun(RingSettings settings, ChordConfig config, Network<ChordPeer> net) {
    this.settings = settings;
    this.config = config;
    this.startMs = net.now();
    this.markMs = startMs;
    this.phases = new RingPhases(net);
  }

  /** Peer-seconds of the run so far (live peers times runtime seconds, summed between marks). */
  double peerSeconds() {
    return peerSeconds;
  }

  /** Adds live peers times the runtime time since the last mark to the peer-seconds of the run. */
  void mark(Network<ChordPeer> net) {
    long now = net.now();
    peerSeconds += hostsAlive * (now - markMs) / 1000.0;
    markMs = now;
  }

  /**
   * Waits, at most {@code maxWaitSeconds}, until the ring is stable by the oracle; returns the
   * runtime seconds since {@code sinceMs}, or null when it never was.
   */
  Double awaitStable(RunContext ctx, String phase, long sinceMs) {
    ChordCluster cluster = ctx.cluster();
    Network<ChordPeer> net = cluster.network();
    RingCheck[] last = new RingCheck[1];
    boolean stable = net.awaitUntil(() -> {
      last[0] = cluster.checkRing();
      ctx.tick("%s: waiting for a stable ring: %d successor, %d predecessor, %d successor-list errors"
          + " among %d peers", phase, last[0].successorErrors(), last[0].predecessorErrors(),
          last[0].successorListErrors(), last[0].peers());
      return last[0].stable();
    }, settings.maxWaitSeconds() * 1000, cluster.checkPeriodMs());
    mark(net);
    double seconds = (net.now() - sinceMs) / 1000.0;
    ctx.note("%s: ring %s after %.1f s (runtime time)", phase, stable ? "stable" : "NOT stable", seconds);
    return stable ? seconds : null;
  }

  /** Most operations one {@code callAll} batch starts: one per active peer, at most {@link RingTrial#MAX_BATCH}. */
  static int batchSize(int activePeers) {
    return Math.max(1, Math.min(RingTrial.MAX_BATCH, activePeers));
  }

  /**
   * Most lookups or stores one batch starts: one per active peer, and on Vert.x at most
   * {@link RingTrial#MAX_BATCH}. A simulated ring has no event loop to flood, so its batch is the
   * whole ring: in batches of 10,000, a ring of a million peers ran its maintenance through ten
   * waits for the slowest lookup of a batch (2 simulated seconds) to answer 100,000 lookups.
   */
  int operationBatch(int activePeers) {
    return Networks.SIM.equals(settings.runtime()) ? Math.max(1, activePeers) : batchSize(activePeers);
  }

  /** Heap in use after collections. */
  static long usedHeap() {
    // full collections until one frees less than 1% more (at a million peers each takes 10 s)
    Runtime rt = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      long now = rt.totalMemory() - rt.freeMemory();
      if (now > used - used / 100) {
        return Math.min(now, used);
      }
      used = now;
    }
    return used;
  }
}
