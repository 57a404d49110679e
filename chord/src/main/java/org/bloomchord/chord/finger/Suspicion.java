package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * Which peers one peer currently believes to have failed, and whom it would ask again.
 *
 * <p>A peer is suspected only after {@link #STRIKES} failed requests in a row; hearing from it
 * clears its strikes and its suspicion. A suspicion lasts {@code suspectMs}. Suspected peers are
 * also remembered (the nearest 2·r, clockwise from the owner) as recovery candidates, so that a
 * peer that suspected every link at once (a stall longer than the timeouts) still knows whom to
 * ask; a candidate is forgotten after {@link #MAX_CANDIDATE_FAILURES} suspicions in a row. Not
 * thread-safe; owned by one peer's {@link RoutingTable}.
 */
public final class Suspicion {

  /** Failed requests in a row after which a peer is suspected. */
  public static final int STRIKES = 2;

  /** Suspicions in a row after which a remembered peer is no longer a recovery candidate. */
  public static final int MAX_CANDIDATE_FAILURES = 8;

  private final IdRing ring;
  private final PeerRef self;
  private final int maxCandidates;
  private final long suspectMs;
  private final Map<PeerRef, Long> suspects = new HashMap<>();
  private final List<PeerRef> former = new ArrayList<>();
  private final Map<PeerRef, Integer> formerFailures = new HashMap<>();
  private final Map<PeerRef, Integer> strikes = new HashMap<>();

  /**
   * Suspicion for {@code self}.
   *
   * @param maxCandidates how many suspected peers are remembered as recovery candidates
   * @param suspectMs how long a suspected peer is kept out
   */
  public Suspicion(IdRing ring, PeerRef self, int maxCandidates, long suspectMs) {
    this.ring = ring;
    this.self = self;
    this.maxCandidates = maxCandidates;
    this.suspectMs = suspectMs;
  }

  /** Whether {@code peer} may be used at time {@code now}: not the owner and not suspected. */
  public boolean usable(PeerRef peer, long now) {
    if (peer == null || peer.equals(self)) {
      return false;
    }
    Long until = suspects.get(peer);
    if (until == null) {
      return true;
    }
    if (until <= now) {
      suspects.remove(peer);
      return true;
    }
    return false;
  }

  /** How many peers are suspected at time {@code now}. */
  public int count(long now) {
    suspects.values().removeIf(until -> until <= now);
    return suspects.size();
  }

  /** Suspects {@code peer} until {@code now + suspectMs} and remembers it as a recovery candidate. */
  public void suspect(PeerRef peer, long now) {
    if (suspectMs > 0) {
      suspects.put(peer, now + suspectMs);
    }
    remember(peer);
  }

  /**
   * Counts a failed request to {@code peer}. Under load a single late reply is no evidence of a
   * crash; {@link #STRIKES} in a row, with the timeout backed off between them, are taken as one.
   */
  public Strike strike(PeerRef peer) {
    if (strikes.merge(peer, 1, Integer::sum) < STRIKES) {
      return Strike.COUNTED;
    }
    strikes.remove(peer);
    return Strike.SUSPECT;
  }

  /** Forgets the strikes of {@code peer} (it left the tables). */
  public void clearStrikes(PeerRef peer) {
    strikes.remove(peer);
  }

  /** {@code peer} was heard from (a message or a reply): its strikes and suspicion are lifted. */
  public void heard(PeerRef peer) {
    if (!strikes.isEmpty()) {
      strikes.remove(peer);
    }
    clear(peer);
  }

  /** Lifts the suspicion of {@code peer}; returns whether it was suspected. */
  public boolean clear(PeerRef peer) {
    return !suspects.isEmpty() && suspects.remove(peer) != null;
  }

  /** {@code peer} answered: it is no longer suspected nor a recovery candidate. */
  public void answered(PeerRef peer) {
    heard(peer);
    if (former.remove(peer)) {
      formerFailures.remove(peer);
    }
  }

  /** The remembered suspected peers, nearest clockwise first. */
  public List<PeerRef> candidates() {
    return List.copyOf(former);
  }

  /**
   * The nearest remembered peer whose suspicion has expired and that lies between the owner and
   * {@code successor} (anywhere when the successor is the owner), or null.
   */
  public PeerRef probeCandidate(PeerRef successor, long now) {
    for (PeerRef p : former) {
      if (!successor.equals(self) && !ring.inOpen(p.id(), self.id(), successor.id())) {
        return null;
      }
      if (usable(p, now)) {
        return p;
      }
    }
    return null;
  }

  private void remember(PeerRef peer) {
    if (former.contains(peer)) {
      if (formerFailures.merge(peer, 1, Integer::sum) > MAX_CANDIDATE_FAILURES) {
        former.remove(peer);
        formerFailures.remove(peer);
      }
      return;
    }
    int at = 0;
    while (at < former.size() && ring.compareFrom(self.id(), former.get(at).id(), peer.id()) < 0) {
      at++;
    }
    former.add(at, peer);
    formerFailures.put(peer, 1);
    if (former.size() > maxCandidates) {
      formerFailures.remove(former.remove(former.size() - 1));
    }
  }
}
