package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.Predicate;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * The first r successors of a peer, nearest first.
 *
 * <p>Invariants: at most r entries, no duplicates, never the owner itself (a peer alone on the ring
 * has an empty list and is its own successor), entries in strictly increasing clockwise distance
 * from the owner. Not thread-safe; owned by one peer.
 */
public final class SuccessorList {

  private final IdRing ring;
  private final PeerRef owner;
  private final int capacity;
  private final List<PeerRef> entries = new ArrayList<>();
  /** The immutable copy {@link #entries()} last gave, until the list changes; null when stale. */
  private List<PeerRef> copy;

  /** An empty list of capacity r for {@code owner}. */
  public SuccessorList(IdRing ring, PeerRef owner, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive");
    }
    this.ring = ring;
    this.owner = owner;
    this.capacity = capacity;
  }

  /** The immediate successor; the owner itself when the list is empty. */
  public PeerRef first() {
    return entries.isEmpty() ? owner : entries.get(0);
  }

  /** The entries, nearest first (an immutable copy). */
  public List<PeerRef> entries() {
    List<PeerRef> c = copy;
    if (c == null) {
      c = List.copyOf(entries);
      copy = c;
    }
    return c;
  }

  /** Whether the list holds no successor. */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The list's capacity r. */
  public int capacity() {
    return capacity;
  }

  /** Whether {@code peer} is in the list. */
  public boolean contains(PeerRef peer) {
    return entries.contains(peer);
  }

  /**
   * Rebuilds the list as {@code successor} followed by the successor's own list, keeping only
   * usable peers in clockwise order and stopping at the owner or at r entries. (Each entry lies
   * strictly after the one before, so no peer is taken twice.) Most rounds of stabilize find the
   * list as it was: the new list is built only from the first entry where it departs from the
   * entries held.
   *
   * @return whether the list changed
   */
  public boolean adopt(PeerRef successor, List<PeerRef> theirs, Predicate<PeerRef> usable) {
    List<PeerRef> from = theirs instanceof RandomAccess ? theirs : new ArrayList<>(theirs);
    // the first n entries taken; next holds them once one departs from the entries held
    List<PeerRef> next = null;
    int n = 0;
    long last = owner.id();
    for (int i = -1; i < from.size() && n < capacity; i++) {
      PeerRef p = i < 0 ? successor : from.get(i);
      if (p.id() == owner.id()) {
        break;
      }
      // clockwise order: each entry must lie strictly after the previous one and before the owner
      if (usable.test(p) && ring.inOpen(p.id(), last, owner.id())) {
        if (next == null && !(n < entries.size() && entries.get(n).equals(p))) {
          next = new ArrayList<>(capacity);
          next.addAll(entries.subList(0, n));
        }
        if (next != null) {
          next.add(p);
        }
        n++;
        last = p.id();
      }
    }
    if (next == null) {
      if (n == entries.size()) {
        return false;
      }
      entries.subList(n, entries.size()).clear();
    } else {
      entries.clear();
      entries.addAll(next);
    }
    copy = null;
    return true;
  }

  /**
   * Adds the usable peers of {@code theirs}, the list of our first entry, where they belong by
   * clockwise distance, keeping every entry already held (only those pushed past r drop out).
   * Unlike {@link #adopt} it never removes a peer because the successor no longer names it: that
   * takes one of our own stabilize rounds. Does nothing unless {@code successor} is our first
   * entry.
   *
   * @return whether the list changed
   */
  public boolean extend(PeerRef successor, List<PeerRef> theirs, Predicate<PeerRef> usable) {
    if (entries.isEmpty() || !entries.get(0).equals(successor)) {
      return false;
    }
    List<PeerRef> next = new ArrayList<>(entries);
    for (PeerRef p : theirs) {
      if (p.id() == owner.id() || !usable.test(p) || next.contains(p)) {
        continue;
      }
      int at = next.size();
      while (at > 0 && ring.compareFrom(owner.id(), p.id(), next.get(at - 1).id()) < 0) {
        at--;
      }
      if (at == 0 || next.get(at - 1).id() == p.id()) {
        continue; // never before the successor, never a second entry of one id
      }
      next.add(at, p);
    }
    while (next.size() > capacity) {
      next.remove(next.size() - 1);
    }
    if (next.equals(entries)) {
      return false;
    }
    entries.clear();
    entries.addAll(next);
    copy = null;
    return true;
  }

  /**
   * Puts {@code peer} first if it lies between the owner and the current first entry (or the list
   * is empty), dropping the last entry when full.
   *
   * @return whether the list changed
   */
  public boolean offerFirst(PeerRef peer) {
    if (peer.id() == owner.id() || entries.contains(peer)) {
      return false;
    }
    if (!entries.isEmpty() && !ring.inOpen(peer.id(), owner.id(), entries.get(0).id())) {
      return false;
    }
    entries.add(0, peer);
    if (entries.size() > capacity) {
      entries.remove(entries.size() - 1);
    }
    copy = null;
    return true;
  }

  /** Removes {@code peer}; returns whether it was there. */
  public boolean remove(PeerRef peer) {
    boolean removed = entries.remove(peer);
    if (removed) {
      copy = null;
    }
    return removed;
  }

  /** The usable entry in (owner, key) farthest from the owner, or null. */
  public PeerRef closestPreceding(long key, Predicate<PeerRef> usable) {
    for (int k = entries.size() - 1; k >= 0; k--) {
      PeerRef p = entries.get(k);
      if (ring.inOpen(p.id(), owner.id(), key) && usable.test(p)) {
        return p;
      }
    }
    return null;
  }
}
