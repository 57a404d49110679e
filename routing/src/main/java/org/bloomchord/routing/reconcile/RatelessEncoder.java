package org.bloomchord.routing.reconcile;

/**
 * Produces the coded symbols of a set for the rateless IBLT, in index order, as many as asked for:
 * the sender's side of a stream. Each element carries its own position in its {@link IndexSequence};
 * an {@link IndexCalendar} hands out the elements of each symbol, so producing m symbols costs time
 * proportional to the number of (element, symbol) incidences, about 2 N ln(m / 2) for N elements,
 * plus O(N) per doubling of m.
 *
 * <p>Invariant: symbol i is the XOR (and count) of exactly the elements whose sequence contains i.
 * The encoder works on a snapshot of the set taken at construction, one record per element
 * (generator state, checksum, the element's words) in one array so that visiting an element touches
 * one cache line. Not thread-safe.
 */
public final class RatelessEncoder {

  private final ElementShape shape;
  private final int words;
  private final int stride;
  private final long[] records;
  private final IndexCalendar calendar;
  private long produced;

  /** An encoder of a snapshot of {@code set}. */
  public RatelessEncoder(ElementSet set) {
    this.shape = set.shape();
    this.words = shape.words();
    this.stride = 2 + words;
    int n = set.size();
    long[] data = set.words();
    this.records = new long[n * stride];
    this.calendar = new IndexCalendar(n);
    for (int i = n - 1; i >= 0; i--) {
      int r = i * stride;
      records[r] = IndexSequence.seed(ElementHash.hash(data, i * words, words, ElementHash.MAPPING_SEED));
      records[r + 1] = ElementHash.checksum(data, i * words, words);
      System.arraycopy(data, i * words, records, r + 2, words);
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
    int index = (int) produced++;
    long count = 0;
    long check = 0;
    int base = s * words;
    long[] sums = out.sums;
    for (int id = calendar.drain(index) - 1; id >= 0; ) {
      int following = calendar.after(id) - 1;
      int r = id * stride;
      count++;
      check ^= records[r + 1];
      for (int w = 0; w < words; w++) {
        sums[base + w] ^= records[r + 2 + w];
      }
      long state = IndexSequence.advance(records[r]);
      records[r] = state;
      calendar.park(id, IndexSequence.next(index, state));
      id = following;
    }
    out.counts[s] = count;
    out.checks[s] = check;
  }
}
