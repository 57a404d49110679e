package org.bloomchord.routing.reconcile;

import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The strata estimator of Eppstein, Goodrich, Uyeda and Varghese (SIGCOMM 2011): an estimate of
 * the size of the symmetric difference of two sets from small fixed-size IBLTs.
 *
 * <p>Element x falls in stratum i with probability 2^-(i+1) (i = trailing zeros of a hash of x,
 * the last stratum takes the rest). Each stratum is an IBLT of the elements' 64-bit fingerprints,
 * so the estimator's size does not depend on E. To estimate, subtract stratum by stratum and decode
 * from the sparsest stratum down; when stratum i first fails, the difference is about 2^(i+1) times
 * the elements decoded in the strata above it. If every stratum decodes, the count is exact (up to
 * fingerprint collisions).
 *
 * <p>Invariant: all strata share one {@link IbltShape} over {@link ElementShape#KEY64}.
 */
public final class StrataEstimator {

  /** Default number of strata (enough for differences up to about 2^32). */
  public static final int DEFAULT_STRATA = 32;
  /** Default cells per stratum, as in the paper. */
  public static final int DEFAULT_CELLS = 80;
  /** Hash functions per stratum IBLT, as in the paper. */
  public static final int HASHES = 4;
  /** Most strata a decoder accepts. */
  public static final int MAX_STRATA = 64;
  /** Most cells per stratum a decoder accepts. */
  public static final int MAX_CELLS = 4096;

  private final Iblt[] strata;

  private StrataEstimator(Iblt[] strata) {
    this.strata = strata;
  }

  /** An estimator of {@code set} with the default 32 strata of 80 cells. */
  public static StrataEstimator of(ElementSet set) {
    return of(set, DEFAULT_STRATA, DEFAULT_CELLS);
  }

  /** An estimator of {@code set} with {@code strata} strata of {@code cells} cells (a multiple of 4). */
  public static StrataEstimator of(ElementSet set, int strata, int cells) {
    StrataEstimator s = empty(strata, cells);
    long[] fp = new long[1];
    for (int i = 0; i < set.size(); i++) {
      int stratum = Math.min(strata - 1, Long.numberOfTrailingZeros(set.hash(i, ElementHash.STRATUM_SEED)));
      fp[0] = set.hash(i, ElementHash.FINGERPRINT_SEED);
      s.strata[stratum].insert(fp, 0);
    }
    return s;
  }

  private static StrataEstimator empty(int strata, int cells) {
    if (strata < 1 || strata > MAX_STRATA) {
      throw new IllegalArgumentException("strata must be in [1, " + MAX_STRATA + "], got " + strata);
    }
    if (cells > MAX_CELLS) {
      throw new IllegalArgumentException("cells per stratum must be at most " + MAX_CELLS + ", got " + cells);
    }
    IbltShape shape = new IbltShape(cells, HASHES, ElementShape.KEY64);
    Iblt[] t = new Iblt[strata];
    for (int i = 0; i < strata; i++) {
      t[i] = new Iblt(shape);
    }
    return new StrataEstimator(t);
  }

  /** Number of strata. */
  public int strata() {
    return strata.length;
  }

  /** Cells per stratum. */
  public int cellsPerStratum() {
    return strata[0].shape().cells();
  }

  /**
   * The estimated size of the symmetric difference between this estimator's set and {@code other}'s
   * (same number of strata and cells).
   */
  public long estimateDifference(StrataEstimator other) {
    Objects.requireNonNull(other, "other");
    if (strata.length != other.strata.length || cellsPerStratum() != other.cellsPerStratum()) {
      throw new IllegalArgumentException("estimators of different shapes");
    }
    long count = 0;
    for (int i = strata.length - 1; i >= 0; i--) {
      Difference d = Iblt.difference(strata[i], other.strata[i]);
      if (!d.decoded()) {
        return (1L << Math.min(62, i + 1)) * Math.max(1, count);
      }
      count += d.size();
    }
    return count;
  }

  /** Writes the number of strata, the cells per stratum and every stratum's cells. */
  public void writeTo(WireWriter out) {
    out.writeVarInt(strata.length);
    out.writeVarInt(cellsPerStratum());
    for (Iblt t : strata) {
      t.writeCells(out);
    }
  }

  /**
   * Reads an estimator; a stratum count or cell count out of bounds, or a cell count that is not a
   * multiple of 4, is malformed.
   */
  public static StrataEstimator readFrom(WireReader in) {
    int n = in.readVarInt(MAX_STRATA);
    int cells = in.readVarInt(MAX_CELLS);
    if (n < 1 || cells < HASHES || cells % HASHES != 0) {
      throw new MalformedMessageException("strata estimator shape out of bounds: " + n + " strata of " + cells + " cells");
    }
    // each cell takes at least 17 bytes: check before allocating
    if (in.remaining() < (long) n * cells * 17) {
      throw new MalformedMessageException("truncated strata estimator: " + n + " x " + cells + " cells");
    }
    StrataEstimator s = empty(n, cells);
    for (int i = 0; i < n; i++) {
      s.strata[i] = Iblt.readCells(s.strata[i].shape(), in);
    }
    return s;
  }
}
