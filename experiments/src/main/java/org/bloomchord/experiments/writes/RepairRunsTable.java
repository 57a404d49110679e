package org.bloomchord.experiments.writes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The table of scenario runs with each replica repair (writes.md, "Scenario rings with
 * {@code repair: reconcile}"): one row per run folder, in order, named by the folder (its leading
 * {@code NN-} dropped, e.g. {@code join-push}): the lookups correct, the simulated seconds to the
 * run's end, the messages and bytes per peer per second and the chord messages refused
 * ({@code trust.rejected.chordMessages}), all read from the run's {@code summary.json}.
 */
public final class RepairRunsTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| run (simulator) | lookups correct | simulated s | messages / bytes per peer per s"
      + " | `trust.rejected.chordMessages` |\n|---|---:|---:|---:|---:|\n";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RepairRunsTable() {
  }

  /**
   * The table of the runs whose {@code summary.json} files are {@code summaries}, in order.
   *
   * @throws IllegalArgumentException when a file cannot be read or is not a run's summary
   */
  public static String markdown(List<Path> summaries) {
    StringBuilder out = new StringBuilder(HEAD);
    for (Path f : summaries) {
      JsonNode run;
      try {
        run = JSON.readTree(f.toFile());
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read " + f + ": " + e.getMessage());
      }
      JsonNode lookups = run.get("lookups");
      JsonNode traffic = run.get("traffic");
      if (lookups == null || traffic == null || !run.path("resources").has("simulatedSeconds")) {
        throw new IllegalArgumentException(f + " is not the summary of a simulator run (no lookups, traffic or"
            + " simulated seconds)");
      }
      String name = f.getParent().getFileName().toString().replaceFirst("^[0-9]+-", "");
      out.append(String.format(Locale.ROOT, "| %s | %,d of %,d | %.1f | %.1f / %,.0f | %,d |\n", name,
          lookups.path("correct").asLong(), lookups.path("total").asLong(),
          run.path("resources").path("simulatedSeconds").asDouble(), traffic.path("messagesPerPeerPerSecond").asDouble(),
          traffic.path("bytesPerPeerPerSecond").asDouble(), run.path("trust").path("rejected.chordMessages").asLong()));
    }
    return out.toString();
  }
}
