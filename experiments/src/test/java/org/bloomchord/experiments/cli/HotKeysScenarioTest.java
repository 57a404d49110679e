package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled {@code hot-keys} scenario, shrunk to 40 peers and 5 s of gets, run through
 * {@code bloomchord run}: the summary has a {@code load} section whose served gets sum to the gets
 * the run completed (each get answered exactly once, by an owner, a replica or a copy), its ratios
 * follow from its spread, and with {@code relief: off} owners answer every get.
 */
class HotKeysScenarioTest {

  private static JsonNode run(Path dir, String... sets) throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "hot-keys", "--json", "--out", dir.toString(), "--set",
        "peers=40", "--set", "phases[3].workload.for=5s", "--set", "phases[3].workload.gets=40/s"));
    for (String s : sets) {
      args.add("--set");
      args.add(s);
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    assertEquals(0, code, err.toString());
    return new ObjectMapper().readTree(Files.readString(dir.resolve("summary.json")));
  }

  @Test
  void theLoadSectionCountsEveryGetOnceAndOffLeavesThemToOwners(@TempDir Path dir) throws Exception {
    JsonNode on = run(dir.resolve("on")).get("load");
    assertEquals(List.of("served", "servedMaxOverMean", "servedP99OverMean", "asOwner", "asReplica", "fromCopy",
        "delegated", "toReplicas", "forwarded", "leasesGranted", "updates", "readsFailed"), names(on));
    long answered = on.get("asOwner").asLong() + on.get("asReplica").asLong() + on.get("fromCopy").asLong();
    // 40 peers x mean served = every get answered during the run (the load phase writes, it does not read)
    assertEquals(answered, Math.round(40 * on.get("served").get("mean").asDouble()));
    assertEquals(5 * 40, answered, 5, "5 s of 40 gets a second, give or take the pacing");
    assertEquals(on.get("served").get("max").asDouble() / on.get("served").get("mean").asDouble(),
        on.get("servedMaxOverMean").asDouble(), 1e-9);
    assertTrue(on.get("leasesGranted").asLong() > 0 && on.get("fromCopy").asLong() > 0, on.toString());

    JsonNode off = run(dir.resolve("off"), "chord.hotKeys.relief=off").get("load");
    assertEquals(0, off.get("fromCopy").asLong() + off.get("asReplica").asLong() + off.get("leasesGranted").asLong());
    assertEquals(off.get("asOwner").asLong(), Math.round(40 * off.get("served").get("mean").asDouble()));
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
