package org.bloomchord.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.SummaryCoding;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a summary costs to code: a summary of depth 3 at the location layer's default shape
 * (m = 4096, k = 3) holding 20, 200 and 600 objects at levels 1 to 3 (about 1.5%, 14% and 36% of
 * the bits set), encoded whole and decoded, and a delta against the same summary with a tenth of
 * each level's objects replaced, made and applied. µs per summary or delta.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SummaryCodingBenchmark {

  static final BloomShape SHAPE = new BloomShape(4096, 3);
  static final int[] OBJECTS = {20, 200, 600};

  private AttenuatedFilter base;
  private AttenuatedFilter current;
  private List<EncodedLevel> encoded;
  private List<byte[]> delta;

  @Setup
  public void setUp() {
    SplittableRandom r = new SplittableRandom(7);
    BloomFilter[] before = new BloomFilter[OBJECTS.length];
    BloomFilter[] after = new BloomFilter[OBJECTS.length];
    for (int i = 0; i < OBJECTS.length; i++) {
      before[i] = new BloomFilter(SHAPE);
      after[i] = new BloomFilter(SHAPE);
      int replaced = OBJECTS[i] / 10;
      for (int j = 0; j < OBJECTS[i]; j++) {
        long key = r.nextLong();
        before[i].add(key);
        after[i].add(j < replaced ? r.nextLong() : key);
      }
    }
    base = new AttenuatedFilter(before);
    current = new AttenuatedFilter(after);
    encoded = SummaryCoding.encode(current);
    delta = SummaryCoding.delta(base, current);
  }

  @Benchmark
  public List<EncodedLevel> encodeWhole() {
    return SummaryCoding.encode(current);
  }

  @Benchmark
  public AttenuatedFilter decodeWhole() {
    return SummaryCoding.decode(encoded, OBJECTS.length, SHAPE);
  }

  @Benchmark
  public List<byte[]> makeDelta() {
    return SummaryCoding.delta(base, current);
  }

  @Benchmark
  public AttenuatedFilter applyDelta() {
    return SummaryCoding.applyDelta(base, delta);
  }
}
