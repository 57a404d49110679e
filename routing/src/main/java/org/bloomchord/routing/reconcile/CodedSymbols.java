package org.bloomchord.routing.reconcile;

import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * A run of consecutive coded symbols of a rateless IBLT, indexes {@code [start, start + size)}.
 * Each symbol holds a count, the XOR of its elements (sum, E bytes) and the XOR of their checksums
 * (8 bytes), like an IBLT cell.
 *
 * <p>Wire form (the start index and the element shape travel in the enclosing message): per symbol
 * the count as a zig-zag varint, the sum as E bytes, the checksum as 8 bytes. Counts of a sender's
 * own symbols are never negative, but a decoder accepts any 64-bit count: a wrong count only makes
 * decoding fail or be rejected, it cannot corrupt the receiver's set.
 */
public final class CodedSymbols {

  /** Largest run a decoder accepts in one message. */
  public static final int MAX_RUN = 1 << 20;

  private final ElementShape shape;
  private final long start;
  final long[] counts;
  final long[] sums;
  final long[] checks;

  /** A run of {@code size} zero symbols from {@code start}. */
  public CodedSymbols(ElementShape shape, long start, int size) {
    this.shape = Objects.requireNonNull(shape, "shape");
    if (start < 0 || size < 0 || size > MAX_RUN) {
      throw new IllegalArgumentException("bad symbol run: start " + start + ", size " + size);
    }
    this.start = start;
    this.counts = new long[size];
    this.sums = new long[size * shape.words()];
    this.checks = new long[size];
  }

  /** The element shape. */
  public ElementShape shape() {
    return shape;
  }

  /** Index of the first symbol. */
  public long start() {
    return start;
  }

  /** Number of symbols. */
  public int size() {
    return counts.length;
  }

  /** The count of symbol {@code start + i}. */
  public long count(int i) {
    return counts[i];
  }

  /** The checksum field of symbol {@code start + i}. */
  public long checksum(int i) {
    return checks[i];
  }

  /** The sum of symbol {@code start + i} as a new array of words. */
  public long[] sum(int i) {
    int w = shape.words();
    long[] out = new long[w];
    System.arraycopy(sums, i * w, out, 0, w);
    return out;
  }

  /** Writes the symbols (not the start or the shape). */
  public void writeSymbols(WireWriter out) {
    int w = shape.words();
    for (int i = 0; i < counts.length; i++) {
      out.writeVarLong(Iblt.zigzag(counts[i]));
      shape.write(sums, i * w, out);
      out.writeLong(checks[i]);
    }
  }

  /** Bytes {@link #writeSymbols} writes. */
  public int encodedBytes() {
    int n = 0;
    for (long c : counts) {
      n += Iblt.varLongSize(Iblt.zigzag(c));
    }
    return n + counts.length * (shape.bytes() + 8);
  }

  /**
   * Reads {@code size} symbols (already checked against {@link #MAX_RUN}) starting at index
   * {@code start}.
   *
   * @throws MalformedMessageException if the input is shorter than the symbols need
   */
  public static CodedSymbols readSymbols(ElementShape shape, long start, int size, WireReader in) {
    long minBytes = (long) size * (1 + shape.bytes() + 8);
    if (in.remaining() < minBytes) {
      throw new MalformedMessageException("truncated symbols: " + size + " need at least " + minBytes
          + " bytes, " + in.remaining() + " left");
    }
    CodedSymbols s = new CodedSymbols(shape, start, size);
    int w = shape.words();
    for (int i = 0; i < size; i++) {
      s.counts[i] = Iblt.unzigzag(in.readVarLong());
      shape.read(in, s.sums, i * w);
      s.checks[i] = in.readLong();
    }
    return s;
  }
}
