package org.bloomchord.experiments.ring;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.experiments.bench.RandomPings;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * The runtime's raw message rate between Chord peers, the baseline of the lookup rate: a peer pings
 * random peers one after the other with Chord's own {@link Ping} (request and {@link Ack} reply, the
 * same round trip as one recursive lookup hop) and counts the answers. Runs on the peer's thread.
 */
final class PingBaseline {

  private PingBaseline() {
  }

  /**
   * Has every active peer of {@code cluster} ping {@code count} random active peers, one after the
   * other, in batches of at most {@link RingTrial#MAX_BATCH} peers at once (the lookups'
   * concurrency; all peers at once up to that size); returns the answered round trips per wall
   * second and reports them on {@code progress}.
   */
  static double rate(ChordCluster cluster, int count, Progress progress, String when) {
    Network<ChordPeer> net = cluster.network();
    List<PeerHandle<ChordPeer>> active = cluster.activePeers();
    List<PeerRef> targets = active.stream().map(PeerHandle::ref).toList();
    long timeout = cluster.config().requestTimeoutMs();
    long t0 = System.nanoTime();
    long answered = 0;
    // as many pinging at once as the lookups have in flight (batches of min(N, 10,000)): a million
    // peers pinging at once only measure their own request timeouts
    int batch = RingRun.batchSize(active.size());
    for (int from = 0; from < active.size(); from += batch) {
      List<PeerHandle<ChordPeer>> pinging = active.subList(from, Math.min(active.size(), from + batch));
      for (Network.Outcome<Integer> o : net.callAll(pinging,
          p -> pingRandomPeers(p, targets, count, timeout), (count + 1) * timeout * 2)) {
        if (o.succeeded()) {
          answered += o.value();
        }
      }
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    progress.line("pings %s: %d answered of %d in %.2f s wall = %.0f round trips/s", when, answered,
        (long) count * active.size(), seconds, answered / seconds);
    return answered / seconds;
  }

  /** Sends {@code count} pings from {@code peer} to peers drawn from {@code targets}; yields the answers. */
  static Future<Integer> pingRandomPeers(ChordPeer peer, List<PeerRef> targets, int count, long timeoutMs) {
    return RandomPings.run(peer.runtime(), targets, count, timeoutMs, left -> new Ping(), reply -> reply instanceof Ack);
  }
}
