package org.bloomchord.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.Probes;
import org.bloomchord.routing.location.AttenuatedFilter;
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
 *
 * <p>The same 60 filters also form 20 attenuated filters of depth 3, as a peer with 20 links keeps
 * them; {@code attenuatedProbesOnce} finds the lowest matching level of every link the way the
 * location phase does (levels packed in one array per link), {@code attenuatedHashPerFilter} does
 * the same search hashing the key for every filter it tests.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeReuseBenchmark {

  static final int FILTERS = 60;
  static final BloomShape SHAPE = new BloomShape(4096, 3);
  static final int KEYS_PER_FILTER = 400;
  static final int QUERIES = 1 << 12;

  static final int DEPTH = 3;

  private BloomFilter[] filters;
  private AttenuatedFilter[] links;
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
    links = new AttenuatedFilter[FILTERS / DEPTH];
    for (int l = 0; l < links.length; l++) {
      links[l] = new AttenuatedFilter(filters[l * DEPTH], filters[l * DEPTH + 1], filters[l * DEPTH + 2]);
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

  @Benchmark
  public int attenuatedProbesOnce() {
    Probes p = SHAPE.probes(nextKey());
    int levels = 0;
    for (AttenuatedFilter link : links) {
      levels += link.lowestMatchingLevel(p);
    }
    return levels;
  }

  @Benchmark
  public int attenuatedHashPerFilter() {
    long key = nextKey();
    int levels = 0;
    for (int l = 0; l < links.length; l++) {
      for (int d = 0; d < DEPTH; d++) {
        if (filters[l * DEPTH + d].mightContain(key)) {
          levels += d + 1;
          break;
        }
      }
    }
    return levels;
  }
}
