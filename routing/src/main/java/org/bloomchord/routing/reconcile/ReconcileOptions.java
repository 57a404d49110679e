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
    return new ReconcileOptions(BloomSummary.DEFAULT_FALSE_POSITIVE_RATE, 3, 2.0, 12, 4,
        StrataEstimator.DEFAULT_STRATA, StrataEstimator.DEFAULT_CELLS, 1, 0.125, 64, 30_000, 8, 60_000, StreamOptions.defaults());
  }

  /** A copy with another Bloom false-positive rate. */
  public ReconcileOptions withBloomFalsePositiveRate(double rate) {
    return new ReconcileOptions(rate, ibltHashes, ibltCellsPerDifference, ibltExtraCells, ibltRetries, strata,
        strataCells, ratelessFirstBatch, ratelessGrowth, sketchHashes, requestTimeoutMs, maxSessions, sessionIdleMs,
        stream);
  }

  /** A copy with another rateless batch growth. */
  public ReconcileOptions withRatelessGrowth(double growth) {
    return new ReconcileOptions(bloomFalsePositiveRate, ibltHashes, ibltCellsPerDifference, ibltExtraCells,
        ibltRetries, strata, strataCells, ratelessFirstBatch, growth, sketchHashes, requestTimeoutMs, maxSessions,
        sessionIdleMs, stream);
  }

  /** A copy with other settings of the rateless exchange. */
  public ReconcileOptions withStream(StreamOptions s) {
    return new ReconcileOptions(bloomFalsePositiveRate, ibltHashes, ibltCellsPerDifference, ibltExtraCells,
        ibltRetries, strata, strataCells, ratelessFirstBatch, ratelessGrowth, sketchHashes, requestTimeoutMs,
        maxSessions, sessionIdleMs, s);
  }

  /** The cells of the first IBLT for an estimated difference. */
  public long ibltCellsFor(long estimate) {
    return (long) Math.ceil(ibltCellsPerDifference * Math.max(0, estimate)) + ibltExtraCells;
  }
}
