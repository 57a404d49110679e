package org.bloomchord.experiments.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.bloomchord.experiments.runner.ops.OperationCounts;
import org.bloomchord.experiments.summary.SummaryJson;

/**
 * Named figures of a run, for sweeps and comparisons: any dotted path into {@code summary.json}
 * ({@code lookups.hops.mean}, {@code keys.perNode.p99}) plus a few derived ones:
 * <ul>
 *   <li>{@code lookups.failureFraction}: (incorrect + failed) / total;</li>
 *   <li>{@code lookups.failuresPer10k}: the same per 10,000 lookups;</li>
 *   <li>{@code keys.perNode.p1OverMean}, {@code keys.perNode.p99OverMean}: percentiles of keys per
 *       node as multiples of the mean;</li>
 *   <li>{@code keys.lostFraction}: keys no live replica holds at the end / keys stored;</li>
 *   <li>{@code gets.failureFraction}: gets of stored keys that did not return the value;</li>
 *   <li>{@code locate.withinDepthShare}: withinDepthProbabilistic / withinDepth;</li>
 *   <li>{@code locate.falsePositivesPerLocate}: falsePositives / total;</li>
 *   <li>{@code traffic.maintenanceBytesPerPeerPerSecond}: the share of {@code bytesPerPeerPerSecond}
 *       that the filter summaries (SummaryRequest, SummaryReply, SummaryDelta) took.</li>
 * </ul>
 */
public final class RunMetrics {

  private RunMetrics() {
  }

  /** The value of {@code metric} in {@code run}, or NaN when the run did not measure it. */
  public static double value(RunResult run, String metric) {
    return value(SummaryJson.tree(run.summary()), run.operations(), metric);
  }

  /**
   * The value of {@code metric} in a summary read back from {@code summary.json} or
   * {@code summaries.json}, or NaN when it was not measured; {@code operations} may be null (then
   * {@code gets.failureFraction} is NaN).
   */
  public static double value(JsonNode tree, OperationCounts operations, String metric) {
    switch (metric) {
      case "lookups.failureFraction", "lookups.failuresPer10k" -> {
        JsonNode l = tree.path("lookups");
        double total = l.path("total").asDouble(0);
        if (total == 0) {
          return Double.NaN;
        }
        double f = (l.path("incorrect").asDouble() + l.path("failed").asDouble()) / total;
        return metric.endsWith("Per10k") ? 10_000 * f : f;
      }
      case "keys.perNode.p1OverMean", "keys.perNode.p99OverMean" -> {
        JsonNode k = tree.path("keys").path("perNode");
        double mean = k.path("mean").asDouble(0);
        if (mean == 0) {
          return Double.NaN;
        }
        return k.path(metric.contains("p1Over") ? "p1" : "p99").asDouble() / mean;
      }
      case "locate.withinDepthShare", "locate.falsePositivesPerLocate" -> {
        JsonNode l = tree.path("locate");
        double total = l.path(metric.endsWith("Share") ? "withinDepth" : "total").asDouble(0);
        double part = l.path(metric.endsWith("Share") ? "withinDepthProbabilistic" : "falsePositives").asDouble(0);
        return total == 0 ? Double.NaN : part / total;
      }
      case "traffic.maintenanceBytesPerPeerPerSecond" -> {
        JsonNode t = tree.path("traffic");
        double bytes = t.path("bytes").asDouble(0);
        if (bytes == 0) {
          return Double.NaN;
        }
        JsonNode by = t.path("byType");
        double summaries = by.path("SummaryRequest").path("bytes").asDouble(0) + by.path("SummaryReply").path("bytes")
            .asDouble(0) + by.path("SummaryDelta").path("bytes").asDouble(0);
        return t.path("bytesPerPeerPerSecond").asDouble() * summaries / bytes;
      }
      case "keys.lostFraction" -> {
        JsonNode k = tree.path("keys");
        double stored = k.path("stored").asDouble(0);
        return stored == 0 ? Double.NaN : k.path("lost").asDouble() / stored;
      }
      case "gets.failureFraction" -> {
        return operations == null ? Double.NaN : operations.getFailureFraction();
      }
      default -> {
        JsonNode n = tree;
        for (String part : metric.split("\\.")) {
          n = n.path(part);
        }
        return n.isNumber() ? n.asDouble() : Double.NaN;
      }
    }
  }
}
