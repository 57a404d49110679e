package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * The finger table of one peer n on a ring of m bits: finger i (1 &le; i &le; m) should point at
 * successor(n + 2^(i-1)). Entries may be empty (unknown, or cleared because the peer they named was
 * suspected); finger 1 is the peer's successor.
 *
 * <p>Invariant: no entry names a peer outside the ring. Entries are refreshed by
 * {@link #fill}, which also sets every later finger the same answer provably covers: if
 * s = successor(start(i)) then s is also the successor of every start(j), j &gt; i, that lies in
 * (n, s]. Not thread-safe; owned by one peer.
 */
public final class FingerTable {

  private final IdRing ring;
  private final long owner;
  private final PeerRef[] fingers;
  /** Entries set to a peer other than the one they held, counted over the table's life. */
  private long changes;

  /** An empty table for the peer with id {@code owner}. */
  public FingerTable(IdRing ring, long owner) {
    if (!ring.contains(owner)) {
      throw new IllegalArgumentException("owner id outside the ring: " + IdRing.format(owner));
    }
    this.ring = ring;
    this.owner = owner;
    this.fingers = new PeerRef[ring.bits()];
  }

  /** The number of fingers, m. */
  public int size() {
    return fingers.length;
  }

  /** The start of finger i: owner + 2^(i-1). */
  public long start(int i) {
    return ring.fingerStart(owner, i);
  }

  /**
   * Whether {@code id} lies in [start(i), start(i+1)), the peers proximity neighbour selection may
   * take as finger i (for i = m the interval ends at the owner, which it excludes).
   */
  public boolean inInterval(int i, long id) {
    index(i);
    return Long.compareUnsigned(ring.distance(start(i), id), 1L << (i - 1)) < 0;
  }

  /** Finger i, or null when unknown. */
  public PeerRef get(int i) {
    return fingers[index(i)];
  }

  /** Sets finger i (null clears it). */
  public void set(int i, PeerRef peer) {
    if (peer != null && !ring.contains(peer.id())) {
      throw new IllegalArgumentException("finger outside the ring: " + peer);
    }
    put(index(i), peer);
  }

  private void put(int k, PeerRef peer) {
    if (!Objects.equals(fingers[k], peer)) {
      changes++;
    }
    fingers[k] = peer;
  }

  /**
   * How many times an entry was set to a peer other than the one it held: a caller compares two
   * readings to learn whether the table changed, without copying it.
   */
  public long changes() {
    return changes;
  }

  /**
   * Records that {@code successor} is successor(start(i)) and sets every later finger whose start
   * lies in (owner, successor] as well.
   *
   * @return the index of the next finger to refresh, wrapping from m back to 1
   */
  public int fill(int i, PeerRef successor) {
    set(i, successor);
    int j = i + 1;
    while (j <= fingers.length && ring.inHalfOpen(start(j), owner, successor.id())) {
      put(j - 1, successor);
      j++;
    }
    return j > fingers.length ? 1 : j;
  }

  /**
   * Clears every finger naming {@code peer}.
   *
   * @return the indices cleared, ascending
   */
  public List<Integer> remove(PeerRef peer) {
    List<Integer> cleared = new ArrayList<>();
    for (int k = 0; k < fingers.length; k++) {
      if (Objects.equals(fingers[k], peer)) {
        put(k, null);
        cleared.add(k + 1);
      }
    }
    return cleared;
  }

  /**
   * The finger that most closely precedes {@code key}: the usable entry in the open interval
   * (owner, key) farthest from the owner, or null when there is none.
   */
  public PeerRef closestPreceding(long key, Predicate<PeerRef> usable) {
    for (int k = fingers.length - 1; k >= 0; k--) {
      PeerRef f = fingers[k];
      if (f != null && ring.inOpen(f.id(), owner, key) && usable.test(f)) {
        return f;
      }
    }
    return null;
  }

  /** The distinct non-empty fingers in ascending finger order. */
  public List<PeerRef> distinct() {
    // fingers are mostly in ring order, so a repeat is mostly the entry kept last: scanning the few
    // distinct entries from the last finds it at once, without hashing
    PeerRef[] out = new PeerRef[fingers.length];
    int n = 0;
    for (PeerRef f : fingers) {
      if (f != null && !containsFromLast(out, n, f)) {
        out[n++] = f;
      }
    }
    return List.of(Arrays.copyOf(out, n));
  }

  private static boolean containsFromLast(PeerRef[] refs, int count, PeerRef p) {
    for (int i = count - 1; i >= 0; i--) {
      if (refs[i].equals(p)) {
        return true;
      }
    }
    return false;
  }

  /** A copy of all entries, index 0 holding finger 1; empty entries are null. */
  public PeerRef[] snapshot() {
    return Arrays.copyOf(fingers, fingers.length);
  }

  private int index(int i) {
    if (i < 1 || i > fingers.length) {
      throw new IllegalArgumentException("finger index must be in 1.." + fingers.length + ", got " + i);
    }
    return i - 1;
  }
}
