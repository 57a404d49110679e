package org.bloomchord.experiments.summary;

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
    Path none = dir.resolve("none.json");
    SummaryJson.write(Summary.of("run", "sim", 7L), none);
    assertThrows(IllegalArgumentException.class, () -> TracebackTable.markdown(List.of(none)));
  }
}
