package org.bloomchord.routing.reconcile;

import java.util.Arrays;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * An invertible Bloom lookup table (Goodrich and Mitzenmacher; used for set reconciliation by
 * Eppstein, Goodrich, Uyeda and Varghese, SIGCOMM 2011). Each cell holds a count, the XOR of the
 * elements mapped to it (keySum) and the XOR of their checksums (hashSum). Element x goes to one
 * cell in each of the k disjoint sub-tables.
 *
 * <p>Invariant: every cell equals the sum over the inserted elements minus the deleted ones, so the
 * table of S_A minus the table of S_B is the table of the symmetric difference, with count +1
 * entries from S_A \ S_B and -1 from S_B \ S_A. A cell is pure when its count is +1 or -1 and its
 * hashSum is the checksum of its keySum; peeling pure cells recovers the difference whenever the
 * table has comfortably more cells than differing elements (about 1.23 d for k = 3 asymptotically).
 * Not thread-safe.
 */
public final class Iblt {

  private final IbltShape shape;
  private final int words;
  private final long[] counts;
  private final long[] keySums;
  private final long[] hashSums;

  /** An empty table. */
  public Iblt(IbltShape shape) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.words = shape.element().words();
    this.counts = new long[shape.cells()];
    this.keySums = new long[shape.cells() * words];
    this.hashSums = new long[shape.cells()];
  }

  /** The table of every element of {@code set} (whose shape must match). */
  public static Iblt of(IbltShape shape, ElementSet set) {
    if (!shape.element().equals(set.shape())) {
      throw new IllegalArgumentException("shape mismatch: " + shape.element() + " vs " + set.shape());
    }
    Iblt t = new Iblt(shape);
    long[] data = set.words();
    for (int i = 0; i < set.size(); i++) {
      t.toggle(data, i * t.words, 1);
    }
    return t;
  }

  /** The shape. */
  public IbltShape shape() {
    return shape;
  }

  /** Adds the element at {@code e[off ..]}. */
  public void insert(long[] e, int off) {
    toggle(e, off, 1);
  }

  /** Removes the element at {@code e[off ..]} (it need not have been inserted). */
  public void delete(long[] e, int off) {
    toggle(e, off, -1);
  }

  /** A new table: this one minus {@code other} cell by cell (shapes must match). */
  public Iblt minus(Iblt other) {
    if (!shape.equals(other.shape)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + other.shape);
    }
    Iblt out = new Iblt(shape);
    for (int c = 0; c < counts.length; c++) {
      out.counts[c] = counts[c] - other.counts[c];
      out.hashSums[c] = hashSums[c] ^ other.hashSums[c];
    }
    for (int i = 0; i < keySums.length; i++) {
      out.keySums[i] = keySums[i] ^ other.keySums[i];
    }
    return out;
  }

  /**
   * Decodes the difference between a remote table and the local one (same shape): elements with
   * count +1 in {@code remote - local} are missing here, -1 missing there. Neither table changes.
   */
  public static Difference difference(Iblt remote, Iblt local) {
    return remote.minus(local).peel();
  }

  /** Whether every cell is zero. */
  public boolean isEmpty() {
    for (int c = 0; c < counts.length; c++) {
      if (counts[c] != 0 || hashSums[c] != 0) {
        return false;
      }
    }
    for (long w : keySums) {
      if (w != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Peels this table in place: repeatedly takes a pure cell, records its element (count +1 in
   * {@code missingHere}, -1 in {@code missingThere}) and removes it from its k cells. DECODED when
   * the table ends empty.
   */
  public Difference peel() {
    ElementShape es = shape.element();
    ElementSet plus = new ElementSet(es);
    ElementSet minus = new ElementSet(es);
    int[] queue = new int[counts.length];
    int head = 0;
    int tail = 0;
    for (int c = 0; c < counts.length; c++) {
      if (isPure(c)) {
        queue[tail++] = c;
      }
    }
    long[] e = new long[words];
    int[] cells = new int[shape.hashes()];
    while (head < tail) {
      int c = queue[head++];
      if (!isPure(c)) {
        continue;
      }
      long sign = counts[c];
      System.arraycopy(keySums, c * words, e, 0, words);
      boolean fresh = sign > 0 ? plus.add(e, 0) : minus.add(e, 0);
      // a repeat, or more elements than cells, only comes from a corrupt table: stop, undecoded
      if (!fresh || plus.size() + minus.size() > counts.length) {
        break;
      }
      cellsOf(e, 0, cells);
      long check = ElementHash.checksum(e, 0, words);
      for (int cell : cells) {
        apply(cell, e, check, -sign);
        if (isPure(cell)) {
          if (tail == queue.length) {
            queue = Arrays.copyOf(queue, queue.length * 2);
          }
          queue[tail++] = cell;
        }
      }
    }
    Difference.Outcome outcome = isEmpty() ? Difference.Outcome.DECODED : Difference.Outcome.INCOMPLETE;
    return new Difference(outcome, plus, minus);
  }

  /**
   * Writes the cells (the shape travels separately, in the message): per cell the count as a
   * zig-zag varint, the keySum as E bytes and the hashSum as 8 bytes.
   */
  public void writeCells(WireWriter out) {
    ElementShape es = shape.element();
    for (int c = 0; c < counts.length; c++) {
      out.writeVarLong(zigzag(counts[c]));
      es.write(keySums, c * words, out);
      out.writeLong(hashSums[c]);
    }
  }

  /**
   * Reads the cells of a table of the given (already validated) shape.
   *
   * @throws MalformedMessageException if the input is shorter than the cells need
   */
  public static Iblt readCells(IbltShape shape, WireReader in) {
    long minBytes = (long) shape.cells() * (1 + shape.element().bytes() + 8);
    if (in.remaining() < minBytes) {
      throw new MalformedMessageException("truncated IBLT: " + shape.cells() + " cells need at least "
          + minBytes + " bytes, " + in.remaining() + " left");
    }
    Iblt t = new Iblt(shape);
    ElementShape es = shape.element();
    for (int c = 0; c < t.counts.length; c++) {
      t.counts[c] = unzigzag(in.readVarLong());
      es.read(in, t.keySums, c * t.words);
      t.hashSums[c] = in.readLong();
    }
    return t;
  }

  /** Bytes {@link #writeCells} writes. */
  public int encodedCellBytes() {
    int n = 0;
    for (long count : counts) {
      n += varLongSize(zigzag(count));
    }
    return n + counts.length * (shape.element().bytes() + 8);
  }

  private void toggle(long[] e, int off, long sign) {
    long check = ElementHash.checksum(e, off, words);
    int sub = shape.subTableCells();
    for (int j = 0; j < shape.hashes(); j++) {
      int cell = j * sub + ElementHash.reduce(ElementHash.hash(e, off, words, ElementHash.CELL_SEED + j), sub);
      counts[cell] += sign;
      hashSums[cell] ^= check;
      int base = cell * words;
      for (int w = 0; w < words; w++) {
        keySums[base + w] ^= e[off + w];
      }
    }
  }

  private void cellsOf(long[] e, int off, int[] out) {
    int sub = shape.subTableCells();
    for (int j = 0; j < out.length; j++) {
      out[j] = j * sub + ElementHash.reduce(ElementHash.hash(e, off, words, ElementHash.CELL_SEED + j), sub);
    }
  }

  private void apply(int cell, long[] e, long check, long delta) {
    counts[cell] += delta;
    hashSums[cell] ^= check;
    int base = cell * words;
    for (int w = 0; w < words; w++) {
      keySums[base + w] ^= e[w];
    }
  }

  private boolean isPure(int c) {
    long n = counts[c];
    return (n == 1 || n == -1) && hashSums[c] == ElementHash.checksum(keySums, c * words, words);
  }

  static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  static long unzigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  static int varLongSize(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }
}
