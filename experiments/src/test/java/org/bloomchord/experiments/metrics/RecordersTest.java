package org.bloomchord.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.experiments.summary.LookupStats;
import org.bloomchord.routing.location.LocateOutcome;
import org.junit.jupiter.api.Test;

class RecordersTest {

  @Test
  void hopPercentilesMatchTheExactNearestRankOnes() {
    DistributionRecorder rec = DistributionRecorder.counts(MeasurementWindow.always());
    SplittableRandom rng = new SplittableRandom(7);
    long[] values = new long[10_001];
    for (int i = 0; i < values.length; i++) {
      values[i] = rng.nextInt(25);
      rec.record(i, values[i]);
    }
    Distribution exact = Distribution.of(values);
    Distribution hdr = rec.snapshot();
    assertEquals(exact.count(), hdr.count());
    assertEquals(exact.mean(), hdr.mean(), 1e-9);
    assertEquals(exact.p1(), hdr.p1());
    assertEquals(exact.p50(), hdr.p50());
    assertEquals(exact.p99(), hdr.p99());
    assertEquals(exact.max(), hdr.max());
  }

  @Test
  void latencyKeepsMicrosecondsAndThreeSignificantDigits() {
    DistributionRecorder rec = DistributionRecorder.millis(MeasurementWindow.always());
    for (int i = 1; i <= 1000; i++) {
      rec.record(0, i * 0.5);
    }
    Distribution d = rec.snapshot();
    // exact mean is 250.25 ms; HdrHistogram buckets above 2048 units are 0.1% wide
    assertEquals(250.25, d.mean(), 250.25 * 1e-3);
    assertEquals(250.0, d.p50(), 250.0 * 1e-3);
    assertEquals(495.0, d.p99(), 495.0 * 1e-3);
  }

  @Test
  void observationsBeforeTheWarmUpEndDoNotCount() {
    MeasurementWindow window = new MeasurementWindow(1000);
    LookupRecorder lookups = new LookupRecorder(window);
    lookups.record(999, LookupOutcome.FAILED, 0, 0, 3);
    lookups.record(1000, LookupOutcome.CORRECT, 4, 12.0, 0);
    lookups.record(1500, LookupOutcome.INCORRECT, 6, 20.0, 1);
    assertEquals(2, lookups.total());
    assertEquals(0, lookups.failed());
    assertEquals(3, lookups.seen());
    assertEquals(2, lookups.seenFailures());
    assertEquals(5000.0, lookups.failuresPer10k());
    LookupStats s = lookups.toStats();
    assertEquals(2, s.total());
    assertEquals(5.0, s.hops().mean());
    assertEquals(0.5, s.timeoutsPerLookup());
    assertEquals(16.0, s.latencyMs().mean(), 0.01);
    window.startAt(2000);
    lookups.record(1999, LookupOutcome.CORRECT, 1, 1.0, 0);
    assertEquals(2, lookups.total());
  }

  @Test
  void failedLookupsAddNoHops() {
    LookupRecorder lookups = new LookupRecorder(MeasurementWindow.always());
    lookups.record(0, LookupOutcome.FAILED, 99, 99, 2);
    LookupStats s = lookups.toStats();
    assertEquals(1, s.failed());
    assertNull(s.hops());
    assertNull(s.latencyMs());
    assertNull(new LookupRecorder(MeasurementWindow.always()).toStats());
  }

  @Test
  void concurrentReportsAreAllCounted() throws Exception {
    LookupRecorder lookups = new LookupRecorder(MeasurementWindow.always());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        for (int i = 0; i < 20_000; i++) {
          lookups.record(i, i % 100 == 0 ? LookupOutcome.FAILED : LookupOutcome.CORRECT, 3, 1.0, 0);
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(80_000, lookups.total());
    assertEquals(800, lookups.failed());
    assertEquals(79_200, lookups.hops().count());
    assertEquals(100.0, lookups.failuresPer10k(), 1e-9);
  }

  @Test
  void locateSectionSplitsOutcomesAndDepth() {
    LocateRecorder rec = new LocateRecorder(MeasurementWindow.always(), 3);
    rec.record(0, LocateOutcome.LOCAL, 0, 0, 0, true);
    rec.record(0, LocateOutcome.PROBABILISTIC, 2, 1, 2, true);
    rec.record(0, LocateOutcome.PROBABILISTIC, 4, 0, 2, true);
    rec.record(0, LocateOutcome.FALLBACK, 8, 2, 3, true);
    rec.record(0, LocateOutcome.FALLBACK, 6, 1, 6, true);
    rec.record(0, LocateOutcome.NOT_FOUND, 0, 0, LocateRecorder.NO_DISTANCE, false);
    rec.record(0, LocateOutcome.NOT_FOUND, 0, 0, 2, true);
    rec.record(0, LocateOutcome.FAILED, 0, 0, LocateRecorder.NO_DISTANCE, true);
    rec.recordChordHops(0, 5);
    rec.recordChordHops(0, 3);
    LocateStats s = rec.toStats();
    assertEquals(8, s.total());
    assertEquals(5, s.found());
    assertEquals(1, s.local());
    assertEquals(2, s.probabilistic());
    assertEquals(2, s.fallback());
    assertEquals(2, s.notFound());
    assertEquals(1, s.failed());
    assertEquals(1, s.noLiveHolder(), "the NOT_FOUND of an object without a live holder is a correct answer");
    assertEquals(2, rec.seenMissed(), "the NOT_FOUND with a live holder and the FAILED are misses");
    assertEquals(4, s.falsePositives());
    // distances 1..3, LOCAL (distance 0) excluded: two probabilistic, one fallback, one not found
    assertEquals(4, s.withinDepth());
    assertEquals(2, s.withinDepthProbabilistic());
    assertEquals(0.5, s.withinDepthShare());
    assertEquals(4.0, s.hops().mean());
    // stretches 2/2, 4/2, 8/3, 6/6
    assertEquals((1 + 2 + 8.0 / 3 + 1) / 4, s.stretch().mean(), 1e-3);
    assertEquals(4.0, s.chordHops().mean());
  }

  @Test
  void exactDistributionUsesNearestRank() {
    Distribution d = Distribution.of(new long[] {5, 1, 4, 2, 3});
    assertEquals(3.0, d.mean());
    assertEquals(1.0, d.p1());
    assertEquals(3.0, d.p50());
    assertEquals(5.0, d.p99());
    assertEquals(5.0, d.max());
    assertNull(Distribution.of(new long[0]).toLoad());
    assertThrows(IllegalArgumentException.class,
        () -> DistributionRecorder.counts(MeasurementWindow.always()).record(0, -1));
  }

  @Test
  void peerCountsKeepAliveConsistent() {
    PeerRecorder peers = new PeerRecorder();
    for (int i = 0; i < 10; i++) {
      peers.joined();
    }
    peers.left();
    peers.crashed();
    peers.crashed();
    assertEquals(7, peers.alive());
    assertEquals(new org.bloomchord.experiments.summary.PeerCounts(10, 7, 10, 1, 2), peers.toCounts());
  }
}
