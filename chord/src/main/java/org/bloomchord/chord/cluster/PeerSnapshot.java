package org.bloomchord.chord.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.PeerRef;

/**
 * A consistent copy of one peer's tables and stored keys, taken on the peer's thread for the oracle.
 *
 * @param self the peer
 * @param state its life-cycle state
 * @param predecessor its predecessor, or null
 * @param successors its successor list
 * @param fingers finger i at index i-1; null where unknown
 * @param liveKeys the keys it holds with a live (non-tombstone) value
 * @param entries all entries it holds, tombstones included
 * @param rejected messages it rejected
 */
public record PeerSnapshot(PeerRef self, PeerState state, PeerRef predecessor, List<PeerRef> successors,
    List<PeerRef> fingers, List<String> liveKeys, int entries, long rejected) {

  /** Takes the whole snapshot; call on the peer's thread (through {@code Network.inspect}). */
  public static PeerSnapshot of(ChordPeer p) {
    return of(p, true, true);
  }

  /**
   * Takes a snapshot, leaving out the fingers or the keys (empty lists) when not wanted: a check
   * of successors and predecessors of a million peers should not copy every finger and key.
   */
  public static PeerSnapshot of(ChordPeer p, boolean withFingers, boolean withKeys) {
    List<PeerRef> fingers = withFingers
        ? Collections.unmodifiableList(Arrays.asList(p.fingers())) : List.of();
    return new PeerSnapshot(p.self(), p.state(), p.predecessor(), p.successors(),
        fingers, withKeys ? liveKeys(p) : List.of(), p.store().size(), p.rejectedMessages());
  }

  private static List<String> liveKeys(ChordPeer p) {
    List<String> keys = new ArrayList<>();
    for (StoredEntry e : p.store().all()) {
      if (!e.tombstone()) {
        keys.add(e.key());
      }
    }
    return List.copyOf(keys);
  }
}
