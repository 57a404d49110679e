package org.bloomchord.routing.reconcile;

import java.util.Arrays;
import org.bloomchord.overlay.MalformedMessageException;

/**
 * The receiver's side of a rateless IBLT stream (Yang, Gilad and Alizadeh, SIGCOMM 2024). It
 * encodes its own set alongside the stream, subtracts, and peels: a pure difference symbol (count
 * +1 or -1 whose checksum matches its sum) yields an element that is then removed from every
 * symbol of its index sequence received so far, and from later symbols as they arrive.
 *
 * <p>Decoding is complete when symbol 0, which holds every element, is zero after peeling. Every
 * recovered element is checked against the local set (one the remote peer lacks must be here, one
 * it has must not be), so a corrupt or forged stream is rejected with
 * {@link MalformedMessageException} instead of yielding a wrong difference. The local set is read
 * from a snapshot; nothing here modifies it. Not thread-safe.
 */
public final class RatelessDecoder {

  private final ElementShape shape;
  private final int words;
  private final ElementSet local;
  private final RatelessEncoder localEncoder;
  private final int maxSymbols;
  private CodedSymbols scratch;
  // the difference symbols received so far, remote minus local
  private long[] counts = new long[64];
  private long[] sums;
  private long[] checks = new long[64];
  private int received;
  // recovered elements: words, sign (+1 missing here, -1 missing there), sequence state
  private long[] found;
  private long[] foundCheck = new long[16];
  private long[] foundSign = new long[16];
  private long[] foundNext = new long[16];
  private long[] foundState = new long[16];
  private int foundCount;
  private final ElementSet missingHere;
  private final ElementSet missingThere;
  private final IndexCalendar parked = new IndexCalendar(16);
  private int[] queue = new int[64];
  private long encodeNanos;
  private long peelNanos;

  /**
   * A decoder against a snapshot of {@code local} that gives up (reports
   * {@link Difference.Outcome#INCOMPLETE}) after {@code maxSymbols} symbols.
   */
  public RatelessDecoder(ElementSet local, int maxSymbols) {
    if (maxSymbols < 1) {
      throw new IllegalArgumentException("maxSymbols must be positive: " + maxSymbols);
    }
    long t0 = System.nanoTime();
    this.shape = local.shape();
    this.words = shape.words();
    this.local = local.copy();
    this.localEncoder = new RatelessEncoder(this.local);
    this.maxSymbols = maxSymbols;
    this.sums = new long[64 * words];
    this.found = new long[16 * words];
    this.missingHere = new ElementSet(shape);
    this.missingThere = new ElementSet(shape);
    encodeNanos = System.nanoTime() - t0;
  }

  /** Symbols received so far. */
  public int received() {
    return received;
  }

  /** Whether the whole difference is recovered: symbol 0 is zero after peeling. */
  public boolean decoded() {
    return received > 0 && counts[0] == 0 && checks[0] == 0 && isZeroSum(0);
  }

  /** Whether the decoder has taken the most symbols it accepts without decoding. */
  public boolean exhausted() {
    return !decoded() && received >= maxSymbols;
  }

  /** Elements recovered so far. */
  public int recovered() {
    return foundCount;
  }

  /** Nanoseconds spent encoding the local set's symbols. */
  public long encodeNanos() {
    return encodeNanos;
  }

  /** Nanoseconds spent subtracting and peeling. */
  public long peelNanos() {
    return peelNanos;
  }

  /**
   * Takes the next run of the remote peer's symbols and peels as far as possible; returns whether
   * the difference is now fully recovered.
   *
   * @throws MalformedMessageException if the run does not start where the last ended, has the wrong
   *     element shape, exceeds the symbol limit, or yields an element inconsistent with the local set
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
    }
    Arrays.fill(scratch.counts, 0, n, 0);
    Arrays.fill(scratch.checks, 0, n, 0);
    Arrays.fill(scratch.sums, 0, n * words, 0);
    for (int s = 0; s < n; s++) {
      localEncoder.fill(scratch, s);
    }
    long t1 = System.nanoTime();
    encodeNanos += t1 - t0;
    ensureSymbols(received + n);
    int first = received;
    for (int s = 0; s < n; s++) {
      int i = first + s;
      counts[i] = remote.counts[s] - scratch.counts[s];
      checks[i] = remote.checks[s] ^ scratch.checks[s];
      int a = i * words;
      int b = s * words;
      for (int w = 0; w < words; w++) {
        sums[a + w] = remote.sums[b + w] ^ scratch.sums[b + w];
      }
    }
    received += n;
    int tail = 0;
    for (int i = first; i < received; i++) {
      for (int id = parked.drain(i, foundNext) - 1; id >= 0; ) {
        int following = parked.after(id) - 1;
        subtract(id, i);
        advance(id);
        id = following;
      }
    }
    for (int i = first; i < received; i++) {
      if (isPure(i)) {
        tail = enqueue(tail, i);
      }
    }
    peel(tail);
    peelNanos += System.nanoTime() - t1;
    return decoded();
  }

  /** The difference recovered so far; {@link Difference.Outcome#DECODED} once {@link #decoded()}. */
  public Difference difference() {
    return new Difference(decoded() ? Difference.Outcome.DECODED : Difference.Outcome.INCOMPLETE,
        missingHere.copy(), missingThere.copy());
  }

  private void peel(int tail) {
    long[] e = new long[words];
    int head = 0;
    while (head < tail) {
      int i = queue[head++];
      if (!isPure(i)) {
        continue;
      }
      long sign = counts[i];
      System.arraycopy(sums, i * words, e, 0, words);
      boolean ok = sign > 0 ? !local.contains(e, 0) && missingHere.add(e, 0)
          : local.contains(e, 0) && missingThere.add(e, 0);
      if (!ok) {
        throw new MalformedMessageException("symbol " + i + " decodes to an element inconsistent with the local set");
      }
      int id = addFound(e, checks[i], sign);
      // walk the element's whole sequence among the symbols received so far
      foundNext[id] = 0;
      while (foundNext[id] < received) {
        int j = (int) foundNext[id];
        subtract(id, j);
        if (isPure(j)) {
          tail = enqueue(tail, j);
        }
        foundState[id] = IndexSequence.advance(foundState[id]);
        foundNext[id] = IndexSequence.next(j, foundState[id]);
      }
      parked.park(id, foundNext[id]);
    }
  }

  private int enqueue(int tail, int symbol) {
    if (tail == queue.length) {
      queue = Arrays.copyOf(queue, queue.length * 2);
    }
    queue[tail] = symbol;
    return tail + 1;
  }

  private int addFound(long[] e, long check, long sign) {
    int id = foundCount++;
    if (id == foundSign.length) {
      int cap = id * 2;
      found = Arrays.copyOf(found, cap * words);
      foundCheck = Arrays.copyOf(foundCheck, cap);
      foundSign = Arrays.copyOf(foundSign, cap);
      foundNext = Arrays.copyOf(foundNext, cap);
      foundState = Arrays.copyOf(foundState, cap);
    }
    System.arraycopy(e, 0, found, id * words, words);
    foundCheck[id] = check;
    foundSign[id] = sign;
    foundState[id] = IndexSequence.seed(ElementHash.hash(e, 0, words, ElementHash.MAPPING_SEED));
    return id;
  }

  private void subtract(int id, int symbol) {
    counts[symbol] -= foundSign[id];
    checks[symbol] ^= foundCheck[id];
    int a = symbol * words;
    int b = id * words;
    for (int w = 0; w < words; w++) {
      sums[a + w] ^= found[b + w];
    }
  }

  private void advance(int id) {
    foundState[id] = IndexSequence.advance(foundState[id]);
    foundNext[id] = IndexSequence.next(foundNext[id], foundState[id]);
    parked.park(id, foundNext[id]);
  }

  private boolean isPure(int i) {
    long c = counts[i];
    return (c == 1 || c == -1) && checks[i] == ElementHash.checksum(sums, i * words, words);
  }

  private boolean isZeroSum(int i) {
    for (int w = 0; w < words; w++) {
      if (sums[i * words + w] != 0) {
        return false;
      }
    }
    return true;
  }

  private void ensureSymbols(int n) {
    if (n > counts.length) {
      int cap = Math.max(n, counts.length * 2);
      counts = Arrays.copyOf(counts, cap);
      checks = Arrays.copyOf(checks, cap);
      sums = Arrays.copyOf(sums, cap * words);
    }
  }
}
