package org.bloomchord.experiments.ring;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.experiments.bench.RandomPings;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.overlay.PeerRef;

/**
 * The runtime's raw message rate between Chord peers, the baseline of the lookup rate: a peer pings
 * random peers one after the other with Chord's own {@link Ping} (request and {@link Ack} reply, the
 * same round trip as one recursive lookup hop) and counts the answers. Runs on the peer's thread.
 */
final class PingBaseline {

  private PingBaseline() {
  }

  /** Sends {@code count} pings from {@code peer} to peers drawn from {@code targets}; yields the answers. */
  static Future<Integer> pingRandomPeers(ChordPeer peer, List<PeerRef> targets, int count, long timeoutMs) {
    return RandomPings.run(peer.runtime(), targets, count, timeoutMs, left -> new Ping(), reply -> reply instanceof Ack);
  }
}
