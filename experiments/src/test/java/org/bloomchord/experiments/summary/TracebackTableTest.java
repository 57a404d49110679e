package org.bloomchord.experiments.summary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The traceback table is computed from the summary files' own figures. */
class TracebackTableTest {

  @Test
  void aRowCarriesTheRunsFiguresAndTheSaving(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("rogues-7"));
    TracebackStats t = TracebackStats.of("forged", 200, 199, 3, 0.005, 0.25, 1_000, 10_000, 5, 5, 1);
    SummaryJson.write(Summary.of("run", "sim", 7L).withFields(Map.of("traceback", t)), run.resolve("summary.json"));
    String table = TracebackTable.markdown(List.of(run.resolve("summary.json")));
    assertTrue(table.contains("| rogues-7 | sim | 7 | 200 | 199 (99.50%) | 3 | 0.0050 | 0.2500 | 1,000 | 10,000 | 90.0% "
        + "| 5 / 5 | 1 (0.50%) |"), table);
    assertFalse(table.contains("note 003"), "no filter figures, no comparison: " + table);
    Path none = dir.resolve("none.json");
    SummaryJson.write(Summary.of("run", "sim", 7L), none);
    assertThrows(IllegalArgumentException.class, () -> TracebackTable.markdown(List.of(none)));
  }

  /**
   * The filters' row and the notes' table: the false branches against the formula in Poisson
   * standard deviations, the saving over the invariant bytes, and for the notes' 2 Mbps column the
   * digests one filter holds from its m = 2^16, k = 8, p = 3.6e-3 (n = m (-ln(1 - p^(1/8))) / 8 =
   * 5,596, one second of 5.4 kpps) and 2^16 / 5,596 = 11.7 bits per digest, 96.3% under a 40-byte
   * header; under this project's sizing ceil(5,596 ln(1/p) / ln²2) = 65,536 bits, a power of two, so
   * one word more: 65,600 bits, 11.72 bits per digest, 96.3%.
   */
  @Test
  void theFiltersRowAndTheNotesTableAreComputed(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("rogues-8"));
    TracebackStats t = TracebackStats.of("forged", 1000, 1000, 0, 0.1, 0.1, 1_000, 10_000, 5, 5, 0)
        .withFilters(TracebackStats.Filters.builder().fpRate(0.001).messagesPerPeer(500).digestsPerPeer(400)
            .bitsPerDigest(20).retiredBitsPerDigest(16).invariantBytesPerMessage(16)
            .distinctMessageBytesPerPeer(9_000).retiredAtCapacity(10).retiredByTime(5).folds(2).falseBranches(100)
            .expectedFalseBranches(100).build());
    SummaryJson.write(Summary.of("run", "sim", 8L).withFields(Map.of("traceback", t)), run.resolve("summary.json"));
    String table = TracebackTable.markdown(List.of(run.resolve("summary.json")));
    // 1,000 filter bytes against 500 x 16 invariant bytes: 87.5%; 100 measured, 100 expected: 0 sd
    assertTrue(table.contains("| rogues-8 | 500 | 400 | 20.0 | 16.0 | 14.4 | 10 / 5 (2) | 16.0 | 87.5% | 100 | 100.0 | +0.0 |"),
        table);
    assertTrue(table.contains("| note 003, access, 2 Mbps (5.4 kpps), 1 min | 5,596 | 3.6e-03 | 2^16, 8 | 11.7 | 11.7 "
        + "| 40 (IP header) | 96.3% | 96.3% | 95% |"), table);
    assertTrue(table.contains("| note 003, Gigabit Ethernet, 1,000 Mbps (2,717 kpps), 1 min | 2,716,362 | 7.0e-06 | 2^26, 17 "
        + "| 24.7 | 24.7 | 40 (IP header) | 92.3% | 92.3% | 89% |"), table);
  }
}
