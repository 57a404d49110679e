package org.bloomchord.routing.location;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.compress.ConditionedBits;
import org.bloomchord.routing.hash.Murmur3;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.LevelCoding;

/**
 * How a summary (an {@link AttenuatedFilter}) travels: each level as the positions of its
 * minority bits given the level below ({@link ConditionedBits.Packer}, the two parts in one bit
 * stream: an object at a link is often an object two hops away too) when that is shorter than the plain words, plain otherwise; and its
 * version, a 64-bit hash of the content. Levels coded with {@link CompressedBloom} are decoded too.
 *
 * <p>A summary that changed since a version the asker holds can travel as its changes instead
 * ({@link #delta}, {@link #applyDelta}): per level the XOR of the two versions, given the base's
 * level (a set bit can only be cleared where the base had one), and when that is shorter given the
 * level below after the change as well (an object that comes or goes flips bits at both).
 *
 * <p>Decoding treats the bytes as untrusted: a level count other than d, a level of another shape
 * than the receiver's, or any encoding that does not decode exactly raises
 * {@link MalformedMessageException}.
 *
 * <p>About 400 lines and kept whole: a whole summary and a delta share the per-level choice of
 * coding and the context each level is read in, and the encoder and the decoder of each must
 * choose alike, bit for bit.
 */
public final class SummaryCoding {

  private SummaryCoding() {
  }

  /** Largest element count a level may declare. */
  public static final int MAX_COUNT = 1 << 30;

  /** The levels of {@code summary}, each in its shorter coding, declaring the fewest elements its bits allow. */
  public static List<EncodedLevel> encode(AttenuatedFilter summary) {
    return encode(summary, new int[summary.depth()]);
  }

  /**
   * The levels of {@code summary}, each in its shorter coding, declaring {@code counts[i - 1]}
   * elements at level i, or the fewest its bits allow ({@link #minimalCount}) when that is more.
   */
  public static List<EncodedLevel> encode(AttenuatedFilter summary, int[] counts) {
    List<EncodedLevel> out = new ArrayList<>(summary.depth());
    long[] below = new long[summary.wordsPerLevel()];
    for (int i = 1; i <= summary.depth(); i++) {
      BloomFilter level = summary.level(i);
      long[] words = level.toLongArray();
      byte[] plain = level.toBytes();
      byte[] conditioned = new ConditionedBits.Packer().parts(words, level.bits(), below).toByteArray();
      int count = Math.min(MAX_COUNT, Math.max(counts[i - 1], minimalCount(level)));
      out.add(conditioned.length < plain.length
          ? new EncodedLevel(LevelCoding.GIVEN_LOWER, conditioned, count)
          : new EncodedLevel(LevelCoding.PLAIN, plain, count));
      below = words;
    }
    return out;
  }

  /** The fewest elements of k probes that can set the bits of {@code level}: ceil(set bits / k). */
  public static int minimalCount(BloomFilter level) {
    long k = level.shape().hashes();
    return (int) Math.min(MAX_COUNT, (level.cardinality() + k - 1) / k);
  }

  /** The fewest elements each level of {@code summary} can hold ({@link #minimalCount}), level 1 first. */
  public static int[] minimalCounts(AttenuatedFilter summary) {
    int[] out = new int[summary.depth()];
    for (int i = 1; i <= summary.depth(); i++) {
      out[i - 1] = minimalCount(summary.level(i));
    }
    return out;
  }

  /** The element counts {@code levels} declare, level 1 first. */
  public static int[] counts(List<EncodedLevel> levels) {
    int[] out = new int[levels.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = levels.get(i).count();
    }
    return out;
  }

  /** What to add to {@code before} for {@code after} (same length), or null when they are equal. */
  public static int[] countChanges(int[] before, int[] after) {
    if (Arrays.equals(before, after)) {
      return null;
    }
    int[] out = new int[after.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = after[i] - before[i];
    }
    return out;
  }

  /**
   * The counts a delta declares: {@code base} plus {@code changes}, or {@code base} when there are
   * none.
   *
   * @throws MalformedMessageException when the changes are not one per level or a count leaves
   *     [0, {@link #MAX_COUNT}]
   */
  public static int[] withCountChanges(int[] base, int[] changes) {
    if (changes == null) {
      return base;
    }
    if (changes.length != base.length) {
      throw new MalformedMessageException("delta declares " + changes.length + " count changes for depth " + base.length);
    }
    int[] out = new int[base.length];
    for (int i = 0; i < out.length; i++) {
      long c = (long) base[i] + changes[i];
      if (c < 0 || c > MAX_COUNT) {
        throw new MalformedMessageException("delta declares a count of " + c + " at level " + (i + 1));
      }
      out[i] = (int) c;
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
    long[] below = null;
    for (int i = 0; i < depth; i++) {
      EncodedLevel l = levels.get(i);
      if (l != null && l.coding() == LevelCoding.GIVEN_LOWER) {
        if (below == null && i > 0) {
          below = out[i - 1].toLongArray();
        }
        below = decodeGivenLower(l, below, shape, i + 1);
        out[i] = BloomFilter.of(shape, below);
      } else {
        out[i] = decodeLevel(l, null, shape, i + 1);
        below = null;
      }
    }
    return new AttenuatedFilter(out);
  }

  /** The words of a level coded given the level below it, whose words are {@code below}. */
  private static long[] decodeGivenLower(EncodedLevel level, long[] below, BloomShape shape, int index) {
    if (level.bytes() == null) {
      throw new MalformedMessageException("summary level " + index + " missing");
    }
    if (level.bytes().length > maxLevelBytes(shape)) {
      throw new MalformedMessageException("summary level " + index + " of " + level.bytes().length + " bytes");
    }
    ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(level.bytes());
    long[] words = in.parts(shape.bits(), below == null ? new long[shape.words()] : below);
    in.end();
    return words;
  }

  /** Level {@code index} from its coding, given the level below it (null for level 1). */
  private static BloomFilter decodeLevel(EncodedLevel level, BloomFilter below, BloomShape shape, int index) {
    if (level == null || level.coding() == null || level.bytes() == null) {
      throw new MalformedMessageException("summary level " + index + " missing");
    }
    if (level.coding() == LevelCoding.GIVEN_LOWER) {
      return BloomFilter.of(shape, decodeGivenLower(level, below == null ? null : below.toLongArray(), shape, index));
    }
    if (level.bytes().length > maxLevelBytes(shape)) {
      throw new MalformedMessageException("summary level " + index + " of " + level.bytes().length + " bytes");
    }
    BloomFilter f = switch (level.coding()) {
      case PLAIN -> BloomFilter.fromBytes(level.bytes(), shape.bits());
      case COMPRESSED -> CompressedBloom.decode(level.bytes(), shape.bits());
      case GIVEN_LOWER -> throw new IllegalStateException("decoded above");
    };
    if (!f.shape().equals(shape)) {
      throw new MalformedMessageException("summary level " + index + " has " + f.shape() + ", expected " + shape);
    }
    return f;
  }

  /** Bytes of the encoded levels of a full summary, all levels together. */
  public static int encodedBytes(List<EncodedLevel> levels) {
    int n = 0;
    for (EncodedLevel l : levels) {
      n += l.bytes().length;
    }
    return n;
  }

  /**
   * The changes from {@code base} to {@code current} (same depth and shape): per level, the XOR of
   * the two levels coded given the base's level ({@link ConditionedBits}: a cleared bit can only be
   * a set one), or no bytes when they are equal.
   */
  public static List<byte[]> delta(AttenuatedFilter base, AttenuatedFilter current) {
    if (base.depth() != current.depth() || !base.shape().equals(current.shape())) {
      throw new IllegalArgumentException("a delta needs two summaries of one depth and shape");
    }
    List<byte[]> out = new ArrayList<>(current.depth());
    for (int i = 1; i <= current.depth(); i++) {
      out.add(changes(base.level(i).toLongArray(), current, i));
    }
    return out;
  }

  /**
   * The coded XOR of {@code was} (level i's words before) and level i of {@code current}, or no
   * bytes when equal: split by the base's level ({@link #GIVEN_BASE}) or, when shorter, by the
   * base's level and level i - 1 of {@code current} ({@link #GIVEN_BASE_AND_BELOW}).
   */
  private static byte[] changes(long[] was, AttenuatedFilter current, int i) {
    long[] xor = new long[was.length];
    boolean any = false;
    for (int w = 0; w < was.length; w++) {
      xor[w] = was[w] ^ current.word(i, w);
      any |= xor[w] != 0;
    }
    if (!any) {
      return new byte[0];
    }
    long bits = current.shape().bits();
    byte[] given = new ConditionedBits.Packer().bits(GIVEN_BASE, 1).parts(xor, bits, was).toByteArray();
    if (i == 1) {
      return given;
    }
    byte[] both = new ConditionedBits.Packer().bits(GIVEN_BASE_AND_BELOW, 1)
        .parts(xor, bits, was, current.level(i - 1).toLongArray()).toByteArray();
    return both.length < given.length ? both : given;
  }

  /** A delta level whose changes are split by the base's level: two parts. */
  static final int GIVEN_BASE = 0;
  /**
   * A delta level whose changes are split by the base's level and by the level below after the
   * change (the receiver rebuilds levels in order): four parts. An object that comes or goes near a
   * link often flips its bits at two levels, so a set bit at the level below is a likely change.
   */
  static final int GIVEN_BASE_AND_BELOW = 1;

  /**
   * The changes of level {@code index}: one bit of mode, then the parts ({@link
   * ConditionedBits.Packer}); {@code base} is the base's level, {@code below} the rebuilt level
   * under it (null for level 1).
   *
   * @throws MalformedMessageException on a mode level 1 cannot have or parts that do not decode
   *     exactly
   */
  private static long[] unpack(byte[] bytes, long[] base, long[] below, long bits, int index) {
    ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(bytes);
    long mode = in.bits(1);
    if (mode == GIVEN_BASE_AND_BELOW && below == null) {
      throw new MalformedMessageException("delta level " + index + " coded given a level below it");
    }
    long[] words = mode == GIVEN_BASE ? in.parts(bits, base) : in.parts(bits, base, below);
    in.end();
    return words;
  }

  /**
   * The same changes as {@link #delta(AttenuatedFilter, AttenuatedFilter)}, from a base kept in its
   * coding ({@code base}, d levels this peer encoded) to {@code current}, whose coding is
   * {@code currentLevels}: a level whose coding did not change, over a level below that did not
   * change either when the coding depends on it, has no changes (a coding is a function of the
   * bits, and decodes back to them), so only the base levels needed are decoded.
   */
  public static List<byte[]> delta(List<EncodedLevel> base, List<EncodedLevel> currentLevels, AttenuatedFilter current) {
    int depth = current.depth();
    if (base.size() != depth || currentLevels.size() != depth) {
      throw new IllegalArgumentException("a delta needs two summaries of one depth");
    }
    BloomShape shape = current.shape();
    List<byte[]> out = new ArrayList<>(depth);
    BloomFilter[] decoded = new BloomFilter[depth];
    boolean belowSame = true;
    for (int i = 1; i <= depth; i++) {
      EncodedLevel was = base.get(i - 1);
      EncodedLevel now = currentLevels.get(i - 1);
      boolean same = was.coding() == now.coding() && Arrays.equals(was.bytes(), now.bytes())
          && (belowSame || now.coding() != LevelCoding.GIVEN_LOWER);
      out.add(same ? new byte[0] : changes(baseLevel(base, decoded, i, shape).toLongArray(), current, i));
      belowSame = same || out.get(i - 1).length == 0;
    }
    return out;
  }

  /** Level i of a base kept in its coding, decoded once with the levels below it that its coding needs. */
  private static BloomFilter baseLevel(List<EncodedLevel> base, BloomFilter[] decoded, int i, BloomShape shape) {
    if (decoded[i - 1] == null) {
      EncodedLevel l = base.get(i - 1);
      BloomFilter below = i > 1 && l.coding() == LevelCoding.GIVEN_LOWER ? baseLevel(base, decoded, i - 1, shape) : null;
      decoded[i - 1] = decodeLevel(l, below, shape, i);
    }
    return decoded[i - 1];
  }

  /**
   * The summary {@code base} becomes with the changes of {@code levels}: d levels of the base's
   * shape, each XORed with its decoded changes.
   *
   * @throws MalformedMessageException on a wrong level count or an encoding that does not decode
   *     to exactly the shape's bits
   */
  public static AttenuatedFilter applyDelta(AttenuatedFilter base, List<byte[]> levels) {
    BloomShape shape = base.shape();
    int words = base.wordsPerLevel();
    if (levels.size() != base.depth()) {
      throw new MalformedMessageException("delta of depth " + levels.size() + ", expected " + base.depth());
    }
    BloomFilter[] out = new BloomFilter[base.depth()];
    long[] below = null;
    for (int i = 1; i <= base.depth(); i++) {
      long[] was = base.level(i).toLongArray();
      byte[] l = checkDeltaLevel(levels, i, shape);
      long[] now = l.length == 0 ? was : unpack(l, was, below, shape.bits(), i);
      if (l.length > 0) {
        for (int w = 0; w < words; w++) {
          now[w] ^= was[w];
        }
      }
      out[i - 1] = BloomFilter.of(shape, now);
      below = now;
    }
    return new AttenuatedFilter(out);
  }

  /**
   * Checks what can be checked of {@code levels} without the base they apply to: d encoded
   * changes, each at most a plain level long (that each decodes to exactly the shape's bits given
   * its base level is checked by {@link #applyDelta}).
   *
   * @throws MalformedMessageException when they are not
   */
  public static void checkDelta(List<byte[]> levels, int depth, BloomShape shape) {
    if (levels.size() != depth) {
      throw new MalformedMessageException("delta of depth " + levels.size() + ", expected " + depth);
    }
    for (int i = 1; i <= depth; i++) {
      checkDeltaLevel(levels, i, shape);
    }
  }

  private static byte[] checkDeltaLevel(List<byte[]> levels, int index, BloomShape shape) {
    byte[] l = levels.get(index - 1);
    if (l == null) {
      throw new MalformedMessageException("delta level " + index + " missing");
    }
    if (l.length > maxLevelBytes(shape)) {
      throw new MalformedMessageException("delta level " + index + " of " + l.length + " bytes");
    }
    return l;
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
