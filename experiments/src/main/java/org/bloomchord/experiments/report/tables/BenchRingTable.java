package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The Chord ring against workload W, build against build (the block {@code bench-ring} of
 * docs/experiments/simulator-speed.md), written from what {@code bloomchord bench ring --json}
 * printed for each build: {@code data/bench-ring/NAME.json} with {@code NAME.txt} beside it, a
 * properties file naming the {@code build}, the {@code command}, the {@code start} and {@code end}
 * (UTC) with the load average at each, and the {@code exit} code; and, for the runs that kept it,
 * the {@code cpu} the JVM used over the whole command (user and system seconds, as {@code time}
 * reports them: less sensitive to other jobs than the wall time, and W's run and every size's
 * trial are in it). Files are taken in name order,
 * which is the order the builds ran in; rows are by size, then by that order. Runs of builds
 * whose {@code bench ring} did not print the heap readings and the rate over the simulation alone
 * show "not read" there.
 */
public final class BenchRingTable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private BenchRingTable() {
  }

  /** One row per build and size, and a line per build saying when it ran. */
  public static String markdown(List<Path> metas) {
    record Row(String build, JsonNode size) {
    }
    List<Row> rows = new ArrayList<>();
    StringBuilder when = new StringBuilder();
    for (Path meta : metas) {
      MetaFile p = MetaFile.read(meta);
      String build = p.required("build");
      String exit = p.get("exit", "0");
      if (!"0".equals(exit)) {
        throw new IllegalArgumentException(meta + ": the run exited " + exit);
      }
      String cpu = p.get("cpu", null);
      when.append(String.format(Locale.ROOT, "- %s: %s to %s%s, `%s`%n", build, p.required("start"),
          p.required("end"), cpu == null ? "" : ", the JVM's processor time " + cpu, p.required("command")));
      String name = meta.getFileName().toString();
      Path json = meta.resolveSibling(name.substring(0, name.length() - ".txt".length()) + ".json");
      try {
        JsonNode sizes = JSON.readTree(json.toFile());
        if (!sizes.isArray() || sizes.isEmpty()) {
          throw new IllegalArgumentException(json + ": expected the array `bench ring --json` prints");
        }
        sizes.forEach(s -> rows.add(new Row(build, s)));
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read " + json + ": " + e.getMessage());
      }
    }
    rows.sort(Comparator.comparingLong(r -> r.size().path("peers").asLong()));
    StringBuilder md = new StringBuilder("| build | N | wall | events | events/s | heap per peer | messages per join"
        + " | events per peer | joins | stabilization | finger repair | rest | of which heap readings | W deliveries/s"
        + " | **ring / W** | events/s, simulation alone | ring / W, simulation alone | ring stable, lookups correct |\n"
        + "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (Row r : rows) {
      JsonNode s = r.size();
      md.append(String.format(Locale.ROOT,
          "| %s | %s | %.1f s | %.2f M | %,.0f | %,.0f B | %.1f | %,.0f | %.1f s | %.1f s | %.1f s | %.1f s | %s | %,.0f"
              + " | **%.3f** | %s | %s | %s, %,d |%n",
          r.build(), SimulatorSpeedTable.power(s.path("peers").asLong()), s.path("wallSeconds").asDouble(),
          s.path("events").asLong() / 1e6, s.path("eventsPerSecond").asDouble(), s.path("heapBytesPerPeer").asDouble(),
          s.path("messagesPerJoin").asDouble(), s.path("eventsPerPeer").asDouble(), s.path("joinsSeconds").asDouble(),
          s.path("stabilizationSeconds").asDouble(), s.path("fingerRepairSeconds").asDouble(),
          s.path("otherSeconds").asDouble(), unread(s, "heapReadingSeconds", "%.1f s"),
          s.path("relayMessagesPerSecond").asDouble(), s.path("ratioToRelay").asDouble(),
          unread(s, "simulationEventsPerSecond", "%,.0f"), unread(s, "simulationRatioToRelay", "%.3f"),
          s.path("ringStable").asBoolean() ? "yes" : "**no**",
          s.path("lookupsCorrect").asLong()));
    }
    return md.append('\n').append(when).toString();
  }

  /** The number {@code key} of a row as {@code format} has it, or "not read" for a run that printed none. */
  private static String unread(JsonNode row, String key, String format) {
    JsonNode v = row.get(key);
    return v == null || !v.isNumber() ? "not read" : String.format(Locale.ROOT, format, v.asDouble());
  }
}
