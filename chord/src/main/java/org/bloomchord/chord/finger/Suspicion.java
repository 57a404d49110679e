package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bloomchord.chord.ChordCounter;
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
 *
 * <p>Bounded: at most {@code maxSuspects} suspicions and {@code maxStrikes} peers with strikes are
 * kept; when a map is full its oldest entry (by the time it was last set) gives way, and the
 * eviction is reported ({@link ChordCounter#EVICTED_SUSPECTS}, {@link ChordCounter#EVICTED_STRIKES}). {@link #purge} drops
 * expired suspicions and strikes older than {@code strikeExpiryMs}; the peer calls it on every
 * maintenance tick, so a flood of peers that are never asked about again does not linger.
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
  private final int maxSuspects;
  private final int maxStrikes;
  private final long strikeExpiryMs;
  private final Consumer<ChordCounter> evicted;
  /*
   * The four collections start as the shared empty ones and are made at their first entry: most
   * peers of a large ring never suspect anyone, and four empty collections were 180 bytes of each
   * simulated peer. Reading, removing from and clearing the empty ones is safe; every put goes
   * through the writable* methods.
   */
  /** Suspected peers and the end of their suspicion, oldest suspicion first. */
  private Map<PeerRef, Long> suspects = Collections.emptyMap();
  private List<PeerRef> former = Collections.emptyList();
  private Map<PeerRef, Integer> formerFailures = Collections.emptyMap();
  /** Failed requests in a row by peer, oldest last strike first. */
  private Map<PeerRef, Struck> strikes = Collections.emptyMap();
  /**
   * Peers silent to this one that another peer reached (confirmed failures), and until when that
   * holds: alive, but out of reach from here (made at its first entry, as the others).
   */
  private Map<PeerRef, Long> elsewhere = Collections.emptyMap();

  /** Strikes of one peer and the time of the last. */
  private record Struck(int count, long at) {
  }

  /**
   * Suspicion for {@code self} with the default caps and no eviction report.
   *
   * @param maxCandidates how many suspected peers are remembered as recovery candidates
   * @param suspectMs how long a suspected peer is kept out
   */
  public Suspicion(IdRing ring, PeerRef self, int maxCandidates, long suspectMs) {
    this(ring, self, maxCandidates, suspectMs, 1024, 1024, 30_000, name -> { });
  }

  /**
   * Suspicion for {@code self}.
   *
   * @param maxCandidates how many suspected peers are remembered as recovery candidates
   * @param suspectMs how long a suspected peer is kept out
   * @param maxSuspects most suspicions kept at once
   * @param maxStrikes most peers with strikes kept at once
   * @param strikeExpiryMs strikes older than this are dropped by {@link #purge}
   * @param evicted told the counter of every eviction
   */
  public Suspicion(IdRing ring, PeerRef self, int maxCandidates, long suspectMs, int maxSuspects, int maxStrikes,
      long strikeExpiryMs, Consumer<ChordCounter> evicted) {
    this.ring = ring;
    this.self = self;
    this.maxCandidates = maxCandidates;
    this.suspectMs = suspectMs;
    this.maxSuspects = maxSuspects;
    this.maxStrikes = maxStrikes;
    this.strikeExpiryMs = strikeExpiryMs;
    this.evicted = evicted;
  }

  /** Drops the suspicions that ended and the strikes older than the strike expiry, at time {@code now}. */
  public void purge(long now) {
    suspects.values().removeIf(until -> until <= now);
    strikes.values().removeIf(s -> now - s.at() >= strikeExpiryMs);
    if (!elsewhere.isEmpty()) {
      elsewhere.values().removeIf(until -> until <= now);
    }
  }

  /**
   * Notes that {@code peer}, silent to this one, answered another peer: until {@code until} it is
   * alive but out of reach from here, neither used nor taken for failed.
   */
  public void reachedElsewhere(PeerRef peer, long until) {
    if (!(elsewhere instanceof LinkedHashMap)) {
      elsewhere = new LinkedHashMap<>();
    }
    elsewhere.remove(peer);
    elsewhere.put(peer, until);
    evictOldest(elsewhere, maxSuspects, ChordCounter.EVICTED_SUSPECTS);
  }

  /** Whether {@code peer} is alive but out of reach from here at time {@code now}. */
  public boolean outOfReach(PeerRef peer, long now) {
    if (elsewhere.isEmpty()) {
      return false;
    }
    Long until = elsewhere.get(peer);
    return until != null && until > now;
  }

  /** Peers currently in the suspicion map (expired ones included until purged). */
  public int suspectEntries() {
    return suspects.size();
  }

  /** Peers currently with strikes. */
  public int strikeEntries() {
    return strikes.size();
  }

  /** Whether {@code peer} may be used at time {@code now}: not the owner and not suspected. */
  public boolean usable(PeerRef peer, long now) {
    if (peer == null || peer.equals(self)) {
      return false;
    }
    if (suspects.isEmpty()) {
      // without hashing the peer: its address would be read for nothing
      return true;
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

  /**
   * The peers suspected at time {@code now} (ended suspicions are dropped first), at most
   * {@code max} of them, nearest clockwise from the owner first.
   */
  public List<PeerRef> suspected(long now, int max) {
    suspects.values().removeIf(until -> until <= now);
    List<PeerRef> out = new ArrayList<>(suspects.keySet());
    out.sort((a, b) -> ring.compareFrom(self.id(), a.id(), b.id()));
    return out.size() > max ? List.copyOf(out.subList(0, max)) : out;
  }

  /** Suspects {@code peer} until {@code now + suspectMs} and remembers it as a recovery candidate. */
  public void suspect(PeerRef peer, long now) {
    if (suspectMs > 0) {
      suspects.remove(peer);
      writableSuspects().put(peer, now + suspectMs);
      evictOldest(suspects, maxSuspects, ChordCounter.EVICTED_SUSPECTS);
    }
    remember(peer);
  }

  /**
   * Counts a failed request to {@code peer}. Under load a single late reply is no evidence of a
   * crash; {@link #STRIKES} in a row, with the timeout backed off between them, are taken as one.
   */
  public Strike strike(PeerRef peer) {
    return strike(peer, 0);
  }

  /** {@link #strike(PeerRef)} at time {@code now} (the time {@link #purge} ages strikes by). */
  public Strike strike(PeerRef peer, long now) {
    Struck before = strikes.remove(peer);
    int count = before == null ? 1 : before.count() + 1;
    if (count < STRIKES) {
      writableStrikes().put(peer, new Struck(count, now));
      evictOldest(strikes, maxStrikes, ChordCounter.EVICTED_STRIKES);
      return Strike.COUNTED;
    }
    return Strike.SUSPECT;
  }

  private Map<PeerRef, Long> writableSuspects() {
    if (!(suspects instanceof LinkedHashMap)) {
      suspects = new LinkedHashMap<>();
    }
    return suspects;
  }

  private Map<PeerRef, Struck> writableStrikes() {
    if (!(strikes instanceof LinkedHashMap)) {
      strikes = new LinkedHashMap<>();
    }
    return strikes;
  }

  private List<PeerRef> writableFormer() {
    if (!(former instanceof ArrayList)) {
      former = new ArrayList<>();
    }
    return former;
  }

  private Map<PeerRef, Integer> writableFormerFailures() {
    if (!(formerFailures instanceof HashMap)) {
      formerFailures = new HashMap<>();
    }
    return formerFailures;
  }

  private void evictOldest(Map<PeerRef, ?> map, int cap, ChordCounter counter) {
    if (map.size() <= cap) {
      return;
    }
    Iterator<PeerRef> oldest = map.keySet().iterator();
    while (map.size() > cap) {
      oldest.next();
      oldest.remove();
      evicted.accept(counter);
    }
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
    if (!elsewhere.isEmpty()) {
      elsewhere.remove(peer);
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
      if (writableFormerFailures().merge(peer, 1, Integer::sum) > MAX_CANDIDATE_FAILURES) {
        former.remove(peer);
        formerFailures.remove(peer);
      }
      return;
    }
    int at = 0;
    while (at < former.size() && ring.compareFrom(self.id(), former.get(at).id(), peer.id()) < 0) {
      at++;
    }
    writableFormer().add(at, peer);
    writableFormerFailures().put(peer, 1);
    if (former.size() > maxCandidates) {
      formerFailures.remove(former.remove(former.size() - 1));
    }
  }
}
