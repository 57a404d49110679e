package org.bloomchord.chord;

import org.bloomchord.chord.lookup.LookupMode;

/**
 * Builds a {@link ChordConfig} by name. A new builder holds the documented defaults, the only place
 * they are written ({@link ChordConfig#defaults()} is {@code builder().build()}); each setter names
 * one component, and {@link #build()} runs the record's validation. A {@code maxHops} of 0 is
 * derived from the other fields, and quorums of 0 mean the store's defaults.
 */
public final class ChordConfigBuilder {
  private int idBits = 64;
  private int successors = 8;
  private int replicas = 3;
  private long stabilizeMs = 500;
  private long fixFingersMs = 500;
  private long checkPredecessorMs = 1000;
  private long replicaSyncMs = 5000;
  private double jitter = 0.2;
  private long requestTimeoutMs = 1000;
  private long lookupTimeoutMs = 10_000;
  private long suspectMs = 5000;
  private int operationAttempts = 3;
  private int virtualNodes = 1;
  private LookupMode lookupMode = LookupMode.RECURSIVE;
  private int maxHops = 0;
  private int maxPeersPerMessage = 64;
  private int maxKeyBytes = 1024;
  private int maxValueBytes = 65536;
  private int maxEntriesPerTransfer = 512;
  private long stabilizeCeilingMs = 0;
  private long fixFingersCeilingMs = 0;
  private boolean successorRouting = false;
  private ChordLimits limits = ChordLimits.defaults();
  private int writeQuorum = 0;
  private int readQuorum = 0;
  private int proximityCandidates = 0;
  private boolean successorPush = false;
  private boolean fingerPush = false;
  private boolean confirmFailures = false;

  /** A builder with the documented defaults; {@link ChordConfig#builder()} is the usual way in. */
  ChordConfigBuilder() {
  }

  /** Sets {@link ChordConfig#idBits()}. */
  public ChordConfigBuilder idBits(int value) {
    idBits = value;
    return this;
  }

  /** Sets {@link ChordConfig#successors()}. */
  public ChordConfigBuilder successors(int value) {
    successors = value;
    return this;
  }

  /** Sets {@link ChordConfig#replicas()}. */
  public ChordConfigBuilder replicas(int value) {
    replicas = value;
    return this;
  }

  /** Sets {@link ChordConfig#stabilizeMs()}. */
  public ChordConfigBuilder stabilizeMs(long value) {
    stabilizeMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#fixFingersMs()}. */
  public ChordConfigBuilder fixFingersMs(long value) {
    fixFingersMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#checkPredecessorMs()}. */
  public ChordConfigBuilder checkPredecessorMs(long value) {
    checkPredecessorMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#replicaSyncMs()}. */
  public ChordConfigBuilder replicaSyncMs(long value) {
    replicaSyncMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#jitter()}. */
  public ChordConfigBuilder jitter(double value) {
    jitter = value;
    return this;
  }

  /** Sets {@link ChordConfig#requestTimeoutMs()}. */
  public ChordConfigBuilder requestTimeoutMs(long value) {
    requestTimeoutMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#lookupTimeoutMs()}. */
  public ChordConfigBuilder lookupTimeoutMs(long value) {
    lookupTimeoutMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#suspectMs()}. */
  public ChordConfigBuilder suspectMs(long value) {
    suspectMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#operationAttempts()}. */
  public ChordConfigBuilder operationAttempts(int value) {
    operationAttempts = value;
    return this;
  }

  /** Sets {@link ChordConfig#virtualNodes()}. */
  public ChordConfigBuilder virtualNodes(int value) {
    virtualNodes = value;
    return this;
  }

  /** Sets {@link ChordConfig#lookupMode()}. */
  public ChordConfigBuilder lookupMode(LookupMode value) {
    lookupMode = value;
    return this;
  }

  /** Sets {@link ChordConfig#maxHops()}. */
  public ChordConfigBuilder maxHops(int value) {
    maxHops = value;
    return this;
  }

  /** Sets {@link ChordConfig#maxPeersPerMessage()}. */
  public ChordConfigBuilder maxPeersPerMessage(int value) {
    maxPeersPerMessage = value;
    return this;
  }

  /** Sets {@link ChordConfig#maxKeyBytes()}. */
  public ChordConfigBuilder maxKeyBytes(int value) {
    maxKeyBytes = value;
    return this;
  }

  /** Sets {@link ChordConfig#maxValueBytes()}. */
  public ChordConfigBuilder maxValueBytes(int value) {
    maxValueBytes = value;
    return this;
  }

  /** Sets {@link ChordConfig#maxEntriesPerTransfer()}. */
  public ChordConfigBuilder maxEntriesPerTransfer(int value) {
    maxEntriesPerTransfer = value;
    return this;
  }

  /** Sets {@link ChordConfig#stabilizeCeilingMs()}. */
  public ChordConfigBuilder stabilizeCeilingMs(long value) {
    stabilizeCeilingMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#fixFingersCeilingMs()}. */
  public ChordConfigBuilder fixFingersCeilingMs(long value) {
    fixFingersCeilingMs = value;
    return this;
  }

  /** Sets {@link ChordConfig#successorRouting()}. */
  public ChordConfigBuilder successorRouting(boolean value) {
    successorRouting = value;
    return this;
  }

  /** Sets {@link ChordConfig#limits()}. */
  public ChordConfigBuilder limits(ChordLimits value) {
    limits = value;
    return this;
  }

  /** Sets {@link ChordConfig#writeQuorum()}. */
  public ChordConfigBuilder writeQuorum(int value) {
    writeQuorum = value;
    return this;
  }

  /** Sets {@link ChordConfig#readQuorum()}. */
  public ChordConfigBuilder readQuorum(int value) {
    readQuorum = value;
    return this;
  }

  /** Sets {@link ChordConfig#proximityCandidates()}. */
  public ChordConfigBuilder proximityCandidates(int value) {
    proximityCandidates = value;
    return this;
  }

  /** Sets {@link ChordConfig#successorPush()}. */
  public ChordConfigBuilder successorPush(boolean value) {
    successorPush = value;
    return this;
  }

  /** Sets {@link ChordConfig#fingerPush()}. */
  public ChordConfigBuilder fingerPush(boolean value) {
    fingerPush = value;
    return this;
  }

  /** Sets {@link ChordConfig#confirmFailures()}. */
  public ChordConfigBuilder confirmFailures(boolean value) {
    confirmFailures = value;
    return this;
  }

  /** The configuration, validated. */
  public ChordConfig build() {
    return new ChordConfig(idBits, successors, replicas, stabilizeMs, fixFingersMs, checkPredecessorMs, replicaSyncMs,
        jitter, requestTimeoutMs, lookupTimeoutMs, suspectMs, operationAttempts, virtualNodes,
        lookupMode, maxHops, maxPeersPerMessage, maxKeyBytes, maxValueBytes, maxEntriesPerTransfer,
        stabilizeCeilingMs, fixFingersCeilingMs, successorRouting, limits, writeQuorum, readQuorum,
        proximityCandidates, successorPush, fingerPush, confirmFailures);
  }
}
