package org.bloomchord.routing.bloom;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A static map from long keys to q-bit values built from plain Bloom filters, as the notes
 * construct the Bloomier filter (Chazelle, Kilian, Rubinfeld and Tal): a simple, not
 * space-optimal variant.
 *
 * <p>One cascade per value bit. Level 1 of a cascade has a filter A_1 of the keys whose bit is 0
 * and a filter B_1 of the keys whose bit is 1. A key of A_1 that B_1 also reports (a false positive
 * of B_1), or a key of B_1 that A_1 reports, is ambiguous and goes on to the next pair (A_2, B_2),
 * and so on; after {@link Config#maxLevels()} levels the still ambiguous keys are kept in an exact
 * map. Because a level's filters are built from all its keys at once before the ambiguous ones are
 * chosen, later keys cannot make an earlier key ambiguous: the map is built once and is immutable.
 *
 * <p>Lookup walks a cascade: at a level where only A_i reports the key the bit is 0, where only
 * B_i reports it the bit is 1, where both do the walk goes down, and where neither does the key is
 * certainly not in the map. Past the last level the exact map decides.
 *
 * <p>Invariants: every key of the map gets its exact value. A key not in the map is reported
 * absent ({@link OptionalInt#empty()}) as soon as one cascade finds a level where neither filter
 * holds it, or it is missing from a cascade's exact map; otherwise it gets an <b>arbitrary value</b>
 * (a false positive of the structure, with probability about the product over cascades of the
 * level filters' false-positive rates).
 */
public final class BloomierFilter {

  /**
   * Build parameters.
   *
   * @param valueBits q, bits per value, 1 .. 31
   * @param bitsPerKey filter bits per key at every level, 1 .. 64 (default 10, about 0.8% false
   *     positives with the optimal k = 7)
   * @param maxLevels filter pairs per cascade before the exact map, 1 .. 32 (default 4)
   */
  public record Config(int valueBits, int bitsPerKey, int maxLevels) {

    /** The default: 10 bits per key and 4 levels. */
    public static Config of(int valueBits) {
      return new Config(valueBits, 10, 4);
    }

    public Config {
      if (valueBits < 1 || valueBits > 31) {
        throw new IllegalArgumentException("valueBits must be in [1, 31], got " + valueBits);
      }
      if (bitsPerKey < 1 || bitsPerKey > 64) {
        throw new IllegalArgumentException("bitsPerKey must be in [1, 64], got " + bitsPerKey);
      }
      if (maxLevels < 1 || maxLevels > 32) {
        throw new IllegalArgumentException("maxLevels must be in [1, 32], got " + maxLevels);
      }
    }
  }

  private final Config config;
  private final Cascade[] cascades;
  private final int size;

  private BloomierFilter(Config config, Cascade[] cascades, int size) {
    this.config = config;
    this.cascades = cascades;
    this.size = size;
  }

  /** Builds the filter of a map whose values lie in [0, 2^q). */
  public static BloomierFilter build(Map<Long, Integer> map, Config config) {
    Objects.requireNonNull(config, "config");
    int q = config.valueBits();
    for (Map.Entry<Long, Integer> e : map.entrySet()) {
      int v = e.getValue();
      if (v < 0 || v >= (1 << q)) {
        throw new IllegalArgumentException("value " + v + " of key " + e.getKey() + " outside [0, 2^" + q + ")");
      }
    }
    Cascade[] cascades = new Cascade[q];
    for (int bit = 0; bit < q; bit++) {
      cascades[bit] = Cascade.build(map, bit, config);
    }
    return new BloomierFilter(config, cascades, map.size());
  }

  /** The value of a key, or empty when the key is certainly not in the map (see the class doc). */
  public OptionalInt get(long key) {
    int value = 0;
    for (int bit = 0; bit < cascades.length; bit++) {
      int b = cascades[bit].lookup(key);
      if (b < 0) {
        return OptionalInt.empty();
      }
      value |= b << bit;
    }
    return OptionalInt.of(value);
  }

  /** The build parameters. */
  public Config config() {
    return config;
  }

  /** Number of keys the map was built from. */
  public int size() {
    return size;
  }

  /** Filter pairs used by the cascade of value bit {@code bit}. */
  public int levels(int bit) {
    return cascades[bit].levels.size();
  }

  /** Keys the cascade of value bit {@code bit} keeps in its exact map. */
  public int exactEntries(int bit) {
    return cascades[bit].exact.size();
  }

  /** Bits in all filters together (the exact maps not counted). */
  public long filterBits() {
    long total = 0;
    for (Cascade c : cascades) {
      for (BloomFilter[] pair : c.levels) {
        total += pair[0].bits() + pair[1].bits();
      }
    }
    return total;
  }

  /** The levels of one value bit: pairs (A_i, B_i) of filters, then an exact map. */
  private static final class Cascade {

    private final int bit;
    private final List<BloomFilter[]> levels = new ArrayList<>();
    private final Map<Long, Integer> exact = new HashMap<>();

    private Cascade(int bit) {
      this.bit = bit;
    }

    static Cascade build(Map<Long, Integer> map, int bit, Config config) {
      Cascade c = new Cascade(bit);
      List<Long> zeros = new ArrayList<>();
      List<Long> ones = new ArrayList<>();
      for (Map.Entry<Long, Integer> e : map.entrySet()) {
        ((e.getValue() >>> bit & 1) == 0 ? zeros : ones).add(e.getKey());
      }
      for (int level = 0; level < config.maxLevels() && !(zeros.isEmpty() && ones.isEmpty()); level++) {
        BloomFilter a = filterOf(zeros, config.bitsPerKey(), c.seed(level));
        BloomFilter b = filterOf(ones, config.bitsPerKey(), c.seed(level));
        c.levels.add(new BloomFilter[] {a, b});
        zeros = ambiguous(zeros, b, c.seed(level));
        ones = ambiguous(ones, a, c.seed(level));
      }
      zeros.forEach(key -> c.exact.put(key, 0));
      ones.forEach(key -> c.exact.put(key, 1));
      return c;
    }

    /** 0 or 1, or -1 when the key is certainly absent. */
    int lookup(long key) {
      for (int level = 0; level < levels.size(); level++) {
        long seed = seed(level);
        BloomFilter[] pair = levels.get(level);
        var h = Murmur3.hash128(key, seed);
        boolean inA = pair[0].mightContain(h);
        boolean inB = pair[1].mightContain(h);
        if (inA != inB) {
          return inA ? 0 : 1;
        }
        if (!inA) {
          return -1;
        }
      }
      Integer v = exact.get(key);
      return v == null ? -1 : v;
    }

    /** Independent probe positions per cascade and level, so false positives do not repeat. */
    private long seed(int level) {
      return Murmur3.fmix64(((long) bit << 32 | level) + 0x9E3779B97F4A7C15L);
    }

    private static BloomFilter filterOf(List<Long> keys, int bitsPerKey, long seed) {
      long m = Math.max(64, (long) keys.size() * bitsPerKey);
      BloomFilter f = new BloomFilter(BloomShape.optimal(m, Math.max(1, keys.size())));
      for (long key : keys) {
        f.add(Murmur3.hash128(key, seed));
      }
      return f;
    }

    private static List<Long> ambiguous(List<Long> keys, BloomFilter other, long seed) {
      List<Long> out = new ArrayList<>();
      for (long key : keys) {
        if (other.mightContain(Murmur3.hash128(key, seed))) {
          out.add(key);
        }
      }
      return out;
    }
  }

  @Override
  public String toString() {
    return "BloomierFilter[keys=" + size + ", q=" + config.valueBits() + ", filterBits=" + filterBits() + "]";
  }
}
