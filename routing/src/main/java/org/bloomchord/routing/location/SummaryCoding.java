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

  /** Largest element count a level may declare. */
  public static final int MAX_COUNT = 1 << 30;

  /** The levels of {@code summary}, each in its shorter coding, declaring the fewest elements its bits allow. */
  public static List<EncodedLevel> encode(AttenuatedFilter summary) {
    int[] counts = new int[summary.depth()];
    for (int i = 1; i <= summary.depth(); i++) {
      counts[i - 1] = minimalCount(summary.level(i));
    }
    return encode(summary, counts);
  }

  /** The levels of {@code summary}, each in its shorter coding, declaring {@code counts[i - 1]} elements at level i. */
  public static List<EncodedLevel> encode(AttenuatedFilter summary, int[] counts) {
    List<EncodedLevel> out = new ArrayList<>(summary.depth());
    for (int i = 1; i <= summary.depth(); i++) {
      BloomFilter level = summary.level(i);
      byte[] plain = level.toBytes();
      byte[] compressed = CompressedBloom.encode(level);
      int count = Math.min(MAX_COUNT, Math.max(counts[i - 1], minimalCount(level)));
      out.add(compressed.length < plain.length
          ? new EncodedLevel(LevelCoding.COMPRESSED, compressed, count)
          : new EncodedLevel(LevelCoding.PLAIN, plain, count));
    }
    return out;
  }

  /** The fewest elements of k probes that can set the bits of {@code level}: ceil(set bits / k). */
  public static int minimalCount(BloomFilter level) {
    long k = level.shape().hashes();
    return (int) Math.min(MAX_COUNT, (level.cardinality() + k - 1) / k);
  }

  /** The element counts {@code levels} declare, level 1 first. */
  public static int[] counts(List<EncodedLevel> levels) {
    int[] out = new int[levels.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = levels.get(i).count();
    }
    return out;
  }

  /**
   * Checks that no level of {@code summary} has more set bits than its declared count allows
   * (count x k: each element sets at most k bits), e.g. an all-ones level claiming few elements.
   *
   * @throws ImpossibleFillException naming the first level that breaks it
   */
  public static void checkFill(AttenuatedFilter summary, int[] counts) {
    long k = summary.shape().hashes();
    for (int i = 1; i <= summary.depth(); i++) {
      long bits = summary.level(i).cardinality();
      if (bits > counts[i - 1] * k) {
        throw new ImpossibleFillException("summary level " + i + " has " + bits + " set bits, more than "
            + counts[i - 1] + " elements of " + k + " probes can set");
      }
    }
  }

  /** A summary level with more set bits than its declared element count allows. */
  public static final class ImpossibleFillException extends MalformedMessageException {
    private static final long serialVersionUID = 1L;

    ImpossibleFillException(String message) {
      super(message);
    }
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
