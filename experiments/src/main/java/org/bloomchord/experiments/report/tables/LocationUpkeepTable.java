package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of location-upkeep.md, written from simulator runs kept as JSON lines
 * {@code {"command": "...", "summary": {...}}} (the command line and what its {@code --json}
 * printed), or {@code {"command": "...", "runs": [...]}} for a sweep, whose entries carry their
 * {@code sweep} and {@code summary}; a run may name the {@code build} it ran on, which its row
 * then shows after the command. Filter upkeep is the bytes of {@code SummaryRequest},
 * {@code SummaryReply} and {@code SummaryDelta}; per peer per second is
 * {@code traffic.bytesPerPeerPerSecond} times their share of {@code traffic.bytes}.
 *
 * <p>The block {@code location-upkeep.quickstart} is the traffic by type of one run, beside the
 * figures recorded from an earlier build when the file holds them (an entry
 * {@code {"recorded": "source", "byType": {...}, "all": {...}, "filterUpkeep": {...}}}); every
 * other block is one row per run.
 */
public final class LocationUpkeepTable {

  /** The message types of filter upkeep. */
  public static final List<String> UPKEEP = List.of("SummaryRequest", "SummaryReply", "SummaryDelta");

  private static final String PREFIX = "./bloomchord run ";

  private LocationUpkeepTable() {
  }

  /** The table of {@code runs}: the traffic table for a file with a recorded entry or a single run, else one row per run. */
  public static String markdown(List<JsonNode> runs) {
    List<JsonNode> recorded = runs.stream().filter(r -> r.has("recorded")).toList();
    List<JsonNode> measured = runs.stream().filter(r -> !r.has("recorded")).toList();
    if (measured.isEmpty()) {
      throw new IllegalArgumentException("no run with a command and its summary");
    }
    if (!recorded.isEmpty() && measured.size() == 1) {
      return traffic(recorded.get(0), measured.get(0));
    }
    return rows(measured);
  }

  private static String traffic(JsonNode before, JsonNode run) {
    JsonNode s = run.path("summary");
    JsonNode t = s.path("traffic");
    StringBuilder md = new StringBuilder("| traffic.byType | full pulls: messages | bytes | B/peer/s "
        + "| this build: messages | bytes | B/peer/s |\n|---|---|---|---|---|---|---|\n");
    long upkeepBytes = 0;
    for (String type : UPKEEP) {
      JsonNode b = before.path("byType").path(type);
      JsonNode now = t.path("byType").path(type);
      upkeepBytes += now.path("bytes").asLong();
      md.append("| ").append(type).append(" | ").append(recordedCells(b)).append(" | ")
          .append(count(now.path("messages"))).append(" | ").append(count(now.path("bytes"))).append(" | ")
          .append(now.has("bytes") ? perPeer(t, now.path("bytes").asLong()) : "-").append(" |\n");
    }
    JsonNode bu = before.path("filterUpkeep");
    double upkeep = perPeerValue(t, upkeepBytes);
    double all = t.path("bytesPerPeerPerSecond").asDouble();
    md.append("| **filter upkeep** | | ").append(count(bu.path("bytes"))).append(" | **")
        .append(one(bu.path("bytesPerPeerPerSecond").asDouble())).append("** | | ")
        .append(String.format(Locale.ROOT, "%,d", upkeepBytes)).append(" | **").append(one(upkeep)).append("** |\n");
    JsonNode ba = before.path("all");
    md.append("| all traffic (`bytesPerPeerPerSecond`) | ").append(count(ba.path("messages"))).append(" | ")
        .append(count(ba.path("bytes"))).append(" | ").append(one(ba.path("bytesPerPeerPerSecond").asDouble()))
        .append(" | ").append(count(t.path("messages"))).append(" | ").append(count(t.path("bytes"))).append(" | ")
        .append(one(all)).append(" |\n\n");
    double full = bu.path("bytesPerPeerPerSecond").asDouble();
    JsonNode l = s.path("locate");
    JsonNode k = s.path("lookups");
    md.append("| figure | this build |\n|---|---|\n");
    md.append(String.format(Locale.ROOT, "| filter upkeep, B/peer/s | %s (%.1f%% of all traffic): **%.2fx fewer** than the "
        + "full pulls' %s |\n", one(upkeep), 100 * upkeep / all, full / upkeep, one(full)));
    md.append(String.format(Locale.ROOT, "| `locate.total` / `found` / `notFound` / `falsePositives` | %,d / %,d / %,d / %,d |\n",
        l.path("total").asLong(), l.path("found").asLong(), l.path("notFound").asLong(), l.path("falsePositives").asLong()));
    md.append("| `locate.withinDepthProbabilistic` / `withinDepth` | ").append(withinDepth(l)).append(" |\n");
    md.append(String.format(Locale.ROOT, "| `locate.probabilistic` / `fallback` / `local` / `failed` | %,d / %,d / %,d / %,d |\n",
        l.path("probabilistic").asLong(), l.path("fallback").asLong(), l.path("local").asLong(), l.path("failed").asLong()));
    md.append(String.format(Locale.ROOT, "| `lookups.correct` / `total` | %,d / %,d |\n", k.path("correct").asLong(),
        k.path("total").asLong()));
    md.append(String.format(Locale.ROOT, "| `trust.rejected.locationMessages` | %,d |\n",
        s.path("trust").path("rejected.locationMessages").asLong()));
    return md.toString();
  }

  private static String rows(List<JsonNode> runs) {
    StringBuilder md = new StringBuilder("| run | filter upkeep B/peer/s (requests / whole / deltas) | all traffic B/peer/s "
        + "| within depth resolved by the filters | locates found (of those with a live holder) | false positives "
        + "| lookups correct |\n|---|---|---|---|---|---|---|\n");
    for (JsonNode run : runs) {
      String command = label(run.path("command").asText()) + (run.has("build") ? " at " + run.path("build").asText() : "");
      if (run.has("runs")) {
        String fixed = command.replaceAll(" --set '?[A-Za-z0-9.]+=\\[[^\\]]*\\]'?", "");
        for (JsonNode r : run.path("runs")) {
          md.append(row(fixed + sweep(r.path("sweep")), r.path("summary")));
        }
      } else {
        md.append(row(command, run.path("summary")));
      }
    }
    return md.toString();
  }

  private static String row(String label, JsonNode s) {
    JsonNode t = s.path("traffic");
    if (!t.has("bytes")) {
      throw new IllegalArgumentException("run '" + label + "' has no traffic section");
    }
    List<String> parts = new ArrayList<>();
    long upkeep = 0;
    for (String type : UPKEEP) {
      long b = t.path("byType").path(type).path("bytes").asLong();
      upkeep += b;
      parts.add(String.format(Locale.ROOT, "%,.0f", perPeerValue(t, b)));
    }
    JsonNode l = s.path("locate");
    JsonNode k = s.path("lookups");
    long live = l.path("total").asLong() - l.path("noLiveHolder").asLong();
    return String.format(Locale.ROOT, "| %s | %s (%s) | %s | %s | %,d / %,d | %,d | %,d / %,d |\n", label,
        one(perPeerValue(t, upkeep)), String.join(" / ", parts), one(t.path("bytesPerPeerPerSecond").asDouble()),
        withinDepth(l), l.path("found").asLong(), live, l.path("falsePositives").asLong(), k.path("correct").asLong(),
        k.path("total").asLong());
  }

  /** The command without the launcher and {@code --json}: {@code quickstart --runtime sim --set routing.depth=2}. */
  static String label(String command) {
    String c = command.startsWith(PREFIX) ? command.substring(PREFIX.length()) : command;
    return "`" + c.replace(" --json", "").strip() + "`";
  }

  private static String sweep(JsonNode sweep) {
    List<String> parts = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = sweep.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      parts.add(e.getKey() + "=" + e.getValue().asText());
    }
    return parts.isEmpty() ? "" : ": " + String.join(", ", parts);
  }

  private static String withinDepth(JsonNode l) {
    long within = l.path("withinDepth").asLong();
    long resolved = l.path("withinDepthProbabilistic").asLong();
    return String.format(Locale.ROOT, "%,d / %,d = %s", resolved, within,
        within == 0 ? "-" : String.format(Locale.ROOT, "%.3f", (double) resolved / within));
  }

  private static String recordedCells(JsonNode b) {
    if (!b.has("bytes")) {
      return "- | - | -";
    }
    return count(b.path("messages")) + " | " + count(b.path("bytes")) + " | " + one(b.path("bytesPerPeerPerSecond").asDouble());
  }

  private static double perPeerValue(JsonNode traffic, long bytes) {
    long all = traffic.path("bytes").asLong();
    return all == 0 ? 0 : traffic.path("bytesPerPeerPerSecond").asDouble() * bytes / all;
  }

  private static String perPeer(JsonNode traffic, long bytes) {
    return one(perPeerValue(traffic, bytes));
  }

  private static String one(double v) {
    return String.format(Locale.ROOT, "%,.1f", v);
  }

  private static String count(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? "-" : String.format(Locale.ROOT, "%,d", n.asLong());
  }
}
