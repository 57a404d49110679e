package org.bloomchord.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.Probes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One key tested against the 60 filters a peer keeps for its links (m = 4096 bits, k = 3, 400
 * keys each, about 25% of bits set): probes computed once and reused ("hash once, probe many")
 * versus hashing the key again for every filter. ns per key, i.e. per 60 filter tests.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeReuseBenchmark {

  static final int FILTERS = 60;
  static final BloomShape SHAPE = new BloomShape(4096, 3);
  static final int KEYS_PER_FILTER = 400;
  static final int QUERIES = 1 << 12;

  private BloomFilter[] filters;
  private long[] queries;
  private int cursor;

  @Setup
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(2);
    filters = new BloomFilter[FILTERS];
    long[] pool = new long[FILTERS * KEYS_PER_FILTER];
    for (int f = 0; f < FILTERS; f++) {
      filters[f] = new BloomFilter(SHAPE);
      for (int i = 0; i < KEYS_PER_FILTER; i++) {
        long key = rnd.nextLong();
        pool[f * KEYS_PER_FILTER + i] = key;
        filters[f].add(key);
      }
    }
    queries = new long[QUERIES];
    for (int i = 0; i < QUERIES; i++) {
      queries[i] = (i & 1) == 0 ? pool[rnd.nextInt(pool.length)] : rnd.nextLong();
    }
  }

  private long nextKey() {
    int i = cursor;
    cursor = (i + 1) & (QUERIES - 1);
    return queries[i];
  }

  @Benchmark
  public int probesOnce() {
    Probes p = SHAPE.probes(nextKey());
    int hits = 0;
    for (BloomFilter f : filters) {
      if (f.mightContain(p)) {
        hits++;
      }
    }
    return hits;
  }

  @Benchmark
  public int hashPerFilter() {
    long key = nextKey();
    int hits = 0;
    for (BloomFilter f : filters) {
      if (f.mightContain(key)) {
        hits++;
      }
    }
    return hits;
  }
}
