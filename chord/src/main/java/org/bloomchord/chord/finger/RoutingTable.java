package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * Everything one peer knows about others: predecessor, successor list, finger table, and the peers
 * it currently suspects of having failed.
 *
 * <p>Invariants: the owner never appears in its successor list or as its own predecessor; a
 * suspected peer appears nowhere in the tables and is not re-admitted until its suspicion expires;
 * finger 1 is always the successor (the owner itself when alone); when the successor list empties
 * while other peers are still known, the nearest of them becomes the successor. Who is suspected,
 * for how long, and whom to ask again is {@link Suspicion}'s. Every mutation bumps
 * {@link #version()} and calls the change listener with what it touched. Not thread-safe; owned by
 * one peer. The class is long because every change of a peer's links goes through it, so that the
 * invariants above, the change counters and the listener are kept in one place.
 */
public final class RoutingTable {

  /** What a change touched: the predecessor or the successor list. */
  public static final int NEIGHBOURS = 1;
  /** What a change touched: a finger beyond the successor. */
  public static final int FINGERS = 2;

  private final IdRing ring;
  private final PeerRef self;
  private final FingerTable fingers;
  private final SuccessorList successors;
  private final Suspicion suspicion;
  private PeerRef predecessor;
  /** The predecessor's id (0 without one), so that {@link #isPredecessor} reads no other object. */
  private long predecessorId;
  /** What the predecessor last told of its own predecessor ({@link #predecessorTold}), or null. */
  private PeerRef beyondPredecessor;
  private long neighbourChanges;
  private long fingerChanges;
  private IntConsumer onChange = what -> { };
  private BiConsumer<PeerRef, PeerRef> onNewPredecessor = (was, now) -> { };

  /**
   * An empty table for {@code self}.
   *
   * @param successorCount successor-list length r
   * @param suspectMs how long a suspected peer is kept out
   */
  public RoutingTable(IdRing ring, PeerRef self, int successorCount, long suspectMs) {
    this(ring, self, successorCount, new Suspicion(ring, self, 2 * successorCount, suspectMs));
  }

  /** An empty table for {@code self} whose suspicion is {@code suspicion}. */
  public RoutingTable(IdRing ring, PeerRef self, int successorCount, Suspicion suspicion) {
    this.ring = ring;
    this.self = self;
    this.fingers = new FingerTable(ring, self.id());
    this.successors = new SuccessorList(ring, self, successorCount);
    this.suspicion = suspicion;
    syncFirstFinger();
  }

  /** The suspicion of this table (its bounds and purge). */
  public Suspicion suspicion() {
    return suspicion;
  }

  /**
   * Sets the listener called after every change, with what changed: {@link #NEIGHBOURS} (the
   * predecessor or the successor list), {@link #FINGERS} (fingers beyond the successor), or both
   * bits (a peer forgotten or suspected, wherever it stood).
   */
  public void onChange(IntConsumer listener) {
    this.onChange = listener;
  }

  /**
   * Adds a listener called after the predecessor changed from one peer to another (not when it is
   * first set or forgotten), with the former and the new predecessor; listeners run in the order
   * they were added.
   */
  public void onNewPredecessor(BiConsumer<PeerRef, PeerRef> listener) {
    this.onNewPredecessor = onNewPredecessor.andThen(listener);
  }

  /** The owner. */
  public PeerRef self() {
    return self;
  }

  /** The immediate successor; the owner itself when it knows no other peer. */
  public PeerRef successor() {
    return successors.first();
  }

  /** The successor list, nearest first. */
  public List<PeerRef> successors() {
    return successors.entries();
  }

  /** The predecessor, or null. */
  public PeerRef predecessor() {
    return predecessor;
  }

  /**
   * Whether {@code peer} is the predecessor: {@code peer.equals(predecessor())}, answered for
   * every other peer by the predecessor's id kept here, without reading the predecessor's ref
   * (every message admitted asks).
   */
  public boolean isPredecessor(PeerRef peer) {
    PeerRef p = predecessor;
    return p != null && (p == peer || peer.id() == predecessorId && peer.equals(p));
  }

  /**
   * Whether a predecessor is known and lies before {@code start}: neither at it nor in (start,
   * self), so no peer lies in [start, self) and this peer is the successor of {@code start} (read
   * from the predecessor's id kept here, without its ref).
   */
  public boolean precedes(long start) {
    return predecessor != null && !ring.inClosedOpen(predecessorId, start, self.id());
  }

  /**
   * Keeps what {@code from} told of its own predecessor (null: nothing new), when {@code from} is
   * our predecessor (anyone else's word is ignored); forgotten whenever the predecessor changes.
   * Not part of the tables the oracle judges, so no change is counted.
   */
  public void predecessorTold(PeerRef from, PeerRef itsPredecessor) {
    if (itsPredecessor != null && !itsPredecessor.equals(from) && !itsPredecessor.equals(self)
        && isPredecessor(from)) {
      beyondPredecessor = itsPredecessor;
    }
  }

  /** The predecessor's own predecessor as the predecessor last told it, or null when unknown. */
  public PeerRef beyondPredecessor() {
    return beyondPredecessor;
  }

  /** The finger table (read it; change it through this class). */
  public FingerTable fingers() {
    return fingers;
  }

  /** A counter bumped by every change. */
  public long version() {
    return neighbourChanges + fingerChanges;
  }

  /** A counter bumped by every change of the predecessor or the successor list ({@link #NEIGHBOURS}). */
  public long neighbourChanges() {
    return neighbourChanges;
  }

  /** A counter bumped by every change of the fingers beyond the successor ({@link #FINGERS}). */
  public long fingerChanges() {
    return fingerChanges;
  }

  /** Whether {@code peer} may be used at time {@code now}: not the owner and not suspected. */
  public boolean usable(PeerRef peer, long now) {
    return suspicion.usable(peer, now);
  }

  /** How many peers are suspected at time {@code now}. */
  public int suspectedCount(long now) {
    return suspicion.count(now);
  }

  /** Sets the predecessor (null forgets it); returns whether it changed. */
  public boolean setPredecessor(PeerRef p) {
    if (p != null && p.equals(self)) {
      return false;
    }
    if (Objects.equals(p, predecessor)) {
      return false;
    }
    PeerRef was = predecessor;
    predecessorIs(p);
    changed(NEIGHBOURS);
    if (was != null && p != null) {
      onNewPredecessor.accept(was, p);
    }
    return true;
  }

  /** Rebuilds the successor list from a successor and its own list; returns whether it changed. */
  public boolean adoptSuccessors(PeerRef successor, List<PeerRef> theirs, long now) {
    return successorsChanged(successors.adopt(successor, theirs, p -> usable(p, now)));
  }

  /**
   * Adds the peers of the successor's pushed list to the successor list without removing any
   * ({@link SuccessorList#extend}); returns whether it changed.
   */
  public boolean extendSuccessors(PeerRef successor, List<PeerRef> theirs, long now) {
    return successorsChanged(successors.extend(successor, theirs, p -> usable(p, now)));
  }

  /** When the successor list changed ({@code did}), finger 1 follows it and the change is counted; returns {@code did}. */
  private boolean successorsChanged(boolean did) {
    if (did) {
      syncFirstFinger();
      changed(NEIGHBOURS);
    }
    return did;
  }

  /** Puts a closer successor first. */
  public SuccessorOffer offerSuccessor(PeerRef p, long now) {
    if (!usable(p, now)) {
      return SuccessorOffer.UNUSABLE;
    }
    if (!successors.offerFirst(p)) {
      return SuccessorOffer.NOT_CLOSER;
    }
    syncFirstFinger();
    changed(NEIGHBOURS);
    return SuccessorOffer.TAKEN;
  }

  /**
   * Refreshes finger i with the successor of its start (and every later finger it covers).
   *
   * @return the next finger index to refresh
   */
  public int fillFinger(int i, PeerRef successorOfStart, long now) {
    if (!successorOfStart.equals(self) && !usable(successorOfStart, now)) {
      return i == fingers.size() ? 1 : i + 1;
    }
    // whether any entry ends other than it was, without copying the table: fill writes each of
    // its entries once, and finger 1, which it may write, is then set back to the successor
    PeerRef first = fingers.get(1);
    long before = fingers.changes();
    int next = fingers.fill(i, successorOfStart);
    long others = fingers.changes() - before - (i == 1 && !successorOfStart.equals(first) ? 1 : 0);
    syncFirstFinger();
    if (others > 0 || !Objects.equals(first, fingers.get(1))) {
      changed(FINGERS);
    }
    return next;
  }

  /**
   * Makes {@code peer}, chosen by proximity, finger i. It must lie in [start(i), start(i+1))
   * ({@link FingerTable#inInterval}): any peer there is a valid finger (a lookup through it still
   * moves towards the key by at least half the remaining distance), and no other is ever taken.
   * Finger 1 stays the successor whatever is chosen.
   *
   * @return whether the finger is now {@code peer} (false when the peer is not usable)
   * @throws IllegalArgumentException when the peer lies outside the interval
   */
  public boolean chooseFinger(int i, PeerRef peer, long now) {
    if (!fingers.inInterval(i, peer.id())) {
      throw new IllegalArgumentException("finger " + i + " must lie in [start(" + i + "), start(" + (i + 1)
          + ")), got " + peer);
    }
    if (!usable(peer, now)) {
      return false;
    }
    if (!peer.equals(fingers.get(i))) {
      fingers.set(i, peer);
      syncFirstFinger();
      changed(FINGERS);
    }
    return true;
  }

  /**
   * Fills the empty fingers from hints (a joiner's successor's fingers): finger i gets the usable
   * peer among the hints and the successor list that is nearest at or after its start. Such a
   * finger may be too far (a peer between the start and the hint is not known) but is never
   * before the start, so lookups through it stay correct; fix-fingers then checks each one.
   */
  public void seedFingers(List<PeerRef> hints, long now) {
    List<PeerRef> known = new ArrayList<>(successors.entries());
    for (PeerRef h : hints) {
      if (usable(h, now) && !known.contains(h)) {
        known.add(h);
      }
    }
    boolean filled = false;
    for (int i = 2; i <= fingers.size() && !known.isEmpty(); i++) {
      if (fingers.get(i) != null) {
        continue;
      }
      long start = fingers.start(i);
      PeerRef best = null;
      for (PeerRef p : known) {
        if (best == null || Long.compareUnsigned(ring.distance(start, p.id()), ring.distance(start, best.id())) < 0) {
          best = p;
        }
      }
      fingers.set(i, best);
      filled = true;
    }
    if (filled) {
      changed(FINGERS);
    }
  }

  /**
   * Suspects {@code peer} until {@code now + suspectMs}: it leaves every table.
   *
   * @return the finger indices it occupied, ascending (the fingers to repair)
   */
  public List<Integer> suspect(PeerRef peer, long now) {
    if (peer == null || peer.equals(self)) {
      return List.of();
    }
    suspicion.suspect(peer, now);
    return forget(peer, now);
  }

  /** Counts a failed request to {@code peer}; at the {@link Suspicion#STRIKES}-th in a row the caller suspects it. */
  public Strike strike(PeerRef peer, long now) {
    return suspicion.strike(peer, now);
  }

  /** {@code peer} is alive (another peer reached it) but out of reach from here until {@code until}. */
  public void reachedElsewhere(PeerRef peer, long until) {
    suspicion.reachedElsewhere(peer, until);
  }

  /** Whether {@code peer} is alive but out of reach from here at {@code now} ({@link Suspicion#outOfReach}). */
  public boolean outOfReach(PeerRef peer, long now) {
    return suspicion.outOfReach(peer, now);
  }

  /** {@code peer} was heard from (a message or a reply): its strikes and suspicion are lifted. */
  public void heard(PeerRef peer) {
    suspicion.heard(peer);
  }

  /**
   * The peers to try when the owner has lost every successor: the suspected peers it remembers
   * (suspicion is what empties the list, and a suspicion may be wrong), nearest clockwise first.
   */
  public List<PeerRef> recoveryCandidates() {
    return suspicion.candidates();
  }

  /**
   * The nearest remembered suspected peer whose suspicion has expired and that lies between the
   * owner and its successor (anywhere when alone): a former successor worth asking again, or null.
   */
  public PeerRef probeCandidate(long now) {
    return suspicion.probeCandidate(successor(), now);
  }

  /** {@code peer} answered: it is no longer suspected nor a recovery candidate. */
  public void answered(PeerRef peer) {
    suspicion.answered(peer);
  }

  /**
   * The one place the predecessor's fields are written: its ref, its id, and what it told of its
   * own predecessor, which belongs to the former one and is forgotten with it.
   */
  private void predecessorIs(PeerRef p) {
    predecessor = p;
    predecessorId = p == null ? 0 : p.id();
    beyondPredecessor = null;
  }

  /** Removes {@code peer} from every table without suspecting it; returns the fingers it held. */
  public List<Integer> forget(PeerRef peer, long now) {
    suspicion.clearStrikes(peer);
    boolean c = successors.remove(peer);
    List<Integer> cleared = fingers.remove(peer);
    if (peer.equals(predecessor)) {
      predecessorIs(null);
      c = true;
    }
    if (successors.isEmpty()) {
      PeerRef nearest = nearestKnown(now);
      if (nearest != null) {
        successors.offerFirst(nearest);
        c = true;
      }
    }
    if (c || !cleared.isEmpty()) {
      syncFirstFinger();
      changed(NEIGHBOURS | FINGERS);
    }
    return cleared;
  }

  /**
   * The next hop towards {@code key}: the usable finger in the open interval (owner, key) closest to
   * the key, or, when no finger qualifies (all suspected or excluded), the usable successor-list
   * entry closest to the key; ids in {@code exclude} and peers out of reach from here are left
   * out. Null when there is none.
   * Fingers come first so that paths keep the finger-table length of the Chord paper (about
   * ½·log2 N); the successor list is the way around failed fingers.
   */
  public PeerRef closestPreceding(long key, long now, Set<Long> exclude) {
    Predicate<PeerRef> ok = hop(now, exclude);
    PeerRef f = fingers.closestPreceding(key, ok);
    return f != null ? f : successors.closestPreceding(key, ok);
  }

  /**
   * The next hop towards {@code key} as the ToN 2003 version of Chord chooses it: the usable peer
   * in (owner, key) closest to the key among the fingers <em>and</em> the successor list (ids in
   * {@code exclude} and peers out of reach left out), so that the last ½·log2 r steps of a finger walk are replaced by one
   * jump along the successor list. Null when there is none.
   */
  public PeerRef closestPrecedingWithSuccessors(long key, long now, Set<Long> exclude) {
    Predicate<PeerRef> ok = hop(now, exclude);
    PeerRef f = fingers.closestPreceding(key, ok);
    PeerRef s = successors.closestPreceding(key, ok);
    if (f == null || s == null) {
      return f != null ? f : s;
    }
    // the one farther from this peer (both lie in (self, key)) is the closer to the key
    return ring.compareFrom(self.id(), s.id(), f.id()) > 0 ? s : f;
  }

  /**
   * Which peers may be a next hop: routable ones whose ids are not in {@code exclude} (a lookup
   * mostly excludes none, and then no id is boxed to be looked for).
   */
  private Predicate<PeerRef> hop(long now, Set<Long> exclude) {
    if (exclude.isEmpty()) {
      return p -> routable(p, now);
    }
    return p -> routable(p, now) && !exclude.contains(p.id());
  }

  /** Whether a next hop may be {@code peer}: usable, and not out of reach from here. */
  private boolean routable(PeerRef peer, long now) {
    return usable(peer, now) && !suspicion.outOfReach(peer, now);
  }

  /** As {@link #closestPreceding(long, long, Set)} with nothing excluded. */
  public PeerRef closestPreceding(long key, long now) {
    return closestPreceding(key, now, Collections.emptySet());
  }

  private PeerRef nearestKnown(long now) {
    PeerRef best = null;
    List<PeerRef> known = new ArrayList<>(fingers.distinct());
    if (predecessor != null) {
      known.add(predecessor);
    }
    for (PeerRef p : known) {
      if (usable(p, now) && (best == null || ring.compareFrom(self.id(), p.id(), best.id()) < 0)) {
        best = p;
      }
    }
    return best;
  }

  private void syncFirstFinger() {
    fingers.set(1, successors.first());
  }

  private void changed(int what) {
    if ((what & NEIGHBOURS) != 0) {
      neighbourChanges++;
    }
    if ((what & FINGERS) != 0) {
      fingerChanges++;
    }
    onChange.accept(what);
  }
}
