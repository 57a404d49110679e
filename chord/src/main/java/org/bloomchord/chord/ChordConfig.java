package org.bloomchord.chord;

import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.overlay.PeerRef;

/**
 * Settings of a Chord peer. All durations are milliseconds of the runtime's clock. Built by name:
 * {@link #builder()} starts from the documented defaults (written once, in {@link Builder}),
 * {@link #toBuilder()} from an existing configuration, and the {@code withX} methods derive the
 * common variants; the canonical constructor validates every field.
 *
 * <p>Longer than ~300 lines and left whole because it is one immutable record of every Chord
 * setting: its validation and its builder must name every component, and the caps of maps and
 * quotas are already a record of their own ({@link ChordLimits}).
 *
 * @param idBits ring width m, 1..64 (default 64)
 * @param successors length r of the successor list, 1..64 (default 8)
 * @param replicas copies of each key: its successor and replicas-1 peers of its successor list
 *     ({@code store.ReplicaPlacement}), 1..successors (default 3)
 * @param stabilizeMs period of stabilize/notify (default 500)
 * @param fixFingersMs period of fix-fingers; each round refreshes one finger and every following
 *     finger the same answer covers (default 500)
 * @param checkPredecessorMs period of the predecessor liveness check (default 1000)
 * @param replicaSyncMs period of the safety-net replica sync; sync also runs once changed links
 *     (predecessor, replica targets) stayed the same for two stabilize periods (default 5000); with
 *     adaptive maintenance it backs off too, up to {@link #replicaSyncCeilingMs()}
 * @param jitter relative jitter of every periodic task, in [0, 1) (default 0.2)
 * @param requestTimeoutMs base timeout of one peer-to-peer request (default 1000): the floor of the
 *     adaptive timeout, which follows measured round trips up to min(lookupTimeoutMs, 4 times this)
 * @param lookupTimeoutMs how long the origin waits for a whole lookup (default 10000)
 * @param suspectMs how long a suspected peer (two failed requests in a row) is kept out of the
 *     routing tables before it may be asked again (default 5000)
 * @param operationAttempts attempts of a put, get or join before it fails (default 3)
 * @param virtualNodes ring ids per physical peer, 1..64 (default 1, no virtual nodes)
 * @param lookupMode recursive or iterative (default recursive)
 * @param maxHops hops after which a lookup is abandoned (default 2·m + successors + 16, set from
 *     the other fields when given as 0)
 * @param maxPeersPerMessage longest peer list a message may carry (default 64, at least successors)
 * @param maxKeyBytes longest key in UTF-8 bytes (default 1024)
 * @param maxValueBytes longest value in UTF-8 bytes (default 65536)
 * @param maxEntriesPerTransfer most store entries in one transfer message (default 512); longer
 *     transfers are split
 * @param stabilizeCeilingMs adaptive maintenance: the longest interval stabilize backs off to while
 *     rounds change nothing (0, or at most stabilizeMs, keeps the period fixed; default 0)
 * @param fixFingersCeilingMs the same for fix-fingers (default 0, fixed)
 * @param successorRouting route by the closest preceding peer among the fingers and the successor
 *     list, as the ToN 2003 version of Chord does (paths about ½·log2 r hops shorter); off by
 *     default, which routes by fingers and takes the successor list only around failed fingers, as
 *     the SIGCOMM 2001 version does (default false)
 * @param successorPush tell the predecessor whenever the successor list changed
 *     ({@link org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged}); the predecessor adds
 *     the peers named there and removes none, so joins reach the r lists that name them within r
 *     message delays rather than r stabilize rounds, while removals, a rogue successor's
 *     included, still travel one stabilize round per peer; off by default ({@code ring --pushes},
 *     {@code ring --launch stream}, {@code bloomchord node} and the scenario key {@code
 *     successorPush} turn it on; docs/architecture/chord.md, "Maintenance cost")
 * @param fingerPush a peer whose predecessor became a peer that joined just before it tells the
 *     peers that last checked it as a finger whose start now lies at or before the joiner
 *     ({@link org.bloomchord.chord.wire.ChordMessages.FingerJoined}); they move those fingers to
 *     the joiner and check it, so a join reaches the fingers that should name it within a few
 *     message delays instead of within a pass of fix-fingers over each table (about log2 N rounds).
 *     Each peer keeps up to {@link #FINGER_CHECKERS} such peers. Off by default, which keeps the
 *     published protocol of the reproductions; {@code ring --pushes} and {@code bloomchord node}
 *     turn it on (docs/architecture/chord.md, "Finger pushes")
 * @param limits caps of the per-peer and per-request maps and the per-sender quotas
 *     ({@link ChordLimits#defaults()} when null)
 * @param writeQuorum copies (the primary's included) that must hold a put or delete before it is
 *     acknowledged, 1..replicas, or 0 for the default, a majority: replicas / 2 + 1
 * @param readQuorum replicas a get asks at once and waits for before it answers with the newest
 *     version they hold (stale ones are repaired), 1..replicas, or 0 for the default, 1: the
 *     primary, then the replicas in ring order while they lack the key. With readQuorum +
 *     writeQuorum > replicas a get sees the newest acknowledged write while the replica set stays
 * @param proximityCandidates proximity neighbour selection: finger i is the peer with the lowest
 *     measured round trip among the first this many peers of [start(i), start(i+1)) (the successor
 *     of the start and its successor list, so at most successors + 1 count), instead of the
 *     successor of the start; 0 (the default) turns it off, 2..65 turn it on
 * @param confirmFailures before a peer takes another for failed (its second failed request in a
 *     row), it asks two other peers of its tables to reach it ({@code FailureConfirmation}, an
 *     indirect probe as SWIM's); when one does, the peer is alive but out of reach from here
 *     (non-transitive connectivity): it stays in the tables, lookups route around it, and no peer
 *     takes over its range on its silence, so a lookup it owns fails rather than naming another
 *     peer. Costs up to two request timeouts more before a crashed peer leaves the tables. On for
 *     {@code bloomchord node}, whose peers may span hosts; off by default (the simulator's runs
 *     and scenarios), which takes a second failure as a crash (default false)
 */
public record ChordConfig(
    int idBits,
    int successors,
    int replicas,
    long stabilizeMs,
    long fixFingersMs,
    long checkPredecessorMs,
    long replicaSyncMs,
    double jitter,
    long requestTimeoutMs,
    long lookupTimeoutMs,
    long suspectMs,
    int operationAttempts,
    int virtualNodes,
    LookupMode lookupMode,
    int maxHops,
    int maxPeersPerMessage,
    int maxKeyBytes,
    int maxValueBytes,
    int maxEntriesPerTransfer,
    long stabilizeCeilingMs,
    long fixFingersCeilingMs,
    boolean successorRouting,
    ChordLimits limits,
    int writeQuorum,
    int readQuorum,
    int proximityCandidates,
    boolean successorPush,
    boolean fingerPush,
    boolean confirmFailures) {

  /** The most peers a peer remembers as having checked it as their finger ({@code fingerPush}). */
  public static final int FINGER_CHECKERS = 256;

  public ChordConfig {
    check(idBits >= 1 && idBits <= 64, "idBits must be in 1..64, got " + idBits);
    check(successors >= 1 && successors <= 64, "successors must be in 1..64, got " + successors);
    check(replicas >= 1 && replicas <= successors,
        "replicas must be in 1..successors (" + successors + "), got " + replicas);
    positive("stabilizeMs", stabilizeMs);
    positive("fixFingersMs", fixFingersMs);
    positive("checkPredecessorMs", checkPredecessorMs);
    positive("replicaSyncMs", replicaSyncMs);
    check(jitter >= 0 && jitter < 1, "jitter must be in [0, 1), got " + jitter);
    positive("requestTimeoutMs", requestTimeoutMs);
    check(lookupTimeoutMs >= requestTimeoutMs,
        "lookupTimeoutMs must be at least requestTimeoutMs, got " + lookupTimeoutMs);
    check(suspectMs >= 0, "suspectMs must not be negative, got " + suspectMs);
    check(operationAttempts >= 1 && operationAttempts <= 100,
        "operationAttempts must be in 1..100, got " + operationAttempts);
    check(virtualNodes >= 1 && virtualNodes <= 64, "virtualNodes must be in 1..64, got " + virtualNodes);
    check(lookupMode != null, "lookupMode must be given");
    if (maxHops == 0) {
      maxHops = 2 * idBits + successors + 16;
    }
    check(maxHops >= 1 && maxHops <= 10_000, "maxHops must be in 1..10000, got " + maxHops);
    check(maxPeersPerMessage >= successors && maxPeersPerMessage <= 4096,
        "maxPeersPerMessage must be in successors.." + 4096 + ", got " + maxPeersPerMessage);
    check(maxKeyBytes >= 1 && maxKeyBytes <= 1 << 20, "maxKeyBytes must be in 1..2^20, got " + maxKeyBytes);
    check(maxValueBytes >= 0 && maxValueBytes <= 1 << 26,
        "maxValueBytes must be in 0..2^26, got " + maxValueBytes);
    check(maxEntriesPerTransfer >= 1 && maxEntriesPerTransfer <= 1 << 20,
        "maxEntriesPerTransfer must be in 1..2^20, got " + maxEntriesPerTransfer);
    check(stabilizeCeilingMs >= 0, "stabilizeCeilingMs must not be negative, got " + stabilizeCeilingMs);
    check(fixFingersCeilingMs >= 0, "fixFingersCeilingMs must not be negative, got " + fixFingersCeilingMs);
    if (limits == null) {
      limits = ChordLimits.defaults();
    }
    check(writeQuorum >= 0 && writeQuorum <= replicas,
        "writeQuorum must be in 1..replicas (" + replicas + ") or 0 for a majority, got " + writeQuorum);
    check(readQuorum >= 0 && readQuorum <= replicas,
        "readQuorum must be in 1..replicas (" + replicas + ") or 0 for one, got " + readQuorum);
    check(proximityCandidates == 0 || proximityCandidates >= 2 && proximityCandidates <= 65,
        "proximityCandidates must be 0 (off) or in 2..65, got " + proximityCandidates);
  }

  /** Whether fingers are chosen by proximity ({@link #proximityCandidates} &gt; 0). */
  public boolean proximity() {
    return proximityCandidates > 0;
  }

  /** This configuration with proximity neighbour selection among {@code candidates} peers (0 turns it off). */
  public ChordConfig withProximity(int candidates) {
    return toBuilder().proximityCandidates(candidates).build();
  }

  /** Copies that must hold a write before it is acknowledged: the configured one, or a majority of {@link #replicas}. */
  @Override
  public int writeQuorum() {
    return writeQuorum == 0 ? replicas / 2 + 1 : writeQuorum;
  }

  /** Replicas a get waits for: the configured number, or 1. */
  @Override
  public int readQuorum() {
    return readQuorum == 0 ? 1 : readQuorum;
  }

  /** This configuration with other write and read quorums (0 for the defaults). */
  public ChordConfig withQuorums(int write, int read) {
    return toBuilder().writeQuorum(write).readQuorum(read).build();
  }

  /** This configuration with other limits. */
  public ChordConfig withLimits(ChordLimits l) {
    return toBuilder().limits(l).build();
  }

  /** Whether stabilize or fix-fingers back off on a quiet ring ({@link #withAdaptivePeriods}). */
  public boolean adaptive() {
    return stabilizeCeilingMs > stabilizeMs || fixFingersCeilingMs > fixFingersMs;
  }

  /**
   * The longest interval the periodic replica sync backs off to: with adaptive maintenance
   * ({@link #adaptive()}) replicaSyncMs scaled by the larger of the two tasks' ceiling-to-period
   * factors, so the safety net backs off as far as the slowest maintenance task (5 s at 500 ms
   * periods with ceilings of 16 s and 64 s: 640 s), and an idle ring's repair costs no more than
   * its maintenance; otherwise replicaSyncMs (fixed). A round backs off by the same 1.2x as
   * maintenance while the store and the replica targets stay unchanged and every sync succeeds, and
   * returns to replicaSyncMs after any change; a write that a replica did not take, or a failed
   * sync, brings the next round within replicaSyncMs (the chord store's {@code Storage}).
   */
  public long replicaSyncCeilingMs() {
    return backedOff(replicaSyncMs);
  }

  /**
   * The longest interval a periodic task of period {@code periodMs} backs off to on a quiet peer:
   * with adaptive maintenance the period times the larger of the two maintenance ceiling-to-period
   * factors, so every periodic task backs off as far as the slowest maintenance task; otherwise
   * the period itself. The replica sync and the location layer's summary pulls use it.
   */
  public long backedOff(long periodMs) {
    if (!adaptive()) {
      return periodMs;
    }
    double factor = Math.max((double) stabilizeCeilingMs / stabilizeMs, (double) fixFingersCeilingMs / fixFingersMs);
    return Math.min(Long.MAX_VALUE / 4, Math.max(periodMs, Math.round(periodMs * Math.min(factor, 1 << 20))));
  }

  /**
   * This configuration with adaptive maintenance: stabilize backs off up to {@code stabilizeCeiling}
   * and fix-fingers up to {@code fixFingersCeiling} ms while nothing changes (0 keeps a period fixed).
   */
  public ChordConfig withAdaptivePeriods(long stabilizeCeiling, long fixFingersCeiling) {
    return toBuilder().stabilizeCeilingMs(stabilizeCeiling).fixFingersCeilingMs(fixFingersCeiling).build();
  }

  /** This configuration with routing by fingers and successor list ({@code true}) or by fingers first. */
  public ChordConfig withSuccessorRouting(boolean on) {
    return toBuilder().successorRouting(on).build();
  }

  /** This configuration with successor-list pushes on or off (see {@code successorPush}). */
  public ChordConfig withSuccessorPush(boolean on) {
    return toBuilder().successorPush(on).build();
  }

  /** This configuration with finger pushes on or off (see {@code fingerPush}). */
  public ChordConfig withFingerPush(boolean on) {
    return toBuilder().fingerPush(on).build();
  }

  /** This configuration with confirmed failures on or off (see {@code confirmFailures}). */
  public ChordConfig withConfirmFailures(boolean on) {
    return toBuilder().confirmFailures(on).build();
  }

  /** The documented defaults. */
  public static ChordConfig defaults() {
    return builder().build();
  }

  /** This configuration with another ring width; maxHops is recomputed from it. */
  public ChordConfig withIdBits(int bits) {
    return toBuilder().idBits(bits).maxHops(0).build();
  }

  /** This configuration with another successor-list length and replica count. */
  public ChordConfig withSuccessors(int successorCount, int replicaCount) {
    return toBuilder().successors(successorCount).replicas(replicaCount).maxHops(0)
        .maxPeersPerMessage(Math.max(maxPeersPerMessage, successorCount)).build();
  }

  /** This configuration with other maintenance periods (stabilize, fix-fingers, check-predecessor). */
  public ChordConfig withPeriods(long stabilize, long fixFingers, long checkPredecessor) {
    return toBuilder().stabilizeMs(stabilize).fixFingersMs(fixFingers).checkPredecessorMs(checkPredecessor).build();
  }

  /** This configuration with other request and lookup timeouts. */
  public ChordConfig withTimeouts(long request, long lookup) {
    return toBuilder().requestTimeoutMs(request).lookupTimeoutMs(lookup).build();
  }

  /** This configuration with another lookup mode. */
  public ChordConfig withLookupMode(LookupMode mode) {
    return toBuilder().lookupMode(mode).build();
  }

  /** This configuration with {@code v} ring ids per physical peer. */
  public ChordConfig withVirtualNodes(int v) {
    return toBuilder().virtualNodes(v).build();
  }

  /** This configuration with another replica-sync period. */
  public ChordConfig withReplicaSyncMs(long period) {
    return toBuilder().replicaSyncMs(period).build();
  }

  /** This configuration with another relative jitter of the periodic tasks, in [0, 1). */
  public ChordConfig withJitter(double j) {
    return toBuilder().jitter(j).build();
  }

  /**
   * How long join attempt {@code attempt} (1, 2, ...) waits for its lookup: the lookup timeout,
   * doubled with every attempt (a burst of joins is slow, not broken).
   */
  public long joinLookupTimeoutMs(int attempt) {
    return lookupTimeoutMs << Math.min(attempt - 1, 10);
  }

  /**
   * The longest a join may take: the lookup timeouts of every attempt plus two stabilize periods
   * per attempt (the pause between attempts, and a margin).
   */
  public long joinWaitMs() {
    long wait = 0;
    for (int k = 1; k <= operationAttempts; k++) {
      wait += joinLookupTimeoutMs(k) + 2 * stabilizeMs;
    }
    return wait;
  }

  /** Longest peer address accepted on the wire (the overlay's bound). */
  public int maxAddressBytes() {
    return PeerRef.MAX_ADDRESS_BYTES;
  }

  /** A builder holding the documented defaults; {@link ChordConfigBuilder#build()} validates. */
  public static ChordConfigBuilder builder() {
    return new ChordConfigBuilder();
  }

  /** A builder holding this configuration's fields as given (quorums of 0 stay 0, the defaults). */
  public ChordConfigBuilder toBuilder() {
    return new ChordConfigBuilder()
        .idBits(idBits)
        .successors(successors)
        .replicas(replicas)
        .stabilizeMs(stabilizeMs)
        .fixFingersMs(fixFingersMs)
        .checkPredecessorMs(checkPredecessorMs)
        .replicaSyncMs(replicaSyncMs)
        .jitter(jitter)
        .requestTimeoutMs(requestTimeoutMs)
        .lookupTimeoutMs(lookupTimeoutMs)
        .suspectMs(suspectMs)
        .operationAttempts(operationAttempts)
        .virtualNodes(virtualNodes)
        .lookupMode(lookupMode)
        .maxHops(maxHops)
        .maxPeersPerMessage(maxPeersPerMessage)
        .maxKeyBytes(maxKeyBytes)
        .maxValueBytes(maxValueBytes)
        .maxEntriesPerTransfer(maxEntriesPerTransfer)
        .stabilizeCeilingMs(stabilizeCeilingMs)
        .fixFingersCeilingMs(fixFingersCeilingMs)
        .successorRouting(successorRouting)
        .limits(limits)
        .writeQuorum(writeQuorum)
        .readQuorum(readQuorum)
        .proximityCandidates(proximityCandidates)
        .successorPush(successorPush)
        .fingerPush(fingerPush)
        .confirmFailures(confirmFailures);
  }

  private static void positive(String name, long value) {
    check(value > 0, name + " must be positive, got " + value);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
