package org.bloomchord.routing.reconcile;

/**
 * Settings of a reconciling peer, validated on construction; {@link #defaults()} holds the default
 * of every setting.
 *
 * @param bloomFalsePositiveRate target false-positive rate of the Bloom method's filters, in (0, 1)
 *     (default 0.01)
 * @param ibltHashes k of the IBLTs a responder builds, 2..8 (default 3)
 * @param ibltCellsPerDifference cells per estimated difference in the first IBLT (default 2.0; the
 *     table also gets {@code ibltExtraCells} more)
 * @param ibltExtraCells cells added to every first IBLT so small estimates still decode (default 12)
 * @param ibltRetries how many times a failed IBLT is retried with twice the cells (default 4)
 * @param strata strata of the estimator (default 32)
 * @param strataCells cells per stratum, a multiple of 4 (default 80)
 * @param ratelessFirstBatch symbols asked for in the first rateless request (default 1)
 * @param ratelessGrowth each further request asks for at least this share of the symbols received
 *     so far (default 0.125, so the rounds grow logarithmically and at most about 1/8 of a long
 *     stream is surplus); early requests ask for more, balancing surplus against framing per round
 * @param sketchHashes MinHash functions of the {@code auto} method's sketch (default 64)
 * @param requestTimeoutMs timeout of each request (default 30 000 ms)
 * @param maxSessions rateless sessions a responder keeps open at once, each with a copy of its set
 *     (default 8)
 * @param sessionIdleMs a responder drops a rateless session idle this long (default 60 000 ms)
 * @param stream how the rateless method exchanges symbols (default {@link StreamOptions#defaults()}:
 *     streamed; the batched exchange uses {@code ratelessFirstBatch} and {@code ratelessGrowth})
 */
public record ReconcileOptions(
    double bloomFalsePositiveRate,
    int ibltHashes,
    double ibltCellsPerDifference,
    int ibltExtraCells,
    int ibltRetries,
    int strata,
    int strataCells,
    int ratelessFirstBatch,
    double ratelessGrowth,
    int sketchHashes,
    long requestTimeoutMs,
    int maxSessions,
    long sessionIdleMs,
    StreamOptions stream) {

  public ReconcileOptions {
    if (stream == null) {
      throw new IllegalArgumentException("stream options must be given");
    }
    if (!(bloomFalsePositiveRate > 0 && bloomFalsePositiveRate < 1)) {
      throw new IllegalArgumentException("bloomFalsePositiveRate must be in (0, 1): " + bloomFalsePositiveRate);
    }
    if (ibltHashes < 2 || ibltHashes > IbltShape.MAX_HASHES) {
      throw new IllegalArgumentException("ibltHashes must be in [2, " + IbltShape.MAX_HASHES + "]: " + ibltHashes);
    }
    if (!(ibltCellsPerDifference >= 1 && ibltCellsPerDifference <= 100) || ibltExtraCells < 0 || ibltRetries < 0) {
      throw new IllegalArgumentException("IBLT sizing out of range: " + ibltCellsPerDifference + " per difference, "
          + ibltExtraCells + " extra, " + ibltRetries + " retries");
    }
    if (strata < 1 || strata > StrataEstimator.MAX_STRATA || strataCells < 4 || strataCells % 4 != 0
        || strataCells > StrataEstimator.MAX_CELLS) {
      throw new IllegalArgumentException("strata shape out of range: " + strata + " x " + strataCells);
    }
    if (ratelessFirstBatch < 1 || ratelessFirstBatch > CodedSymbols.MAX_RUN || !(ratelessGrowth > 0 && ratelessGrowth <= 4)) {
      throw new IllegalArgumentException("rateless batches out of range: first " + ratelessFirstBatch + ", growth " + ratelessGrowth);
    }
    if (sketchHashes < 1 || sketchHashes > 4096) {
      throw new IllegalArgumentException("sketchHashes must be in [1, 4096]: " + sketchHashes);
    }
    if (requestTimeoutMs < 1 || maxSessions < 1 || sessionIdleMs < 1) {
      throw new IllegalArgumentException("timeouts and session limits must be positive");
    }
  }

  /** The documented defaults. */
  public static ReconcileOptions defaults() {
    return ReconcileOptions.builder().bloomFalsePositiveRate(BloomSummary.DEFAULT_FALSE_POSITIVE_RATE).ibltHashes(3)
        .ibltCellsPerDifference(2.0).ibltExtraCells(12).ibltRetries(4).strata(StrataEstimator.DEFAULT_STRATA)
        .strataCells(StrataEstimator.DEFAULT_CELLS).ratelessFirstBatch(1).ratelessGrowth(0.125).sketchHashes(64)
        .requestTimeoutMs(30_000).maxSessions(8).sessionIdleMs(60_000).stream(StreamOptions.defaults()).build();
  }

  /** A copy with another Bloom false-positive rate. */
  public ReconcileOptions withBloomFalsePositiveRate(double rate) {
    return toBuilder().bloomFalsePositiveRate(rate).build();
  }

  /** A copy with another rateless batch growth. */
  public ReconcileOptions withRatelessGrowth(double growth) {
    return toBuilder().ratelessGrowth(growth).build();
  }

  /** A copy with other settings of the rateless exchange. */
  public ReconcileOptions withStream(StreamOptions s) {
    return toBuilder().stream(s).build();
  }

  /** The cells of the first IBLT for an estimated difference. */
  public long ibltCellsFor(long estimate) {
    return (long) Math.ceil(ibltCellsPerDifference * Math.max(0, estimate)) + ibltExtraCells;
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  private Builder toBuilder() {
    return new Builder()
        .bloomFalsePositiveRate(bloomFalsePositiveRate)
        .ibltHashes(ibltHashes)
        .ibltCellsPerDifference(ibltCellsPerDifference)
        .ibltExtraCells(ibltExtraCells)
        .ibltRetries(ibltRetries)
        .strata(strata)
        .strataCells(strataCells)
        .ratelessFirstBatch(ratelessFirstBatch)
        .ratelessGrowth(ratelessGrowth)
        .sketchHashes(sketchHashes)
        .requestTimeoutMs(requestTimeoutMs)
        .maxSessions(maxSessions)
        .sessionIdleMs(sessionIdleMs)
        .stream(stream);
  }

  /** Builds a {@link ReconcileOptions} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private double bloomFalsePositiveRate;
    private int ibltHashes;
    private double ibltCellsPerDifference;
    private int ibltExtraCells;
    private int ibltRetries;
    private int strata;
    private int strataCells;
    private int ratelessFirstBatch;
    private double ratelessGrowth;
    private int sketchHashes;
    private long requestTimeoutMs;
    private int maxSessions;
    private long sessionIdleMs;
    private StreamOptions stream;

    private Builder() {
    }

    /** Sets {@link ReconcileOptions#bloomFalsePositiveRate()}. */
    public Builder bloomFalsePositiveRate(double value) {
      bloomFalsePositiveRate = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ibltHashes()}. */
    public Builder ibltHashes(int value) {
      ibltHashes = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ibltCellsPerDifference()}. */
    public Builder ibltCellsPerDifference(double value) {
      ibltCellsPerDifference = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ibltExtraCells()}. */
    public Builder ibltExtraCells(int value) {
      ibltExtraCells = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ibltRetries()}. */
    public Builder ibltRetries(int value) {
      ibltRetries = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#strata()}. */
    public Builder strata(int value) {
      strata = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#strataCells()}. */
    public Builder strataCells(int value) {
      strataCells = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ratelessFirstBatch()}. */
    public Builder ratelessFirstBatch(int value) {
      ratelessFirstBatch = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#ratelessGrowth()}. */
    public Builder ratelessGrowth(double value) {
      ratelessGrowth = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#sketchHashes()}. */
    public Builder sketchHashes(int value) {
      sketchHashes = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#requestTimeoutMs()}. */
    public Builder requestTimeoutMs(long value) {
      requestTimeoutMs = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#maxSessions()}. */
    public Builder maxSessions(int value) {
      maxSessions = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#sessionIdleMs()}. */
    public Builder sessionIdleMs(long value) {
      sessionIdleMs = value;
      return this;
    }

    /** Sets {@link ReconcileOptions#stream()}. */
    public Builder stream(StreamOptions value) {
      stream = value;
      return this;
    }

    /** The record. */
    public ReconcileOptions build() {
      return new ReconcileOptions(bloomFalsePositiveRate, ibltHashes, ibltCellsPerDifference,
          ibltExtraCells, ibltRetries, strata, strataCells, ratelessFirstBatch, ratelessGrowth, sketchHashes,
          requestTimeoutMs, maxSessions, sessionIdleMs, stream);
    }
  }
}
