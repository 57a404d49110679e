package org.bloomchord.routing.compress;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * Compressed Bloom filters (Mitzenmacher, "Compressed Bloom Filters", IEEE/ACM ToN 2002): the bit
 * array of a plain {@link BloomFilter} entropy-coded for the wire, so that a large sparse filter
 * costs about m H(p) bits instead of m, where p is the share of zero bits.
 *
 * <p>Encoding (all integers as in {@link WireWriter}):
 *
 * <pre>
 *   byte     format version, {@value #FORMAT_VERSION}
 *   byte     codec id ({@link BitCodec#id()})
 *   varlong  m, the number of bits, 1 .. maxBits
 *   byte     k, the number of probes, 1 .. 64
 *   varlong  the number of one-bits, 0 .. m (the model: the coder's one-bit probability is derived
 *            from it deterministically, and the decoded filter must have exactly this many)
 *   varlong  the codec parameter (Golomb's M; 0 for the arithmetic coder)
 *   int      CRC-32C of m (8 bytes), k (1 byte) and the filter's words (8 bytes each), all
 *            little-endian
 *   bytes    the code, to the end of the array
 * </pre>
 *
 * <p>Invariants: {@code decode(encode(f), maxBits).equals(f)} for every filter of at most maxBits
 * bits; every other input either decodes to the filter it encodes or raises
 * {@link MalformedMessageException} (shape out of range, unknown version or codec, truncated or
 * trailing bytes, a code that does not yield the announced number of one-bits, or a checksum
 * mismatch), never another exception.
 */
public final class CompressedBloom {

  /** The format version written and accepted. */
  public static final int FORMAT_VERSION = 1;
  /** The codec {@link #encode(BloomFilter)} uses. */
  public static final BitCodec DEFAULT_CODEC = BitCodec.ARITHMETIC;

  private CompressedBloom() {
  }

  /** Encodes the filter with the {@link #DEFAULT_CODEC default codec}. */
  public static byte[] encode(BloomFilter filter) {
    return encode(filter, DEFAULT_CODEC);
  }

  /** Encodes the filter with the given codec. */
  public static byte[] encode(BloomFilter filter, BitCodec codec) {
    Objects.requireNonNull(codec, "codec");
    long m = filter.bits();
    long[] words = filter.toLongArray();
    long ones = BitArray.cardinality(words);
    long parameter = codec == BitCodec.GOLOMB ? GolombRunCoder.parameter(m, ones) : 0;
    WireWriter out = new WireWriter(32 + (int) Math.min(Integer.MAX_VALUE - 64, m / 8));
    out.writeByte(FORMAT_VERSION);
    out.writeByte(codec.id());
    out.writeVarLong(m);
    out.writeByte(filter.hashes());
    out.writeVarLong(ones);
    out.writeVarLong(parameter);
    out.writeInt(checksum(m, filter.hashes(), words));
    switch (codec) {
      case ARITHMETIC -> ArithmeticBitCoder.encode(words, m, ones, out);
      case GOLOMB -> GolombRunCoder.encode(words, m, ones, parameter, out);
      default -> throw new IllegalArgumentException("unsupported codec " + codec);
    }
    return out.toByteArray();
  }

  /**
   * Decodes an encoding of a filter of at most {@code maxBits} bits.
   *
   * @throws MalformedMessageException if the bytes are not exactly one valid encoding
   */
  public static BloomFilter decode(byte[] bytes, long maxBits) {
    Objects.requireNonNull(bytes, "bytes");
    WireReader in = new WireReader(bytes);
    int version = in.readByte();
    if (version != FORMAT_VERSION) {
      throw new MalformedMessageException("unknown compressed filter format version " + version);
    }
    int codecId = in.readByte();
    BitCodec codec = BitCodec.byId(codecId);
    if (codec == null) {
      throw new MalformedMessageException("unknown compressed filter codec " + codecId);
    }
    long m = in.readVarLong();
    int k = in.readByte();
    if (m < 1 || m > Math.min(maxBits, BloomShape.MAX_BITS) || k < 1 || k > BloomShape.MAX_HASHES) {
      throw new MalformedMessageException("compressed filter shape out of bounds: m=" + m + ", k=" + k);
    }
    long ones = in.readVarLong();
    if (ones < 0 || ones > m) {
      throw new MalformedMessageException("compressed filter announces " + ones + " one-bits in " + m + " bits");
    }
    long parameter = in.readVarLong();
    if (codec == BitCodec.GOLOMB ? parameter < 1 || parameter > m : parameter != 0) {
      throw new MalformedMessageException("compressed filter codec parameter " + parameter + " invalid for " + codec);
    }
    int expectedChecksum = in.readInt();
    int offset = bytes.length - in.remaining();
    long[] words = switch (codec) {
      case ARITHMETIC -> ArithmeticBitCoder.decode(bytes, offset, in.remaining(), m, ones);
      case GOLOMB -> GolombRunCoder.decode(bytes, offset, in.remaining(), m, ones, parameter);
    };
    if (BitArray.cardinality(words) != ones) {
      throw new MalformedMessageException("compressed filter decoded to " + BitArray.cardinality(words)
          + " one-bits, header announced " + ones);
    }
    if (checksum(m, k, words) != expectedChecksum) {
      throw new MalformedMessageException("compressed filter checksum mismatch");
    }
    return BloomFilter.of(new BloomShape(m, k), words);
  }

  /** Length in bits of the default encoding of the filter (header and checksum included). */
  public static long encodedBits(BloomFilter filter) {
    return 8L * encode(filter).length;
  }

  /** Length in bits of the filter's encoding with the given codec (header and checksum included). */
  public static long encodedBits(BloomFilter filter, BitCodec codec) {
    return 8L * encode(filter, codec).length;
  }

  /**
   * The empirical entropy bound m H(p̂) in bits, where p̂ is the filter's measured share of zero
   * bits: what an ideal coder for independent bits of that density would need, without header.
   */
  public static double entropyBits(BloomFilter filter) {
    double zeros = 1.0 - filter.fillRatio();
    return filter.bits() * BloomMath.entropy(zeros);
  }

  private static int checksum(long bits, int hashes, long[] words) {
    ByteBuffer buf = ByteBuffer.allocate(9 + 8 * words.length).order(ByteOrder.LITTLE_ENDIAN);
    buf.putLong(bits).put((byte) hashes);
    for (long w : words) {
      buf.putLong(w);
    }
    buf.flip();
    CRC32C crc = new CRC32C();
    crc.update(buf);
    return (int) crc.getValue();
  }
}
