package org.bloomchord.chord;

/**
 * The bounds of everything a Chord peer keeps per other peer or per request, and the quotas of what
 * it accepts from one sender. Each map has a cap; when it is full the oldest entry is evicted (or
 * the new one refused, where evicting would drop work in progress), and either is counted under a
 * {@code trust.*} metric. The defaults sit far above what honest traffic of the bundled scenarios
 * needs, so honest runs never reach them.
 *
 * @param maxSuspects most peers suspected at once (default 1024); the oldest suspicion gives way
 *     ({@code trust.evicted.suspects})
 * @param maxStrikes most peers with failed requests counted at once (default 1024); the oldest
 *     gives way ({@code trust.evicted.strikes})
 * @param strikeExpiryMs a strike not followed by another within this long is forgotten at the
 *     next maintenance tick (default 30 000)
 * @param maxPendingLookups most lookups this peer has in progress as origin (default 4096); more
 *     are refused at once ({@code trust.refused.lookups})
 * @param maxSenders most senders whose quota is tracked at once, a sender's bucket being tracked
 *     while it is below its cap (default 4096); the bucket charged longest ago gives way
 *     ({@code trust.evicted.senders})
 * @param requestsPerSecond messages (requests and one-way) accepted per second from one sender,
 *     with a burst of twice as many (default 10 000); beyond it a message is rejected
 *     ({@code trust.quota.requests}); 0 turns the quota off
 * @param bytesPerSecond encoded bytes accepted per second from one sender, with a burst of twice as
 *     many (default 16 MiB); beyond it a message is rejected ({@code trust.quota.bytes}); 0 turns
 *     the quota off
 * @param outOfRangeGraceMs how long a key stays outside this peer's primary range before the peer
 *     checks whether it still replicates it, and drops it (once the owner confirmed holding it)
 *     if not (default 300 000)
 * @param senderLimit makes the peer's {@link SenderLimit} (default, and when null,
 *     {@link SenderLimit#EXACT}: token buckets of the two quotas above, at most {@code maxSenders})
 */
public record ChordLimits(
    int maxSuspects,
    int maxStrikes,
    long strikeExpiryMs,
    int maxPendingLookups,
    int maxSenders,
    long requestsPerSecond,
    long bytesPerSecond,
    long outOfRangeGraceMs,
    SenderLimit.Factory senderLimit) {

  /** Default of {@link #maxSuspects}. */
  public static final int DEFAULT_MAX_SUSPECTS = 1024;
  /** Default of {@link #maxStrikes}. */
  public static final int DEFAULT_MAX_STRIKES = 1024;
  /** Default of {@link #strikeExpiryMs}. */
  public static final long DEFAULT_STRIKE_EXPIRY_MS = 30_000;
  /** Default of {@link #maxPendingLookups}. */
  public static final int DEFAULT_MAX_PENDING_LOOKUPS = 4096;
  /** Default of {@link #maxSenders}. */
  public static final int DEFAULT_MAX_SENDERS = 4096;
  /** Default of {@link #requestsPerSecond}. */
  public static final long DEFAULT_REQUESTS_PER_SECOND = 10_000;
  /** Default of {@link #bytesPerSecond}. */
  public static final long DEFAULT_BYTES_PER_SECOND = 16L << 20;
  /** Default of {@link #outOfRangeGraceMs}. */
  public static final long DEFAULT_OUT_OF_RANGE_GRACE_MS = 300_000;

  public ChordLimits {
    check(maxSuspects >= 1, "maxSuspects must be positive, got " + maxSuspects);
    check(maxStrikes >= 1, "maxStrikes must be positive, got " + maxStrikes);
    check(strikeExpiryMs > 0, "strikeExpiryMs must be positive, got " + strikeExpiryMs);
    check(maxPendingLookups >= 1, "maxPendingLookups must be positive, got " + maxPendingLookups);
    check(maxSenders >= 1, "maxSenders must be positive, got " + maxSenders);
    check(requestsPerSecond >= 0, "requestsPerSecond must not be negative, got " + requestsPerSecond);
    check(bytesPerSecond >= 0, "bytesPerSecond must not be negative, got " + bytesPerSecond);
    check(outOfRangeGraceMs > 0, "outOfRangeGraceMs must be positive, got " + outOfRangeGraceMs);
    if (senderLimit == null) {
      senderLimit = SenderLimit.EXACT;
    }
  }

  /** The documented defaults. */
  public static ChordLimits defaults() {
    return ChordLimits.builder().maxSuspects(DEFAULT_MAX_SUSPECTS).maxStrikes(DEFAULT_MAX_STRIKES)
        .strikeExpiryMs(DEFAULT_STRIKE_EXPIRY_MS).maxPendingLookups(DEFAULT_MAX_PENDING_LOOKUPS)
        .maxSenders(DEFAULT_MAX_SENDERS).requestsPerSecond(DEFAULT_REQUESTS_PER_SECOND)
        .bytesPerSecond(DEFAULT_BYTES_PER_SECOND).outOfRangeGraceMs(DEFAULT_OUT_OF_RANGE_GRACE_MS)
        .senderLimit(SenderLimit.EXACT).build();
  }

  /** These limits with other caps of the suspicion maps. */
  public ChordLimits withSuspicionCaps(int suspects, int strikesCap) {
    return toBuilder().maxSuspects(suspects).maxStrikes(strikesCap).build();
  }

  /** These limits with another cap of lookups in progress. */
  public ChordLimits withMaxPendingLookups(int cap) {
    return toBuilder().maxPendingLookups(cap).build();
  }

  /** These limits with other per-sender quotas and another cap of tracked senders. */
  public ChordLimits withQuotas(int senders, long requests, long bytes) {
    return toBuilder().maxSenders(senders).requestsPerSecond(requests).bytesPerSecond(bytes).build();
  }

  /** These limits with another grace period for keys outside every replicated range. */
  public ChordLimits withOutOfRangeGraceMs(long grace) {
    return toBuilder().outOfRangeGraceMs(grace).build();
  }

  /** These limits with another kind of per-sender limit ({@link SenderLimit#EXACT} by default). */
  public ChordLimits withSenderLimit(SenderLimit.Factory factory) {
    return toBuilder().senderLimit(factory).build();
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  private Builder toBuilder() {
    return new Builder()
        .maxSuspects(maxSuspects)
        .maxStrikes(maxStrikes)
        .strikeExpiryMs(strikeExpiryMs)
        .maxPendingLookups(maxPendingLookups)
        .maxSenders(maxSenders)
        .requestsPerSecond(requestsPerSecond)
        .bytesPerSecond(bytesPerSecond)
        .outOfRangeGraceMs(outOfRangeGraceMs)
        .senderLimit(senderLimit);
  }

  /** Builds a {@link ChordLimits} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private int maxSuspects;
    private int maxStrikes;
    private long strikeExpiryMs;
    private int maxPendingLookups;
    private int maxSenders;
    private long requestsPerSecond;
    private long bytesPerSecond;
    private long outOfRangeGraceMs;
    private SenderLimit.Factory senderLimit;

    private Builder() {
    }

    /** Sets {@link ChordLimits#maxSuspects()}. */
    public Builder maxSuspects(int value) {
      maxSuspects = value;
      return this;
    }

    /** Sets {@link ChordLimits#maxStrikes()}. */
    public Builder maxStrikes(int value) {
      maxStrikes = value;
      return this;
    }

    /** Sets {@link ChordLimits#strikeExpiryMs()}. */
    public Builder strikeExpiryMs(long value) {
      strikeExpiryMs = value;
      return this;
    }

    /** Sets {@link ChordLimits#maxPendingLookups()}. */
    public Builder maxPendingLookups(int value) {
      maxPendingLookups = value;
      return this;
    }

    /** Sets {@link ChordLimits#maxSenders()}. */
    public Builder maxSenders(int value) {
      maxSenders = value;
      return this;
    }

    /** Sets {@link ChordLimits#requestsPerSecond()}. */
    public Builder requestsPerSecond(long value) {
      requestsPerSecond = value;
      return this;
    }

    /** Sets {@link ChordLimits#bytesPerSecond()}. */
    public Builder bytesPerSecond(long value) {
      bytesPerSecond = value;
      return this;
    }

    /** Sets {@link ChordLimits#outOfRangeGraceMs()}. */
    public Builder outOfRangeGraceMs(long value) {
      outOfRangeGraceMs = value;
      return this;
    }

    /** Sets {@link ChordLimits#senderLimit()}. */
    public Builder senderLimit(SenderLimit.Factory value) {
      senderLimit = value;
      return this;
    }

    /** The record. */
    public ChordLimits build() {
      return new ChordLimits(maxSuspects, maxStrikes, strikeExpiryMs, maxPendingLookups, maxSenders,
          requestsPerSecond, bytesPerSecond, outOfRangeGraceMs, senderLimit);
    }
  }
}
