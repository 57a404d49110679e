package org.bloomchord.experiments.writes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The markdown table of several runs of {@code bloomchord writes --split ... --json}, one row per
 * run in the order given: the split (its shares, length, and whether the minority refused puts),
 * the seed, the acknowledged puts and their fates, the reads that missed a put, the rings during
 * the split and the time from the heal to one correct ring. What docs/experiments/writes-across-splits.md
 * shows, written from the runs' summaries kept under docs/experiments/data.
 */
public final class WritesTable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private WritesTable() {
  }

  /** The table of the runs whose summaries are {@code files}. */
  public static String markdown(List<Path> files) {
    StringBuilder out = new StringBuilder();
    out.append("| split | seed | acknowledged | present | superseded | lost | refused | stale reads (own side)"
        + " | missed across merge | hidden by split | rings during | one ring after heal (s) |\n");
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Path f : files) {
      JsonNode run;
      try {
        run = JSON.readTree(f.toFile());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f, e);
      }
      JsonNode split = run.path("split");
      JsonNode writes = run.path("writes");
      JsonNode fates = writes.path("fates");
      if (split.isMissingNode() || fates.isMissingNode()) {
        throw new IllegalArgumentException(f + " is not the summary of writes --split");
      }
      double seconds = split.path("seconds").asDouble();
      String length = seconds >= 3600 && seconds % 3600 == 0 ? (long) (seconds / 3600) + " h"
          : seconds % 60 == 0 ? (long) (seconds / 60) + " min" : seconds + " s";
      String label = split.path("shares").asText() + ", " + length
          + (split.path("minorityRefuses").asBoolean() ? ", minority refuses" : "");
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s |%n", label,
          run.path("seed").asLong(), writes.path("acknowledged").asLong(), fates.path("present").asLong(),
          fates.path("superseded").asLong(), fates.path("lost").asLong(), fates.path("refused").asLong(),
          writes.path("lost").asLong() + writes.path("stale").asLong(), fates.path("staleAcrossMerge").asLong(),
          fates.path("hiddenBySplit").asLong(), split.path("ringsDuring").asLong(),
          split.path("healToOneRingSeconds").asText()));
    }
    return out.toString();
  }
}
