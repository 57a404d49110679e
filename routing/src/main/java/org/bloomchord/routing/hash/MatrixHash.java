package org.bloomchord.routing.hash;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * One function of the random-matrix universal family over GF(2): a key is a row vector x of n bits,
 * H is a random n × m matrix of bits, and h(x) = xH, an m-bit value. Output bit j is the parity of
 * x AND column j, so H is stored as m columns of n bits each and a hash costs m popcounts.
 *
 * <p>For distinct x and y, h(x) = h(y) exactly when (x XOR y) H = 0; with x XOR y nonzero each
 * output bit of that product is an independent fair coin over the choice of H, so two distinct
 * keys collide with probability exactly 1/2^m (the notes' bound). The family is linear:
 * h(x XOR y) = h(x) XOR h(y).
 */
public final class MatrixHash {

  private final int inputBits;
  private final long[] columns;

  /**
   * The function of a given matrix.
   *
   * @param inputBits n, 1 .. 64: only the low n bits of a key are used
   * @param columns the m columns of H, 1 .. 63 of them, each with bits only below n
   */
  public MatrixHash(int inputBits, long[] columns) {
    if (inputBits < 1 || inputBits > 64) {
      throw new IllegalArgumentException("inputBits must be in [1, 64], got " + inputBits);
    }
    if (columns.length < 1 || columns.length > 63) {
      throw new IllegalArgumentException("output bits (columns) must be in [1, 63], got " + columns.length);
    }
    long outside = inputBits == 64 ? 0 : -1L << inputBits;
    for (long c : columns) {
      if ((c & outside) != 0) {
        throw new IllegalArgumentException("column has bits at or above n = " + inputBits);
      }
    }
    this.inputBits = inputBits;
    this.columns = columns.clone();
  }

  /** A function drawn uniformly from the family of n-bit keys to m-bit values. */
  public static MatrixHash random(int inputBits, int outputBits, RandomGenerator rnd) {
    if (outputBits < 1 || outputBits > 63) {
      throw new IllegalArgumentException("outputBits must be in [1, 63], got " + outputBits);
    }
    if (inputBits < 1 || inputBits > 64) {
      throw new IllegalArgumentException("inputBits must be in [1, 64], got " + inputBits);
    }
    long mask = inputBits == 64 ? -1L : (1L << inputBits) - 1;
    long[] cols = new long[outputBits];
    for (int j = 0; j < outputBits; j++) {
      cols[j] = rnd.nextLong() & mask;
    }
    return new MatrixHash(inputBits, cols);
  }

  /** n. */
  public int inputBits() {
    return inputBits;
  }

  /** m. */
  public int outputBits() {
    return columns.length;
  }

  /** h(x) = xH in [0, 2^m), from the low n bits of x. */
  public long hash(long x) {
    long out = 0;
    for (int j = 0; j < columns.length; j++) {
      out |= (long) (Long.bitCount(x & columns[j]) & 1) << j;
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MatrixHash h && inputBits == h.inputBits && Arrays.equals(columns, h.columns);
  }

  @Override
  public int hashCode() {
    return 31 * inputBits + Arrays.hashCode(columns);
  }

  @Override
  public String toString() {
    return "MatrixHash[n=" + inputBits + ", m=" + columns.length + "]";
  }
}
