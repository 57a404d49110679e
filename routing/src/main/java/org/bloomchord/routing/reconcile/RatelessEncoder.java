package org.bloomchord.routing.reconcile;

/**
 * Produces the coded symbols of a set for the rateless IBLT, in index order, as many as asked for:
 * the sender's side of a stream. Each element carries its own position in its {@link IndexSequence};
 * an {@link IndexCalendar} hands out the elements of each symbol, so producing m symbols costs time
 * proportional to the number of (element, symbol) incidences, about 2 N ln(m / 2) for N elements,
 * plus O(N) per doubling of m.
 *
 * <p>Invariant: symbol i is the XOR (and count) of exactly the elements whose sequence contains i;
 * the encoder works on a snapshot of the set taken at construction. Not thread-safe.
 */
public final class RatelessEncoder {

  private final ElementShape shape;
  private final int words;
  private final long[] data;
  private final long[] checks;
  private final long[] next;
  private final long[] state;
  private final IndexCalendar calendar;
  private long produced;

  /** An encoder of a snapshot of {@code set}. */
  public RatelessEncoder(ElementSet set) {
    this.shape = set.shape();
    this.words = shape.words();
    int n = set.size();
    this.data = java.util.Arrays.copyOf(set.words(), n * words);
    this.checks = new long[n];
    this.next = new long[n];
    this.state = new long[n];
    this.calendar = new IndexCalendar(n);
    for (int i = n - 1; i >= 0; i--) {
      checks[i] = ElementHash.checksum(data, i * words, words);
      state[i] = IndexSequence.seed(ElementHash.hash(data, i * words, words, ElementHash.MAPPING_SEED));
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

  /** Produces the next symbol into slot {@code s} of {@code out}. */
  void fill(CodedSymbols out, int s) {
    if (produced >= Integer.MAX_VALUE - 1) {
      throw new IllegalStateException("symbol index limit reached");
    }
    int index = (int) produced++;
    long count = 0;
    long check = 0;
    int base = s * words;
    for (int id = calendar.drain(index, next) - 1; id >= 0; ) {
      int following = calendar.after(id) - 1;
      count++;
      check ^= checks[id];
      int off = id * words;
      for (int w = 0; w < words; w++) {
        out.sums[base + w] ^= data[off + w];
      }
      state[id] = IndexSequence.advance(state[id]);
      next[id] = IndexSequence.next(index, state[id]);
      calendar.park(id, next[id]);
      id = following;
    }
    out.counts[s] = count;
    out.checks[s] = check;
  }
}
