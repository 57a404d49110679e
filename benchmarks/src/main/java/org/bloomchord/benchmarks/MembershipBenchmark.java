package org.bloomchord.benchmarks;

import com.google.common.hash.Funnels;
import java.lang.reflect.Method;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.commons.collections4.bloomfilter.EnhancedDoubleHasher;
import org.apache.commons.collections4.bloomfilter.Shape;
import org.apache.commons.collections4.bloomfilter.SimpleBloomFilter;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * add and mightContain of one long key, in ns/op, for our filter, Guava's and Commons Collections'
 * {@code SimpleBloomFilter}, all with m = 2^20 bits, k = 7 and the same 100,000 keys. Queries
 * alternate between inserted keys and absent ones, so half of them exit at the first clear bit.
 *
 * <p>Guava sizes its filter from (n, p); p is chosen so that it picks exactly m = 2^20 and k = 7,
 * which setup checks. Commons is fed the two 64-bit halves of our Murmur3 hash through its
 * enhanced double hasher, so it pays the same hash as ours.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MembershipBenchmark {

  static final int BITS = 1 << 20;
  static final int HASHES = 7;
  static final int KEYS = 100_000;
  /** Query stream length, a power of two so the cursor wraps with a mask. */
  static final int QUERIES = 1 << 17;

  private long[] queries;
  private Long[] boxedQueries;
  private int cursor;

  private BloomFilter ours;
  private com.google.common.hash.BloomFilter<Long> guava;
  private SimpleBloomFilter commons;
  private Shape commonsShape;

  private BloomFilter oursEmpty;
  private com.google.common.hash.BloomFilter<Long> guavaEmpty;
  private SimpleBloomFilter commonsEmpty;

  @Setup
  public void setUp() throws ReflectiveOperationException {
    SplittableRandom rnd = new SplittableRandom(1);
    long[] keys = new long[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = rnd.nextLong();
    }
    queries = new long[QUERIES];
    boxedQueries = new Long[QUERIES];
    for (int i = 0; i < QUERIES; i++) {
      queries[i] = (i & 1) == 0 ? keys[(i >>> 1) % KEYS] : rnd.nextLong();
      boxedQueries[i] = queries[i];
    }
    ours = new BloomFilter(BITS, HASHES);
    oursEmpty = new BloomFilter(BITS, HASHES);
    // n ln(1/p) / ln(2)^2 = 2^20 with n = 100,000
    double p = Math.exp(-(double) BITS * Math.log(2) * Math.log(2) / KEYS);
    guava = com.google.common.hash.BloomFilter.create(Funnels.longFunnel(), KEYS, p);
    guavaEmpty = com.google.common.hash.BloomFilter.create(Funnels.longFunnel(), KEYS, p);
    checkGuavaShape(guava);
    commonsShape = Shape.fromKM(HASHES, BITS);
    commons = new SimpleBloomFilter(commonsShape);
    commonsEmpty = new SimpleBloomFilter(commonsShape);
    for (long key : keys) {
      ours.add(key);
      guava.put(key);
      Hash128 h = Murmur3.hash128(key);
      commons.merge(new EnhancedDoubleHasher(h.h1(), h.h2()));
    }
  }

  private static void checkGuavaShape(com.google.common.hash.BloomFilter<Long> f) throws ReflectiveOperationException {
    Method bitSize = f.getClass().getDeclaredMethod("bitSize");
    bitSize.setAccessible(true);
    long m = (long) bitSize.invoke(f);
    java.lang.reflect.Field k = f.getClass().getDeclaredField("numHashFunctions");
    k.setAccessible(true);
    if (m != BITS || k.getInt(f) != HASHES) {
      throw new IllegalStateException("Guava chose m=" + m + ", k=" + k.getInt(f));
    }
  }

  private int next() {
    int i = cursor;
    cursor = (i + 1) & (QUERIES - 1);
    return i;
  }

  @Benchmark
  public boolean containsOurs() {
    return ours.mightContain(queries[next()]);
  }

  @Benchmark
  public boolean containsGuava() {
    return guava.mightContain(boxedQueries[next()]);
  }

  @Benchmark
  public boolean containsCommons() {
    Hash128 h = Murmur3.hash128(queries[next()]);
    return commons.contains(new EnhancedDoubleHasher(h.h1(), h.h2()));
  }

  @Benchmark
  public BloomFilter addOurs() {
    oursEmpty.add(queries[next()]);
    return oursEmpty;
  }

  @Benchmark
  public boolean addGuava() {
    return guavaEmpty.put(boxedQueries[next()]);
  }

  @Benchmark
  public boolean addCommons() {
    Hash128 h = Murmur3.hash128(queries[next()]);
    return commonsEmpty.merge(new EnhancedDoubleHasher(h.h1(), h.h2()));
  }
}
