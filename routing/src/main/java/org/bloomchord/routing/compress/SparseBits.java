package org.bloomchord.routing.compress;

import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * A bit array of known length m in few bytes when few of its bits are set: the positions of the
 * set bits (of the clear ones when those are fewer) as Golomb-coded gaps. It is how the changed
 * bits of a filter travel (the XOR of two versions of one filter, as Mitzenmacher proposes for
 * summary-cache updates), so there is no shape, probe count or checksum in it: the receiver knows
 * m, and checks what it rebuilds by other means.
 *
 * <pre>
 *   varlong  the number of one-bits, 0 .. m
 *   bytes    the Golomb run code of the minority symbol ({@link GolombRunCoder}), its parameter
 *            derived from m and the count; nothing when the array is all zeros or all ones
 * </pre>
 *
 * <p>About (log2(m / n) + 1.5) bits per set bit for n set bits; an all-zero array is one byte.
 * Decoding treats the bytes as untrusted: a count above m, a run past the end, trailing bytes or
 * non-zero padding raise {@link MalformedMessageException}; the words allocated are those of m.
 */
public final class SparseBits {

  private SparseBits() {
  }

  /** Encodes the first {@code bits} bits of {@code words}; bits beyond must be zero. */
  public static byte[] encode(long[] words, long bits) {
    Objects.requireNonNull(words, "words");
    if (bits < 1 || BitArray.words(bits) != words.length) {
      throw new IllegalArgumentException(words.length + " words do not hold " + bits + " bits");
    }
    long ones = BitArray.cardinality(words);
    WireWriter out = new WireWriter(16);
    out.writeVarLong(ones);
    GolombRunCoder.encode(words, bits, ones, GolombRunCoder.parameter(bits, ones), out);
    return out.toByteArray();
  }

  /**
   * Decodes an array of exactly {@code bits} bits.
   *
   * @throws MalformedMessageException if the bytes are not exactly one valid encoding
   */
  public static long[] decode(byte[] bytes, long bits) {
    Objects.requireNonNull(bytes, "bytes");
    if (bits < 1 || bits > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("bits out of range: " + bits);
    }
    WireReader in = new WireReader(bytes);
    long ones = in.readVarLong();
    if (ones < 0 || ones > bits) {
      throw new MalformedMessageException("sparse bits announce " + ones + " one-bits in " + bits);
    }
    int offset = bytes.length - in.remaining();
    long[] words = GolombRunCoder.decode(bytes, offset, in.remaining(), bits, ones, GolombRunCoder.parameter(bits, ones));
    if (BitArray.cardinality(words) != ones) {
      throw new MalformedMessageException("sparse bits decoded to " + BitArray.cardinality(words)
          + " one-bits, announced " + ones);
    }
    return words;
  }
}
