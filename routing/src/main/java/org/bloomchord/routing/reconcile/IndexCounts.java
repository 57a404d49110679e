package org.bloomchord.routing.reconcile;

/**
 * The count fields alone of a range of a set's coded symbols: how many elements the rateless
 * mapping puts at each index of [from, from + n). A streamed exchange sends a few beside its first
 * flight, for the responder's rough estimate of the difference, and the responder returns more
 * of its own with its first reply, for the initiator's estimate (about 2 bytes per index instead
 * of a whole symbol's E + 9). Computing them walks each element's index sequence up
 * to from + n, about 2 ln((from + n) / 2) steps per element, and keeps only the counts.
 */
final class IndexCounts {

  /** Most counts in one message (with a first flight, or in the reply to it). */
  static final int MAX = 1 << 16;

  private IndexCounts() {
  }

  /** The counts of {@code set}'s symbols at indexes [from, from + n). */
  static long[] of(ElementSet set, long from, int n) {
    long[] counts = new long[n];
    if (n == 0) {
      return counts;
    }
    long end = from + n;
    int words = set.shape().words();
    long[] data = set.words();
    for (int i = 0; i < set.size(); i++) {
      long state = IndexSequence.seed(ElementHash.hash(data, i * words, words, ElementHash.MAPPING_SEED));
      long index = 0;
      while (index < end) {
        if (index >= from) {
          counts[(int) (index - from)]++;
        }
        state = IndexSequence.advance(state);
        index = IndexSequence.next(index, state);
      }
    }
    return counts;
  }
}
