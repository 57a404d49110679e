package org.bloomchord.experiments.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of runs of {@code bloomchord fuzz}, written from what {@code fuzz --json} prints for
 * each (one object per run, several runs one after another): one row per run, in order, with the
 * seed, how the frames ended and the largest allocation per frame byte.
 */
public final class FuzzTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| seed | frames | rejected | decoded | roundTripFailures | unexpected"
      + " | maxAllocatedBytesPerFrameByte | maxAllocatedBytes |\n"
      + "|---:|---:|---:|---:|---:|---:|---:|---:|\n";

  private FuzzTable() {
  }

  /**
   * The table of {@code runs}, in their order.
   *
   * @throws IllegalArgumentException when a run is not one of {@code fuzz --json}
   */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder(HEAD);
    for (JsonNode run : runs) {
      if (!"fuzz".equals(run.path("command").asText()) || run.get("frames") == null || run.get("rejected") == null) {
        throw new IllegalArgumentException("not a run of fuzz --json (no command fuzz, frames or rejected)");
      }
      JsonNode ratio = run.get("maxAllocatedBytesPerFrameByte");
      out.append(String.format(Locale.ROOT, "| %d | %,d | %,d | %,d | %,d | %,d | %s | %,d |\n",
          run.path("seed").asLong(), run.path("frames").asLong(), run.path("rejected").asLong(),
          run.path("decoded").asLong(), run.path("roundTripFailures").asLong(), run.path("unexpected").asLong(),
          ratio == null || ratio.isNull() ? "-" : String.format(Locale.ROOT, "%.1f", ratio.asDouble()),
          run.path("maxAllocatedBytes").asLong()));
    }
    return out.toString();
  }
}
