package org.bloomchord.chord.wire;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Seeds;

/**
 * The messages of the Chord protocol. Each is an immutable record with a codec in
 * {@link ChordWire}; nullable fields are stated. Lists are copied on construction. The class is
 * long because it is the protocol's vocabulary in one place: every message, its fields and what
 * each means, beside one another, as the wire registry numbers them.
 */
public final class ChordMessages {

  private ChordMessages() {
  }

  /** The empty reply that acknowledges a request. */
  public record Ack() implements Message {
  }

  /** A liveness probe (check-predecessor); answered with {@link Ack}. */
  public record Ping() implements Message {
  }

  /**
   * A recursive lookup step: the receiver acknowledges at once, then routes it on. A step is
   * <em>final</em> once some peer believed the key lies between itself and the receiver's id
   * ({@code bound}); a receiver of a final step answers the origin itself when the key lies in its
   * own range (predecessor, self], and hands the step back to its predecessor when that peer lies
   * between the key and it (a peer that joined there).
   *
   * @param lookupId the origin's identifier of this lookup
   * @param key the key id looked up
   * @param origin the peer waiting for the answer
   * @param hops forwarding messages so far, this one included
   * @param timeouts next hops that timed out so far
   * @param finalStep present once the step is final: who believed the receiver to be the key's
   *     successor, and after how many hops
   */
  public record FindSuccessor(long lookupId, long key, PeerRef origin, int hops, int timeouts,
      Optional<FinalStep> finalStep) implements Message {
    public FindSuccessor {
      Objects.requireNonNull(origin, "origin");
      Objects.requireNonNull(finalStep, "finalStep");
    }

    /**
     * What makes a step final.
     *
     * @param predecessorHops forwarding messages until a peer found the key between itself and its
     *     successor (the paper's path length), at least 0
     * @param bound the id of the peer that believed the key lies in (bound, receiver]
     */
    public record FinalStep(int predecessorHops, long bound) {
      public FinalStep {
        if (predecessorHops < 0) {
          throw new IllegalArgumentException("predecessorHops must not be negative, got " + predecessorHops);
        }
      }
    }

    /** The first step of lookup {@code lookupId} of {@code key}, sent by its {@code origin}. */
    public static FindSuccessor first(long lookupId, long key, PeerRef origin) {
      return new FindSuccessor(lookupId, key, origin, 0, 0, Optional.empty());
    }

    /** This step forwarded one hop towards the key's predecessor: not final (whatever it was). */
    public FindSuccessor forwarded() {
      return new FindSuccessor(lookupId, key, origin, hops + 1, timeouts, Optional.empty());
    }

    /**
     * This step forwarded one hop to the key's successor as the sender, {@code sender}, believes it:
     * final, with the path length so far unless an earlier peer already set it.
     */
    public FindSuccessor toCandidate(long sender) {
      int predecessorHops = finalStep.map(FinalStep::predecessorHops).orElse(hops);
      return new FindSuccessor(lookupId, key, origin, hops + 1, timeouts,
          Optional.of(new FinalStep(predecessorHops, sender)));
    }

    /** This final step handed back one hop to the receiver's predecessor, still final. */
    public FindSuccessor handedBack() {
      return new FindSuccessor(lookupId, key, origin, hops + 1, timeouts, finalStep);
    }

    /** This step after its next hop timed out, to be routed again from the same peer. */
    public FindSuccessor timedOut() {
      return new FindSuccessor(lookupId, key, origin, hops, timeouts + 1, finalStep);
    }

    /** Whether some peer already believed the receiver to be the key's successor. */
    public boolean isFinal() {
      return finalStep.isPresent();
    }

    /**
     * The paper's path length of this lookup if the receiver answers it as the key's owner: the
     * hops until a peer found the key between itself and its successor (for a step that is not
     * final, the receiver's predecessor on the path did).
     */
    public int pathLength() {
      return finalStep.map(FinalStep::predecessorHops).orElse(Math.max(0, hops - 1));
    }
  }

  /**
   * The end of a recursive lookup, sent one-way to the origin by the key's successor itself (or,
   * with {@code successor} null, by the peer that gave the lookup up).
   *
   * @param lookupId the origin's identifier of the lookup
   * @param successor the key's successor (the sender), or null when the lookup failed
   * @param successors the successor followed by its own successors, nearest first
   * @param hops forwarding messages from the origin to the peer that found the key between itself
   *     and its successor (the paper's path length)
   * @param timeouts next hops that timed out on the way
   * @param ownerHops forwarding messages from the origin to the successor that answered
   */
  public record LookupDone(long lookupId, PeerRef successor, List<PeerRef> successors, int hops, int timeouts,
      int ownerHops) implements Message {
    public LookupDone {
      successors = List.copyOf(successors);
    }

    /** The answer to step {@code q} by its receiver {@code owner}, the key's successor, with its successors. */
    public static LookupDone answered(FindSuccessor q, PeerRef owner, List<PeerRef> successors) {
      return new LookupDone(q.lookupId(), owner, successors, q.pathLength(), q.timeouts(), q.hops());
    }

    /** The end of lookup step {@code q} given up by the peer that held it: no successor. */
    public static LookupDone gaveUp(FindSuccessor q) {
      return new LookupDone(q.lookupId(), null, List.of(), q.hops(), q.timeouts(), q.hops());
    }
  }

  /**
   * An iterative lookup step: "is the key yours to answer, or who is next?".
   *
   * @param key the key id
   * @param exclude ids of peers the origin found unresponsive; the receiver must not name them
   * @param candidate whether a previous peer named the receiver as the key's successor (as
   *     {@link FindSuccessor#isFinal()})
   * @param bound when {@code candidate}, the id of the peer that believed the key lies in
   *     (bound, receiver]
   */
  public record NextHopQuery(long key, List<Long> exclude, boolean candidate, long bound) implements Message {
    public NextHopQuery {
      exclude = List.copyOf(exclude);
    }
  }

  /**
   * The reply to {@link NextHopQuery}.
   *
   * @param done whether the replying peer is the key's successor ({@code peer} is then the replier)
   * @param candidate when not done, whether the replier believes {@code peer} to be the key's
   *     successor (the key lies between the replier and it, or the replier hands the key back to
   *     its predecessor)
   * @param peer the replier when done, else the next peer to ask; null when the peer knows no next
   *     hop
   * @param successors when done, the replier followed by its successors
   */
  public record NextHop(boolean done, boolean candidate, PeerRef peer, List<PeerRef> successors) implements Message {
    public NextHop {
      successors = List.copyOf(successors);
    }
  }

  /**
   * Stabilize: asks a peer for its predecessor and successor list.
   *
   * @param predecessor the asker's own predecessor when stabilize did not tell this peer yet, else
   *     null; the successor keeps it while the asker is its predecessor and passes it on in
   *     {@link Predecessor#beyond}
   * @param listTag the {@link #listTag} of the successor list this peer last sent the asker, or 0
   *     for none: when the list is still the same, the answer leaves it out
   *     ({@link Neighbors#unchanged})
   */
  public record GetNeighbors(PeerRef predecessor, long listTag) implements Message {

    /** A request that tells nothing of the asker's predecessor and holds no list of the peer asked. */
    public GetNeighbors() {
      this(null, 0);
    }
  }

  /**
   * The reply to {@link GetNeighbors}.
   *
   * @param predecessor the replier's predecessor, or null
   * @param successors the replier's successor list, nearest first; empty when {@code unchanged}
   * @param unchanged the list is the one the request's {@link GetNeighbors#listTag} names, which
   *     the asker holds, so it is not sent again
   */
  public record Neighbors(PeerRef predecessor, List<PeerRef> successors, boolean unchanged) implements Message {
    public Neighbors {
      successors = unchanged ? List.of() : List.copyOf(successors);
    }

    /** A reply that sends the whole list. */
    public Neighbors(PeerRef predecessor, List<PeerRef> successors) {
      this(predecessor, successors, false);
    }
  }

  /**
   * The tag of a successor list in {@link GetNeighbors#listTag}: a 64-bit hash of its peers' ids
   * and addresses in order, never 0. Two different lists share a tag with a chance of about
   * 2^-64; an answer's peer could lie about its list anyway.
   */
  public static long listTag(List<PeerRef> peers) {
    long h = 0x243F6A8885A308D3L;
    for (int i = 0; i < peers.size(); i++) {
      PeerRef p = peers.get(i);
      h = step(h ^ p.id());
      h = step(h ^ p.address().hashCode());
    }
    h = step(h ^ peers.size());
    return h == 0 ? 1 : h;
  }

  /** One step of {@link #listTag}: a multiply-add, then SplitMix64's finaliser. */
  private static long step(long x) {
    return Seeds.mix(x * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
  }

  /**
   * Fix-fingers: asks a finger for its predecessor, to check that no peer joined before it.
   *
   * @param finger whether the request checks a finger whose start is {@code start}: the answer
   *     then names no peer when the replier is still that finger ({@link Predecessor#holds})
   * @param start the finger's start, when {@code finger}
   */
  public record GetPredecessor(boolean finger, long start) implements Message {

    /** A request for the predecessor, whatever it is. */
    public GetPredecessor() {
      this(false, 0);
    }
  }

  /**
   * The reply to {@link GetPredecessor}.
   *
   * @param predecessor the replier's predecessor, or null; null when {@code holds}
   * @param beyond the predecessor's own predecessor as the predecessor last told it
   *     ({@link Notify#predecessor}, {@link GetNeighbors#predecessor}), or null when unknown: a
   *     fix-fingers check that finds a peer joined before its finger learns in the same answer
   *     whether one more did; null when {@code holds}
   * @param holds the replier's predecessor lies before the start the request named, so no peer
   *     lies in [start, replier) and the replier is still the asker's finger: the answer of most
   *     checks, which then decode no peer
   */
  public record Predecessor(PeerRef predecessor, PeerRef beyond, boolean holds) implements Message {

    /** The one answer that the replier still holds the finger: it names nothing, so one instance serves. */
    private static final Predecessor HOLDS = new Predecessor(null, null, true);

    public Predecessor {
      if (holds) {
        predecessor = null;
        beyond = null;
      }
    }

    /** An answer that names the predecessor and the peer beyond it. */
    public Predecessor(PeerRef predecessor, PeerRef beyond) {
      this(predecessor, beyond, false);
    }

    /** An answer that names no peer beyond the predecessor. */
    public Predecessor(PeerRef predecessor) {
      this(predecessor, null, false);
    }

    /** The answer that the replier is still the finger the request checks. */
    public static Predecessor fingerHolds() {
      return HOLDS;
    }
  }

  /** Join: asks the new successor for its fingers, as hints for the joiner's own. */
  public record GetFingers() implements Message {
  }

  /**
   * The reply to {@link GetFingers}.
   *
   * @param fingers the replier's distinct fingers in finger order, at most {@code maxPeersPerMessage}
   */
  public record Fingers(List<PeerRef> fingers) implements Message {
    public Fingers {
      fingers = List.copyOf(fingers);
    }
  }

  /**
   * Join: the joiner tells the successor its lookup named that it is now its predecessor. The
   * successor takes it as predecessor if it lies in (predecessor, successor), hands over the keys
   * of the joiner's range, and only then answers with its {@link Neighbors}; the joiner takes part
   * in the ring (answers lookups as an owner) only once that answer names it as predecessor, so
   * that no lookup for its range is answered by the successor after it began answering them.
   *
   * @param holdsEntries whether the joiner's store holds any entry: a new peer's does not, and the
   *     successor then pushes the range at once ({@link org.bloomchord.chord.store.ReplicaSync#handOff});
   *     a peer that restarted on its old store does, and the successor reconciles with it
   */
  public record JoinNotify(boolean holdsEntries) implements Message {
  }

  /**
   * Join: the successor's answer to a {@link JoinNotify} it accepted; the joiner is now its
   * predecessor.
   *
   * @param predecessor the successor's former predecessor (the joiner's own), or, when
   *     {@code guessed}, the known peer closest before the joiner; null when there is none
   * @param guessed the successor had no predecessor (it was found dead) and named a peer of its
   *     tables instead: a peer that may lie anywhere before the joiner, which the joiner tells that
   *     it joined ({@link JoinedBefore}) but does not take as predecessor, since a predecessor far
   *     back would make the joiner answer for the keys of every peer in between
   * @param successors the successor's successor list, nearest first
   */
  public record JoinAccepted(PeerRef predecessor, boolean guessed, List<PeerRef> successors) implements Message {
    public JoinAccepted {
      if (guessed && predecessor == null) {
        throw new IllegalArgumentException("a guessed predecessor names a peer");
      }
      successors = List.copyOf(successors);
    }
  }

  /**
   * Join: the joiner tells its predecessor (its successor's former predecessor) that it now lies
   * between them (one-way); the receiver takes the sender as successor when it lies in (self,
   * successor), so lookups for the joiner's range go straight to it instead of waiting for the
   * next stabilize.
   *
   * @param guessed the receiver was named as a guess ({@link JoinAccepted#guessed}): a receiver
   *     that takes the sender as successor is then its predecessor and tells it so ({@link Notify})
   */
  public record JoinedBefore(boolean guessed) implements Message {
  }

  /**
   * Notify: the sender believes it may be the receiver's predecessor (one-way).
   *
   * @param predecessor the sender's own predecessor when it did not tell the receiver yet, else
   *     null (as in {@link GetNeighbors#predecessor}): a peer whose predecessor changed tells its
   *     successor at once, so that the successor's answers to fix-fingers name the new one
   */
  public record Notify(PeerRef predecessor) implements Message {

    /** A notify that tells nothing of the sender's predecessor. */
    public Notify() {
      this(null);
    }
  }

  /**
   * A peer's successor list changed: told to its predecessor (one-way), which rebuilds its own
   * list from it as from a stabilize answer when the sender is its successor, and tells its own
   * predecessor in turn when that changed its list. A join or a departure thus reaches the r
   * successor lists that name it within r message delays instead of r stabilize rounds.
   *
   * @param successors the sender's successor list, nearest first
   */
  public record SuccessorsChanged(List<PeerRef> successors) implements Message {
    public SuccessorsChanged {
      successors = List.copyOf(successors);
    }
  }

  /**
   * A peer joined just before the sender (one-way, {@code ChordConfig.fingerPush}): told to each
   * peer that last checked the sender as a finger whose start now lies at or before the joiner.
   * The receiver moves to the joiner every finger that names the sender and whose start the joiner
   * lies at or after, then checks the joiner, so a finger goes right within a few message delays of
   * a join instead of within a round of fix-fingers per finger.
   *
   * @param joined the sender's new predecessor
   */
  public record FingerJoined(PeerRef joined) implements Message {
  }

  /**
   * An indirect probe: the receiver pings {@code target} for the sender, which could not reach it,
   * and answers with {@link ReachResult} (confirmed failures, {@code ChordConfig.confirmFailures}).
   *
   * @param target the peer to reach
   */
  public record ReachCheck(PeerRef target) implements Message {
    public ReachCheck {
      Objects.requireNonNull(target, "target");
    }
  }

  /**
   * The answer to a {@link ReachCheck}.
   *
   * @param reached whether the target answered the receiver's ping
   */
  public record ReachResult(boolean reached) implements Message {
  }

  /**
   * A graceful leave told to the leaver's predecessor (one-way).
   *
   * @param successors the leaver's successor list, so the predecessor can skip the leaver
   */
  public record SuccessorLeaving(List<PeerRef> successors) implements Message {
    public SuccessorLeaving {
      successors = List.copyOf(successors);
    }
  }

  /**
   * A graceful leave told to the leaver's successor (one-way), after its keys were handed over.
   *
   * @param predecessor the leaver's predecessor, or null
   */
  public record PredecessorLeaving(PeerRef predecessor) implements Message {
  }

  /**
   * Store entries pushed to a peer (hand-off on join and leave, replication); answered with
   * {@link Ack} once merged.
   *
   * @param entries at most {@code maxEntriesPerTransfer} entries
   */
  public record StoreTransfer(List<StoredEntry> entries) implements Message {
    public StoreTransfer {
      entries = List.copyOf(entries);
    }
  }

  /**
   * A primary whose range grew (its predecessor crashed) asks a peer of its successor list for the
   * entries it holds with key ids in (from, sender]: with replicas spread over failure domains
   * ({@code store.ReplicaPlacement}) the new primary need not have held a copy of the keys it now
   * owns. The receiver pushes them with {@link StoreTransfer}s and then answers {@link Ack}.
   *
   * @param from the sender's new predecessor's id, the exclusive start of the range
   */
  public record PullRange(long from) implements Message {
  }

  /**
   * A write sent to the key's primary (its successor), which assigns the version.
   *
   * @param key the key
   * @param value the value, or null to delete
   */
  public record PutRequest(String key, String value) implements Message {
    public PutRequest {
      Objects.requireNonNull(key, "key");
    }
  }

  /**
   * The reply to {@link PutRequest}.
   *
   * @param responsible false when the receiver is not the key's successor (the writer looks up again)
   * @param version the version assigned, or null when not responsible
   * @param replicas copies acknowledged, the primary's included; 0 when the primary refused the write
   *     without storing it (the store's minority refusal)
   */
  public record PutReply(boolean responsible, Version version, int replicas) implements Message {
  }

  /**
   * A read of one key from a replica.
   *
   * @param key the key
   */
  public record GetRequest(String key) implements Message {
    public GetRequest {
      Objects.requireNonNull(key, "key");
    }
  }

  /**
   * The reply to {@link GetRequest}.
   *
   * @param entry the replier's entry (possibly a tombstone), or null when it holds none
   */
  public record GetReply(StoredEntry entry) implements Message {
  }
}
