package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of an idle ring's cost, written from the rows of {@code bloomchord bench idle --json}:
 * one row per size with the messages per peer per second in all, the schedule's share and the
 * message kinds grouped by the task that sends them: stabilize ({@code GetNeighbors},
 * {@code Neighbors}), fix-fingers ({@code GetPredecessor}, {@code Predecessor}), replica repair
 * ({@code RangeRequest}, {@code OfferReply}, {@code RepairDone}), the out-of-range sweeper's
 * lookups ({@code FindSuccessor}, {@code LookupDone}, {@code Ack}), summary pulls
 * ({@code SummaryRequest}, {@code SummaryReply}, {@code SummaryDelta}) and any other kind.
 */
public final class IdleRingTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| peers | links per peer | messages/peer/s | schedule | stabilize | fix-fingers"
      + " | repair | sweeper's lookups | summary pulls | other |\n"
      + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";

  static final List<String> STABILIZE = List.of("GetNeighbors", "Neighbors");
  static final List<String> FINGERS = List.of("GetPredecessor", "Predecessor");
  static final List<String> REPAIR = List.of("RangeRequest", "OfferReply", "RepairDone");
  static final List<String> LOOKUPS = List.of("FindSuccessor", "LookupDone", "Ack");
  static final List<String> PULLS = List.of("SummaryRequest", "SummaryReply", "SummaryDelta");

  private IdleRingTable() {
  }

  /**
   * The table of {@code rows}.
   *
   * @throws IllegalArgumentException when a row is not one of {@code bench idle}, or a ring had a
   *     peer below its ceilings or was not converged (its count would not be an idle ring's)
   */
  public static String markdown(List<JsonNode> rows) {
    StringBuilder out = new StringBuilder(HEAD);
    for (JsonNode r : rows) {
      if (!"bench idle".equals(r.path("command").asText()) || !r.path("perType").isObject()) {
        throw new IllegalArgumentException("not a row of bench idle (command, perType)");
      }
      if (r.path("belowCeiling").asInt(-1) != 0 || !r.path("converged").asBoolean()) {
        throw new IllegalArgumentException("the ring of " + r.path("peers").asInt()
            + " peers was not idle at its ceilings (belowCeiling, converged)");
      }
      JsonNode perType = r.get("perType");
      double total = r.path("messagesPerPeerPerSecond").asDouble();
      double grouped = sum(perType, STABILIZE) + sum(perType, FINGERS) + sum(perType, REPAIR) + sum(perType, LOOKUPS)
          + sum(perType, PULLS);
      out.append(String.format(Locale.ROOT, "| %,d | %.1f | **%.3f** | %.3f | %.3f | %.4f | %.4f | %.4f | %.4f | %.4f |\n",
          r.path("peers").asInt(), r.path("linksPerPeer").asDouble(), total, r.path("schedule").asDouble(),
          sum(perType, STABILIZE), sum(perType, FINGERS), sum(perType, REPAIR), sum(perType, LOOKUPS),
          sum(perType, PULLS), Math.max(0, total - grouped)));
    }
    return out.toString();
  }

  private static double sum(JsonNode perType, List<String> types) {
    double s = 0;
    for (String t : types) {
      s += perType.path(t).asDouble(0);
    }
    return s;
  }
}
