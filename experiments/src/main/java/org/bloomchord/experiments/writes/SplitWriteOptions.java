package org.bloomchord.experiments.writes;

import java.util.List;

/**
 * What one run of {@link SplitWriteTrial} is. Defaults in {@link #defaults()}, variants by
 * {@code withX}; validated.
 *
 * @param peers ring size, 4..{@value #MAX_PEERS} (default 64)
 * @param shares the split: shares of the peers per side, each above 0, summing to 1 (default
 *     [0.5, 0.5]; [1/3, 1/3, 1/3] is the 1+1+1 split)
 * @param warmMs simulated time the clients work on the whole ring before the split (default 30 s)
 * @param splitMs how long the split lasts (default 60 s)
 * @param afterHealMs how long the clients go on reading (gets only) after the heal, while the rings merge
 *     (default 60 s)
 * @param settleMs the longest wait, once the clients stopped, for one correct ring by the oracle (default 10 min)
 * @param quietMs simulated time after one ring before the final reads, for hand-back and replica
 *     sync (default 60 s)
 * @param clientsPerSide concurrent clients on each side, each bound to one peer of its side (default 3)
 * @param keys the shared key space every client writes and reads (default 16)
 * @param thinkMs mean pause of a client between the end of an operation and the start of its next,
 *     drawn uniformly from [0, 2·thinkMs] (default 1,000)
 * @param putShare share of operations that are puts, the rest gets (default 0.5)
 * @param readQuorum replicas every get waits for, 1..3 (default 1)
 * @param refusalExpiryMs with a value above 0, the peers refuse writes on the minority side
 *     ({@code chord.store.StableView}) and replace a lost neighbourhood after this long; 0 (the
 *     default) accepts writes on every side
 * @param seed root of every random choice (default 42)
 */
public record SplitWriteOptions(int peers, List<Double> shares, long warmMs, long splitMs, long afterHealMs,
    long settleMs, long quietMs, int clientsPerSide, int keys, long thinkMs, double putShare, int readQuorum,
    long refusalExpiryMs, long seed) {

  /** Largest ring. */
  public static final int MAX_PEERS = 10_000;
  /** Longest split: a day of simulated time. */
  public static final long MAX_SPLIT_MS = 86_400_000L;

  public SplitWriteOptions {
    check(peers >= 4 && peers <= MAX_PEERS, "--peers must be in 4.." + MAX_PEERS + ", got " + peers);
    check(shares != null && shares.size() >= 2 && shares.size() <= 16, "--split needs 2..16 sides, got " + shares);
    shares = List.copyOf(shares);
    double sum = 0;
    for (double s : shares) {
      check(s > 0 && s < 1, "--split shares must lie in (0, 1), got " + shares);
      sum += s;
    }
    check(Math.abs(sum - 1) < 1e-6, "--split shares must sum to 1, got " + shares);
    check(splitMs >= 1_000 && splitMs <= MAX_SPLIT_MS, "--split-for must be in 1s..24h, got " + splitMs + " ms");
    check(warmMs >= 0 && afterHealMs >= 0 && quietMs >= 0, "phase durations must not be negative");
    check(settleMs >= 1_000 && settleMs <= MAX_SPLIT_MS, "settle must be in 1s..24h, got " + settleMs + " ms");
    check(clientsPerSide >= 1 && clientsPerSide <= 64, "--clients must be in 1..64, got " + clientsPerSide);
    check(keys >= 1 && keys <= 1_000_000, "--keys must be in 1..1000000, got " + keys);
    check(thinkMs >= 10 && thinkMs <= 3_600_000, "--think-ms must be in 10..3600000, got " + thinkMs);
    check(putShare > 0 && putShare <= 1, "--put-share must be in (0, 1], got " + putShare);
    check(refusalExpiryMs >= 0 && refusalExpiryMs <= MAX_SPLIT_MS, "--refusal-expiry must be in 0..24h");
    check(readQuorum >= 1 && readQuorum <= 3, "--read-quorum must be in 1..3, got " + readQuorum);
    for (double s : shares) {
      check(Math.round(s * peers) >= clientsPerSide, "each side needs at least --clients peers: " + shares + " of "
          + peers + " peers");
    }
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** The defaults: 64 peers split in halves for a minute, three clients a side on 16 keys. */
  public static SplitWriteOptions defaults() {
    return SplitWriteOptions.builder().peers(64).shares(List.of(0.5, 0.5)).warmMs(30_000).splitMs(60_000)
        .afterHealMs(60_000).settleMs(600_000).quietMs(60_000).clientsPerSide(3).keys(16).thinkMs(1_000)
        .putShare(0.5).readQuorum(1).refusalExpiryMs(0).seed(42).build();
  }

  /** With another ring size. */
  public SplitWriteOptions withPeers(int p) {
    return toBuilder().peers(p).build();
  }

  /** With another split. */
  public SplitWriteOptions withSplit(List<Double> s, long ms) {
    return toBuilder().shares(s).splitMs(ms).build();
  }

  /** With other phase lengths around the split. */
  public SplitWriteOptions withPhases(long warm, long afterHeal, long settle, long quiet) {
    return toBuilder().warmMs(warm).afterHealMs(afterHeal).settleMs(settle).quietMs(quiet).build();
  }

  /** With another workload. */
  public SplitWriteOptions withClients(int perSide, int keyCount, long think, double puts) {
    return toBuilder().clientsPerSide(perSide).keys(keyCount).thinkMs(think).putShare(puts).build();
  }

  /** With another read quorum. */
  public SplitWriteOptions withReadQuorum(int q) {
    return toBuilder().readQuorum(q).build();
  }

  /** With the minority refusal on (expiry above 0) or off (0). */
  public SplitWriteOptions withRefusal(long expiryMs) {
    return toBuilder().refusalExpiryMs(expiryMs).build();
  }

  /** With another seed. */
  public SplitWriteOptions withSeed(long s) {
    return toBuilder().seed(s).build();
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  private Builder toBuilder() {
    return new Builder()
        .peers(peers)
        .shares(shares)
        .warmMs(warmMs)
        .splitMs(splitMs)
        .afterHealMs(afterHealMs)
        .settleMs(settleMs)
        .quietMs(quietMs)
        .clientsPerSide(clientsPerSide)
        .keys(keys)
        .thinkMs(thinkMs)
        .putShare(putShare)
        .readQuorum(readQuorum)
        .refusalExpiryMs(refusalExpiryMs)
        .seed(seed);
  }

  /** Builds a {@link SplitWriteOptions} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private int peers;
    private List<Double> shares;
    private long warmMs;
    private long splitMs;
    private long afterHealMs;
    private long settleMs;
    private long quietMs;
    private int clientsPerSide;
    private int keys;
    private long thinkMs;
    private double putShare;
    private int readQuorum;
    private long refusalExpiryMs;
    private long seed;

    private Builder() {
    }

    /** Sets {@link SplitWriteOptions#peers()}. */
    public Builder peers(int value) {
      peers = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#shares()}. */
    public Builder shares(List<Double> value) {
      shares = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#warmMs()}. */
    public Builder warmMs(long value) {
      warmMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#splitMs()}. */
    public Builder splitMs(long value) {
      splitMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#afterHealMs()}. */
    public Builder afterHealMs(long value) {
      afterHealMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#settleMs()}. */
    public Builder settleMs(long value) {
      settleMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#quietMs()}. */
    public Builder quietMs(long value) {
      quietMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#clientsPerSide()}. */
    public Builder clientsPerSide(int value) {
      clientsPerSide = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#keys()}. */
    public Builder keys(int value) {
      keys = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#thinkMs()}. */
    public Builder thinkMs(long value) {
      thinkMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#putShare()}. */
    public Builder putShare(double value) {
      putShare = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#readQuorum()}. */
    public Builder readQuorum(int value) {
      readQuorum = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#refusalExpiryMs()}. */
    public Builder refusalExpiryMs(long value) {
      refusalExpiryMs = value;
      return this;
    }

    /** Sets {@link SplitWriteOptions#seed()}. */
    public Builder seed(long value) {
      seed = value;
      return this;
    }

    /** The record. */
    public SplitWriteOptions build() {
      return new SplitWriteOptions(peers, shares, warmMs, splitMs, afterHealMs, settleMs, quietMs,
          clientsPerSide, keys, thinkMs, putShare, readQuorum, refusalExpiryMs, seed);
    }
  }
}
