package org.bloomchord.routing.reconcile;

import java.util.Arrays;
import org.bloomchord.overlay.MalformedMessageException;

/**
 * The receiver's side of a rateless IBLT stream (Yang, Gilad and Alizadeh, SIGCOMM 2024). It
 * encodes its own set alongside the stream, subtracts, and peels: a pure difference symbol (count
 * +1 or -1 whose checksum matches its sum) yields an element that is then removed from every
 * symbol of its index sequence received so far, and from later symbols as they arrive.
 *
 * <p>Decoding is complete when symbol 0, which holds every element, is zero after peeling. Each
 * recovered element empties the pure symbol it came from, so there are never more recovered
 * elements than symbols; a stream that breaks this is rejected. {@link #difference()} checks every
 * recovered element against the local set (one the remote peer lacks must not be here, one it has
 * must be, none twice), so a corrupt or forged stream is rejected with
 * {@link MalformedMessageException} instead of yielding a wrong difference. The local set is read
 * from a snapshot; nothing here modifies it.
 *
 * <p>Layout: difference symbols are records (count, checksum, sum words) in one array, recovered
 * elements records (sign, checksum, generator state, words) in another, so a visit touches one
 * cache line. Not thread-safe.
 *
 * <p>About 390 lines and kept whole: the flat arrays above are shared by peeling and the final
 * check of every recovered element, and splitting them apart would put the layout behind accessors
 * on the decoder's hot loop. The estimate of the difference lives in {@link DifferenceSamples}.
 */
public final class RatelessDecoder {

  /** Elements peeled together. */
  private static final int GROUP = 4;

  private final ElementShape shape;
  private final int words;
  private final int symStride;
  private final int foundStride;
  private final ElementSet local;
  private final RatelessEncoder localEncoder;
  private final int maxSymbols;
  private final IndexCalendar parked = new IndexCalendar(16);
  private CodedSymbols scratch;
  private long[] symbols;
  private int received;
  private long[] found;
  private int foundCount;
  private int[] queue = new int[64];
  private final int[][] walks = new int[GROUP][64];
  private final int[] walkLength = new int[GROUP];
  /** Samples of the raw difference count c(i) (before peeling) for the estimate. */
  private final DifferenceSamples estimateSamples = new DifferenceSamples();
  /** Indexes below this were sampled from counts alone; their symbols are not sampled again. */
  private long probedUntil;
  private long encodeNanos;
  private long peelNanos;
  private long checkNanos;

  /**
   * A decoder against a snapshot of {@code local} that accepts at most {@code maxSymbols} symbols
   * and reports {@link Difference.Outcome#INCOMPLETE} if they do not suffice.
   */
  public RatelessDecoder(ElementSet local, int maxSymbols) {
    if (maxSymbols < 1) {
      throw new IllegalArgumentException("maxSymbols must be positive: " + maxSymbols);
    }
    long t0 = System.nanoTime();
    this.shape = local.shape();
    this.words = shape.words();
    // an even stride keeps one-word symbols (32 bytes) within one cache line
    this.symStride = (3 + words) & ~1;
    this.foundStride = 3 + words;
    this.local = local.copy();
    this.localEncoder = new RatelessEncoder(this.local);
    this.maxSymbols = maxSymbols;
    this.symbols = new long[64 * symStride];
    this.found = new long[16 * foundStride];
    encodeNanos = System.nanoTime() - t0;
  }

  /** The element shape. */
  public ElementShape shape() {
    return shape;
  }

  /** Symbols received so far: the index the next run must start at. */
  public int received() {
    return received;
  }

  /** Whether the whole difference is recovered: symbol 0 is zero after peeling. */
  public boolean decoded() {
    if (received == 0) {
      return false;
    }
    for (int i = 0; i < symStride; i++) {
      if (symbols[i] != 0) {
        return false;
      }
    }
    return true;
  }

  /** The most symbols the decoder accepts. */
  public int maxSymbols() {
    return maxSymbols;
  }

  /** Whether the decoder has taken the most symbols it accepts without decoding. */
  public boolean exhausted() {
    return !decoded() && received >= maxSymbols;
  }

  /**
   * An estimate of the size d of the symmetric difference from the symbols received so far, before
   * the stream decodes. The raw difference count of symbol i is a - b, a and b the elements of
   * either side's exclusive part mapped to i, each element independently with probability rho(i);
   * so E[(a - b)^2] = d rho(1 - rho) + (delta rho)^2 with delta = |remote| - |local| known. The
   * samples are the symbols received and the counts of {@link #addProbe}; the estimate weighs them
   * by their precision. Its relative error is about 1.1 sqrt(2 / samples) (measured) while most
   * samples lie below index 2d (a variance estimated from that many samples), larger beyond.
   *
   * @param sizeDelta |remote set| - |local set|
   * @return the estimate, at least |sizeDelta| (|sizeDelta| before any sample)
   */
  public double estimateDifference(long sizeDelta) {
    return estimateSamples.estimate(sizeDelta);
  }

  /**
   * Takes the remote set's counts at indexes [from, from + n) as samples for
   * {@link #estimateDifference}: the local counts are computed ({@link IndexCounts}) and the
   * differences sampled; symbols at those indexes that arrive later are not sampled again.
   *
   * @throws MalformedMessageException if the counts start below the symbols received or are too many
   */
  public void addProbe(long from, long[] remoteCounts) {
    if (from < received || from + remoteCounts.length > maxSymbols || remoteCounts.length > IndexCounts.MAX) {
      throw new MalformedMessageException("probe of " + remoteCounts.length + " counts from " + from);
    }
    long t0 = System.nanoTime();
    long[] mine = IndexCounts.of(local, from, remoteCounts.length);
    for (int j = 0; j < remoteCounts.length; j++) {
      if (from + j > 0) {
        sample(from + j, remoteCounts[j] - mine[j]);
      }
    }
    probedUntil = Math.max(probedUntil, from + remoteCounts.length);
    encodeNanos += System.nanoTime() - t0;
  }

  /** Samples taken for the estimate so far. */
  public int samples() {
    return estimateSamples.samples();
  }

  private void sample(long index, long c) {
    estimateSamples.sample(index, c);
  }

  /** Elements recovered so far. */
  public int recovered() {
    return foundCount;
  }

  /** Nanoseconds spent encoding the local set's symbols (snapshot included). */
  public long encodeNanos() {
    return encodeNanos;
  }

  /** Nanoseconds spent subtracting and peeling. */
  public long peelNanos() {
    return peelNanos;
  }

  /** Nanoseconds spent checking recovered elements against the local set in {@link #difference()}. */
  public long checkNanos() {
    return checkNanos;
  }

  /**
   * Takes the next run of the remote peer's symbols and peels as far as possible; returns whether
   * the difference is now fully recovered.
   *
   * @throws MalformedMessageException if the run does not start where the last ended, has the wrong
   *     element shape, goes beyond the symbol limit, or decodes to more elements than symbols
   */
  public boolean add(CodedSymbols remote) {
    if (!remote.shape().equals(shape)) {
      throw new MalformedMessageException("symbols of " + remote.shape() + ", expected " + shape);
    }
    if (remote.start() != received) {
      throw new MalformedMessageException("symbols start at " + remote.start() + ", expected " + received);
    }
    if ((long) received + remote.size() > maxSymbols) {
      throw new MalformedMessageException("more than " + maxSymbols + " symbols");
    }
    int n = remote.size();
    long t0 = System.nanoTime();
    if (scratch == null || scratch.size() < n) {
      scratch = new CodedSymbols(shape, 0, Math.max(n, 64));
    } else {
      Arrays.fill(scratch.sums, 0, n * words, 0);
    }
    for (int s = 0; s < n; s++) {
      localEncoder.fill(scratch, s);
    }
    long t1 = System.nanoTime();
    encodeNanos += t1 - t0;
    if ((received + n) * symStride > symbols.length) {
      symbols = Arrays.copyOf(symbols, Math.max((received + n) * symStride, symbols.length * 2));
    }
    int first = received;
    for (int s = 0; s < n; s++) {
      int a = (first + s) * symStride;
      long c = remote.counts[s] - scratch.counts[s];
      symbols[a] = c;
      int index = first + s;
      if (index > 0 && index >= probedUntil) {
        sample(index, c);
      }
      symbols[a + 1] = remote.checks[s] ^ scratch.checks[s];
      int b = s * words;
      for (int w = 0; w < words; w++) {
        symbols[a + 2 + w] = remote.sums[b + w] ^ scratch.sums[b + w];
      }
    }
    received += n;
    for (int i = first; i < received; i++) {
      for (int id = parked.drain(i) - 1; id >= 0; ) {
        int following = parked.after(id) - 1;
        subtract(id, i);
        int f = id * foundStride;
        found[f + 2] = IndexSequence.advance(found[f + 2]);
        parked.park(id, IndexSequence.next(i, found[f + 2]));
        id = following;
      }
    }
    int tail = 0;
    for (int i = first; i < received; i++) {
      if (isPure(i)) {
        tail = enqueue(tail, i);
      }
    }
    peel(tail);
    peelNanos += System.nanoTime() - t1;
    return decoded();
  }

  /**
   * The difference recovered so far, {@link Difference.Outcome#DECODED} once {@link #decoded()},
   * after checking every recovered element against the local set.
   *
   * @throws MalformedMessageException if an element recovered as missing here is local, one
   *     recovered as missing there is not, or one was recovered twice: the stream was corrupt
   */
  public Difference difference() {
    long t0 = System.nanoTime();
    int plus = 0;
    for (int id = 0; id < foundCount; id++) {
      plus += found[id * foundStride] > 0 ? 1 : 0;
    }
    ElementSet here = new ElementSet(shape, plus);
    ElementSet there = new ElementSet(shape, foundCount - plus);
    for (int id = 0; id < foundCount; id++) {
      int off = id * foundStride + 3;
      boolean ok = found[id * foundStride] > 0 ? !local.contains(found, off) && here.add(found, off)
          : local.contains(found, off) && there.add(found, off);
      if (!ok) {
        throw new MalformedMessageException("the symbol stream decodes to an element inconsistent with the local set");
      }
    }
    checkNanos += System.nanoTime() - t0;
    return new Difference(decoded() ? Difference.Outcome.DECODED : Difference.Outcome.INCOMPLETE, here, there);
  }

  /**
   * Peels pure symbols until none is left. Up to {@link #GROUP} elements are recovered at once and
   * their index sequences computed interleaved: each sequence is a chain of dependent square roots,
   * and several independent chains keep the processor busy. A group never holds the same element
   * twice (two symbols can both hold it alone); its symbols are identical and the copy is skipped.
   */
  private void peel(int tail) {
    int[] ids = new int[GROUP];
    while (tail > 0) {
      int g = 0;
      while (tail > 0 && g < GROUP) {
        int i = queue[--tail];
        if (!isPure(i) || sameAsFound(i, ids, g)) {
          continue;
        }
        if (foundCount >= received) {
          throw new MalformedMessageException("more elements recovered than symbols received");
        }
        ids[g++] = addFound(i);
      }
      walkGroup(ids, g);
      for (int k = 0; k < g; k++) {
        int[] w = walks[k];
        for (int x = 0, n = walkLength[k]; x < n; x++) {
          subtract(ids[k], w[x]);
        }
      }
      for (int k = 0; k < g; k++) {
        int[] w = walks[k];
        for (int x = 0, n = walkLength[k]; x < n; x++) {
          if (isPure(w[x])) {
            tail = enqueue(tail, w[x]);
          }
        }
      }
    }
  }

  /** The indexes below {@link #received} of each element of the group, then parks each beyond. */
  private void walkGroup(int[] ids, int g) {
    long[] at = new long[GROUP];
    long[] state = new long[GROUP];
    int live = g;
    for (int k = 0; k < g; k++) {
      state[k] = found[ids[k] * foundStride + 2];
      walkLength[k] = 0;
    }
    while (live > 0) {
      live = 0;
      for (int k = 0; k < g; k++) {
        if (at[k] < received) {
          if (walkLength[k] == walks[k].length) {
            walks[k] = Arrays.copyOf(walks[k], walkLength[k] * 2);
          }
          walks[k][walkLength[k]++] = (int) at[k];
          state[k] = IndexSequence.advance(state[k]);
          at[k] = IndexSequence.next(at[k], state[k]);
          live++;
        }
      }
    }
    for (int k = 0; k < g; k++) {
      found[ids[k] * foundStride + 2] = state[k];
      parked.park(ids[k], at[k]);
    }
  }

  private boolean sameAsFound(int symbol, int[] ids, int g) {
    int a = symbol * symStride;
    for (int k = 0; k < g; k++) {
      int f = ids[k] * foundStride;
      if (symbols[a] == found[f] && symbols[a + 1] == found[f + 1]
          && Arrays.equals(symbols, a + 2, a + 2 + words, found, f + 3, f + 3 + words)) {
        return true;
      }
    }
    return false;
  }

  private int addFound(int symbol) {
    int id = foundCount++;
    if ((id + 1) * foundStride > found.length) {
      found = Arrays.copyOf(found, found.length * 2);
    }
    int f = id * foundStride;
    int a = symbol * symStride;
    found[f] = symbols[a];
    found[f + 1] = symbols[a + 1];
    System.arraycopy(symbols, a + 2, found, f + 3, words);
    found[f + 2] = IndexSequence.seed(ElementHash.hash(found, f + 3, words, ElementHash.MAPPING_SEED));
    return id;
  }

  private int enqueue(int tail, int symbol) {
    if (tail == queue.length) {
      queue = Arrays.copyOf(queue, queue.length * 2);
    }
    queue[tail] = symbol;
    return tail + 1;
  }

  private void subtract(int id, int symbol) {
    int a = symbol * symStride;
    int f = id * foundStride;
    symbols[a] -= found[f];
    symbols[a + 1] ^= found[f + 1];
    for (int w = 0; w < words; w++) {
      symbols[a + 2 + w] ^= found[f + 3 + w];
    }
  }

  private boolean isPure(int i) {
    int a = i * symStride;
    long c = symbols[a];
    return (c == 1 || c == -1) && symbols[a + 1] == ElementHash.checksum(symbols, a + 2, words);
  }
}
