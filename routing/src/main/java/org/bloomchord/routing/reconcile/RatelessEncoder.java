package org.bloomchord.routing.reconcile;

import java.util.Arrays;

/**
 * Produces the coded symbols of a set for the rateless IBLT, in index order, as many as asked for:
 * the sender's side of a stream. Each element carries its own position in its {@link IndexSequence}.
 *
 * <p>Symbols are computed a block of {@link #BLOCK} indexes at a time into a buffer small enough
 * for the processor's cache, and handed out from it: an {@link IndexCalendar} keyed by block lists
 * the elements with an index in the next block, and each of them adds itself to all its symbols of
 * the block in one visit. So an element's record is read once per block it touches rather than
 * once per symbol (in the first block about 2 ln(B/2) times fewer), and the random accesses land
 * in the block's buffer. Producing m symbols costs time proportional to the number of (element,
 * symbol) incidences, about 2 N ln(m / 2) for N elements, plus O(N) per doubling of m, plus at
 * most one block computed ahead.
 *
 * <p>Invariant: symbol i is the XOR (and count) of exactly the elements whose sequence contains i;
 * every element's record holds the generator state and the first index of its sequence not yet
 * added to a symbol, and it is parked at that index's block. The encoder works on a snapshot of the
 * set taken at construction, one record per element (generator state, next index, checksum, the
 * element's words) in one array. Not thread-safe.
 */
public final class RatelessEncoder {

  /** log2 of the symbols computed at once. */
  static final int BLOCK_BITS = 12;
  /** Symbols computed at once: 4096, a buffer of 96 KiB for 8-byte elements. */
  static final int BLOCK = 1 << BLOCK_BITS;

  private final ElementShape shape;
  private final int words;
  private final int stride;
  private final long[] records;
  private final IndexCalendar calendar;
  private final long[] blockCounts = new long[BLOCK];
  private final long[] blockChecks = new long[BLOCK];
  private final long[] blockSums;
  /** Index of the first symbol in the buffer; the buffer holds [blockStart, blockStart + BLOCK). */
  private long blockStart = -BLOCK;
  private long produced;

  /** An encoder of a snapshot of {@code set}. */
  public RatelessEncoder(ElementSet set) {
    this.shape = set.shape();
    this.words = shape.words();
    this.stride = 3 + words;
    this.blockSums = new long[BLOCK * words];
    int n = set.size();
    long[] data = set.words();
    this.records = new long[n * stride];
    this.calendar = new IndexCalendar(n);
    for (int i = n - 1; i >= 0; i--) {
      int r = i * stride;
      records[r] = IndexSequence.seed(ElementHash.hash(data, i * words, words, ElementHash.MAPPING_SEED));
      records[r + 1] = 0;
      records[r + 2] = ElementHash.checksum(data, i * words, words);
      System.arraycopy(data, i * words, records, r + 3, words);
      calendar.park(i, 0);
    }
  }

  /** The element shape. */
  public ElementShape shape() {
    return shape;
  }

  /** Number of symbols produced so far: the index of the next one. */
  public long produced() {
    return produced;
  }

  /** The next {@code count} symbols. */
  public CodedSymbols next(int count) {
    CodedSymbols out = new CodedSymbols(shape, produced, count);
    for (int s = 0; s < count; s++) {
      fill(out, s);
    }
    return out;
  }

  /** Produces the next symbol into slot {@code s} of {@code out}, which must be zero. */
  void fill(CodedSymbols out, int s) {
    if (produced >= Integer.MAX_VALUE - 1) {
      throw new IllegalStateException("symbol index limit reached");
    }
    if (produced >= blockStart + BLOCK) {
      computeBlock(produced);
    }
    int k = (int) (produced++ - blockStart);
    out.counts[s] = blockCounts[k];
    out.checks[s] = blockChecks[k];
    int base = s * words;
    long[] sums = out.sums;
    for (int w = 0; w < words; w++) {
      sums[base + w] ^= blockSums[k * words + w];
    }
  }

  /** Computes the symbols of the block that starts at {@code start}, a multiple of {@link #BLOCK}. */
  private void computeBlock(long start) {
    Arrays.fill(blockCounts, 0);
    Arrays.fill(blockChecks, 0);
    Arrays.fill(blockSums, 0);
    blockStart = start;
    long end = start + BLOCK;
    for (int id = calendar.drain((int) (start >>> BLOCK_BITS)) - 1; id >= 0; ) {
      int following = calendar.after(id) - 1;
      int r = id * stride;
      long state = records[r];
      long index = records[r + 1];
      long check = records[r + 2];
      while (index < end) {
        int k = (int) (index - start);
        blockCounts[k]++;
        blockChecks[k] ^= check;
        for (int w = 0; w < words; w++) {
          blockSums[k * words + w] ^= records[r + 3 + w];
        }
        state = IndexSequence.advance(state);
        index = IndexSequence.next(index, state);
      }
      records[r] = state;
      records[r + 1] = index;
      calendar.park(id, index >>> BLOCK_BITS);
      id = following;
    }
  }
}
