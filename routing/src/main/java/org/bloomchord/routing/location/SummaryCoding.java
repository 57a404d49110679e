package org.bloomchord.routing.location;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.hash.Murmur3;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.LevelCoding;

/**
 * How a summary (an {@link AttenuatedFilter}) travels: each level on its own, entropy-coded with
 * {@link CompressedBloom} when that is shorter than the plain words (the sparse lower levels),
 * plain otherwise; and its version, a 64-bit hash of the content.
 *
 * <p>Decoding treats the bytes as untrusted: a level count other than d, a level of another shape
 * than the receiver's, or any encoding that does not decode exactly raises
 * {@link MalformedMessageException}.
 */
public final class SummaryCoding {

  private SummaryCoding() {
  }

  /** The levels of {@code summary}, each in its shorter coding. */
  public static List<EncodedLevel> encode(AttenuatedFilter summary) {
    List<EncodedLevel> out = new ArrayList<>(summary.depth());
    for (int i = 1; i <= summary.depth(); i++) {
      BloomFilter level = summary.level(i);
      byte[] plain = level.toBytes();
      byte[] compressed = CompressedBloom.encode(level);
      out.add(compressed.length < plain.length
          ? new EncodedLevel(LevelCoding.COMPRESSED, compressed)
          : new EncodedLevel(LevelCoding.PLAIN, plain));
    }
    return out;
  }

  /** Longest encoded level accepted for a shape: the plain encoding (compressed is sent only when shorter). */
  public static int maxLevelBytes(BloomShape shape) {
    return 16 + 8 * shape.words();
  }

  /**
   * Decodes d levels of the given shape.
   *
   * @throws MalformedMessageException on a wrong depth, shape or encoding
   */
  public static AttenuatedFilter decode(List<EncodedLevel> levels, int depth, BloomShape shape) {
    if (levels.size() != depth) {
      throw new MalformedMessageException("summary of depth " + levels.size() + ", expected " + depth);
    }
    BloomFilter[] out = new BloomFilter[depth];
    for (int i = 0; i < depth; i++) {
      out[i] = decodeLevel(levels.get(i), shape, i + 1);
    }
    return new AttenuatedFilter(out);
  }

  private static BloomFilter decodeLevel(EncodedLevel level, BloomShape shape, int index) {
    if (level == null || level.coding() == null || level.bytes() == null) {
      throw new MalformedMessageException("summary level " + index + " missing");
    }
    if (level.bytes().length > maxLevelBytes(shape)) {
      throw new MalformedMessageException("summary level " + index + " of " + level.bytes().length + " bytes");
    }
    BloomFilter f = switch (level.coding()) {
      case PLAIN -> BloomFilter.fromBytes(level.bytes(), shape.bits());
      case COMPRESSED -> CompressedBloom.decode(level.bytes(), shape.bits());
    };
    if (!f.shape().equals(shape)) {
      throw new MalformedMessageException("summary level " + index + " has " + f.shape() + ", expected " + shape);
    }
    return f;
  }

  /** The version of a summary: a 64-bit hash of depth, shape and every level's words; never 0. */
  public static long version(AttenuatedFilter summary) {
    long h = Murmur3.fmix64(summary.depth() * 0x9E3779B97F4A7C15L + summary.shape().bits() * 31 + summary.shape().hashes());
    for (int i = 1; i <= summary.depth(); i++) {
      for (int j = 0; j < summary.wordsPerLevel(); j++) {
        long w = summary.word(i, j);
        h = Murmur3.fmix64(h ^ (w + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2)));
      }
    }
    return h == 0 ? 1 : h;
  }
}
