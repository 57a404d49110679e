package org.bloomchord.chord;

import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.overlay.PeerRef;

/**
 * Settings of a Chord peer. All durations are milliseconds of the runtime's clock. The canonical
 * constructor validates every field; {@link #defaults()} gives the documented defaults and the
 * {@code withX} methods derive variants.
 *
 * @param idBits ring width m, 1..64 (default 64)
 * @param successors length r of the successor list, 1..64 (default 8)
 * @param replicas copies of each key: its successor and the next replicas-1 peers, 1..successors
 *     (default 3)
 * @param stabilizeMs period of stabilize/notify (default 500)
 * @param fixFingersMs period of fix-fingers; each round refreshes one finger and every following
 *     finger the same answer covers (default 500)
 * @param checkPredecessorMs period of the predecessor liveness check (default 1000)
 * @param replicaSyncMs period of the safety-net replica sync; sync also runs once changed links
 *     (predecessor, replica targets) stayed the same for two stabilize periods (default 5000)
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
 * @param limits caps of the per-peer and per-request maps and the per-sender quotas
 *     ({@link ChordLimits#defaults()} when null)
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
    ChordLimits limits) {

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
  }

  /** This configuration with other limits. */
  public ChordConfig withLimits(ChordLimits l) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, l);
  }

  /** Whether stabilize or fix-fingers back off on a quiet ring ({@link #withAdaptivePeriods}). */
  public boolean adaptive() {
    return stabilizeCeilingMs > stabilizeMs || fixFingersCeilingMs > fixFingersMs;
  }

  /**
   * This configuration with adaptive maintenance: stabilize backs off up to {@code stabilizeCeiling}
   * and fix-fingers up to {@code fixFingersCeiling} ms while nothing changes (0 keeps a period fixed).
   */
  public ChordConfig withAdaptivePeriods(long stabilizeCeiling, long fixFingersCeiling) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeiling, fixFingersCeiling, successorRouting, limits);
  }

  /** This configuration with routing by fingers and successor list ({@code true}) or by fingers first. */
  public ChordConfig withSuccessorRouting(boolean on) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, on, limits);
  }

  /** The documented defaults. */
  public static ChordConfig defaults() {
    return new ChordConfig(64, 8, 3, 500, 500, 1000, 5000, 0.2, 1000, 10_000, 5000, 3, 1,
        LookupMode.RECURSIVE, 0, 64, 1024, 65536, 512, 0, 0, false, ChordLimits.defaults());
  }

  /** This configuration with another ring width; maxHops is recomputed from it. */
  public ChordConfig withIdBits(int bits) {
    return new ChordConfig(bits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts,
        virtualNodes, lookupMode, 0, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with another successor-list length and replica count. */
  public ChordConfig withSuccessors(int successorCount, int replicaCount) {
    return new ChordConfig(idBits, successorCount, replicaCount, stabilizeMs, fixFingersMs,
        checkPredecessorMs, replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs,
        operationAttempts, virtualNodes, lookupMode, 0, Math.max(maxPeersPerMessage, successorCount),
        maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with other maintenance periods (stabilize, fix-fingers, check-predecessor). */
  public ChordConfig withPeriods(long stabilize, long fixFingers, long checkPredecessor) {
    return new ChordConfig(idBits, successors, replicas, stabilize, fixFingers, checkPredecessor,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts,
        virtualNodes, lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes,
        maxEntriesPerTransfer, stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with other request and lookup timeouts. */
  public ChordConfig withTimeouts(long request, long lookup) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, request, lookup, suspectMs, operationAttempts, virtualNodes, lookupMode,
        maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with another lookup mode. */
  public ChordConfig withLookupMode(LookupMode mode) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts,
        virtualNodes, mode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with {@code v} ring ids per physical peer. */
  public ChordConfig withVirtualNodes(int v) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, v,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with another replica-sync period. */
  public ChordConfig withReplicaSyncMs(long period) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        period, jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
  }

  /** This configuration with another relative jitter of the periodic tasks, in [0, 1). */
  public ChordConfig withJitter(double j) {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs,
        replicaSyncMs, j, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits);
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

  private static void positive(String name, long value) {
    check(value > 0, name + " must be positive, got " + value);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
