package org.bloomchord.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomchord.experiments.workload.OperationKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesFilesTest {

  @Test
  void samplerComputesGaugesDeltasAndPerPeerRates() throws Exception {
    AtomicLong alive = new AtomicLong(10);
    AtomicLong lookups = new AtomicLong(5);
    AtomicLong bytes = new AtomicLong(0);
    TimeSeriesSampler sampler = TimeSeriesSampler.builder()
        .gauge("peersAlive", alive::get)
        .delta("lookups", lookups::get)
        .perPeerRate("bytesPerPeerPerSecond", bytes::get, alive::get)
        .build();
    sampler.sample(0);
    lookups.addAndGet(30);
    bytes.addAndGet(2000);
    sampler.sample(1000);
    alive.set(4);
    lookups.addAndGet(7);
    bytes.addAndGet(2000);
    sampler.sample(1500);
    TimeSeries series = sampler.series();
    assertArrayEquals(new double[] {0, 1, 1.5}, series.times());
    assertArrayEquals(new double[] {10, 10, 4}, series.column("peersAlive"));
    assertArrayEquals(new double[] {0, 30, 7}, series.column("lookups"));
    StringWriter csv = new StringWriter();
    series.writeCsv(csv);
    assertEquals("time,peersAlive,lookups,bytesPerPeerPerSecond\n"
        + "0,10,0,\n"
        + "1,10,30,200\n"
        + "1.5,4,7,1000\n", csv.toString());
    assertThrows(IllegalArgumentException.class, () -> sampler.sample(1400));
    assertThrows(IllegalArgumentException.class, () -> series.column("nope"));
  }

  @Test
  void standardColumnsFollowTheRecorders() {
    LookupRecorder lookups = new LookupRecorder(new MeasurementWindow(10_000));
    LocateRecorder locates = new LocateRecorder(MeasurementWindow.always(), 2);
    TimeSeriesSampler sampler = TimeSeriesSampler.standard(() -> 100, lookups, locates, () -> 0);
    lookups.record(0, LookupOutcome.FAILED, 0, 0, 1);
    lookups.record(0, LookupOutcome.CORRECT, 3, 1, 0);
    sampler.sample(1000);
    TimeSeries s = sampler.series();
    assertEquals(List.of("peersAlive", "lookups", "failures", "locates", "locatesMissed", "bytesPerPeerPerSecond"),
        s.columns());
    assertArrayEquals(new double[] {2}, s.column("lookups"), "warm-up lookups still show in the time series");
    assertArrayEquals(new double[] {1}, s.column("failures"));
  }

  @Test
  void operationSamplesKeepEveryNthInsideTheWindow(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("operations.csv");
    try (OperationSampleWriter w = new OperationSampleWriter(file, 2, new MeasurementWindow(100))) {
      w.offer(new OperationSample(50, OperationKind.LOOKUP, "k0", "peer-1", 3, 1.0, "CORRECT"));
      w.offer(new OperationSample(1250, OperationKind.LOOKUP, "k1", "peer-1", 3, 12.5, "CORRECT"));
      w.offer(new OperationSample(1300, OperationKind.GET, "k2", "peer-2", 2, 3.0, "ok"));
      w.offer(new OperationSample(2000, OperationKind.LOCATE, "a,\"b\"", "peer-3", -1, Double.NaN, "NOT_FOUND"));
      assertEquals(2, w.written());
    }
    assertEquals(List.of(OperationSample.HEADER,
        "1.25,lookup,k1,peer-1,3,12.5,CORRECT",
        "2,locate,\"a,\"\"b\"\"\",peer-3,,,NOT_FOUND"), Files.readAllLines(file));
  }
}
