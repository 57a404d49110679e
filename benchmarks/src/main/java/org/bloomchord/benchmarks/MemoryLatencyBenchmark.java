package org.bloomchord.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a read of memory costs on this machine when the next address depends on the last one, as
 * a simulated peer's state is reached (the event names the peer, the peer its tables, the tables
 * the refs): a chase through one random cycle over the 64-byte lines of an array of
 * {@code megabytes} MB, ns per read. At a few MB the lines stay in the caches; at the heap of a
 * ring of 10^5 peers (about 400 MB) or 10^6 (about 4 GB) nearly every read misses them and the
 * TLB. {@code eightChases} follows the cycle from eight places at once, ns per round of eight reads: how
 * far reads that do not depend on each other overlap (what a loop gains when it knows the next
 * addresses before it needs them).
 *
 * <p>The figure is the machine's, not the project's: the simulator's time per event at the same
 * heap, divided by it, tells how many dependent misses an event costs
 * (docs/experiments/simulator-speed.md, "Time per event against the machine's memory").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MemoryLatencyBenchmark {

  /** Reads per invocation of {@link #chase}. */
  static final int STEPS = 1 << 20;
  /** Longs per 64-byte line: the cycle visits one long per line. */
  static final int LINE = 8;
  static final int CHASES = 8;

  @Param({"4", "400", "4000"})
  public int megabytes;

  /** At index {@code LINE * i}, the index of the next line's first long in the cycle. */
  private long[] cycle;
  private int at;
  private final int[] ats = new int[CHASES];

  @Setup(Level.Trial)
  public void setUp() {
    int lines = (int) (megabytes * (1L << 20) / 64);
    cycle = new long[lines * LINE];
    // Sattolo's shuffle: a random permutation that is one cycle through every line
    int[] order = new int[lines];
    for (int i = 0; i < lines; i++) {
      order[i] = i;
    }
    SplittableRandom random = new SplittableRandom(64);
    for (int i = lines - 1; i > 0; i--) {
      int j = random.nextInt(i);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int i = 0; i < lines; i++) {
      cycle[LINE * order[i]] = (long) LINE * order[(i + 1) % lines];
    }
    for (int c = 0; c < CHASES; c++) {
      ats[c] = LINE * order[(int) ((long) c * lines / CHASES)];
    }
  }

  /** One dependent read after another: ns per read. */
  @Benchmark
  @OperationsPerInvocation(STEPS)
  public int chase() {
    long[] a = cycle;
    int i = at;
    for (int s = 0; s < STEPS; s++) {
      i = (int) a[i];
    }
    at = i;
    return i;
  }

  /** Eight chases through the cycle from eight places at once: ns per round of eight reads. */
  @Benchmark
  @OperationsPerInvocation(STEPS / CHASES)
  public int eightChases() {
    long[] a = cycle;
    int i0 = ats[0];
    int i1 = ats[1];
    int i2 = ats[2];
    int i3 = ats[3];
    int i4 = ats[4];
    int i5 = ats[5];
    int i6 = ats[6];
    int i7 = ats[7];
    for (int s = 0; s < STEPS / CHASES; s++) {
      i0 = (int) a[i0];
      i1 = (int) a[i1];
      i2 = (int) a[i2];
      i3 = (int) a[i3];
      i4 = (int) a[i4];
      i5 = (int) a[i5];
      i6 = (int) a[i6];
      i7 = (int) a[i7];
    }
    ats[0] = i0;
    ats[1] = i1;
    ats[2] = i2;
    ats[3] = i3;
    ats[4] = i4;
    ats[5] = i5;
    ats[6] = i6;
    ats[7] = i7;
    return i0 ^ i1 ^ i2 ^ i3 ^ i4 ^ i5 ^ i6 ^ i7;
  }
}
