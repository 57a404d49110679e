package org.bloomchord.node;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.heavy.HotKeyRelief;

/**
 * A key that its owner counts as hot: the owner's counting filter estimates at least the
 * threshold of gets of it in the current and previous second (docs/architecture/hot-keys.md,
 * "Seeing hot keys"). Relief makes the owner's count fall once copies on the lookup paths answer,
 * so a relieved key shows here while its owner still sees enough gets to grant leases.
 *
 * @param key the key
 * @param keyId its ring id, unsigned decimal
 * @param rate the owner's estimate of its gets counted in the current and previous second: what
 *     the owner compares with the threshold (never below the true count)
 */
public record HotKey(String key, String keyId, long rate) {

  /** Most hot keys listed per owner, the highest rates first. */
  public static final int MAX_PER_PEER = 16;

  /**
   * The hot keys {@code p} owns (its stored keys whose ring id lies in (predecessor, self]), the
   * highest rate first, at most {@value #MAX_PER_PEER}; empty without relief. Call on the peer's
   * thread: the estimate reads the peer's own counting filter. Costs one estimate per stored entry.
   */
  public static List<HotKey> ownedBy(ChordPeer p) {
    HotKeyRelief relief = p.extension(HotKeyRelief.class);
    if (relief == null || relief.leases() == null) {
      return List.of(); // no relief, or not attached to its peer yet
    }
    PeerRef pred = p.links().predecessor();
    // only keys with an entry can be hot: the owner counts the gets it answers with an entry
    List<StoredEntry> owned = pred == null ? p.store().all() : p.store().range(pred.id(), p.self().id());
    long now = p.runtime().now();
    long threshold = relief.leases().threshold();
    List<HotKey> out = new ArrayList<>();
    for (StoredEntry e : owned) {
      long id = p.ring().hash(e.key());
      int rate = relief.leases().estimate(id, now);
      if (rate >= threshold) {
        out.add(new HotKey(e.key(), Long.toUnsignedString(id), rate));
      }
    }
    out.sort(Comparator.comparingLong(HotKey::rate).reversed().thenComparing(HotKey::key));
    return out.size() > MAX_PER_PEER ? List.copyOf(out.subList(0, MAX_PER_PEER)) : List.copyOf(out);
  }
}
