package org.bloomchord.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The partition phase as scenarios write it: shares on the simulator, JVM index groups with --jvms. */
class PartitionPhaseTest {

  private static final String HEAD = "runtime: sim\npeers: 10\nphases:\n  - join: {}\n";

  private static List<Scenario> parse(String text, int jvms) {
    return ScenarioLoader.parse("s.yaml", text, List.of(), Path.of("."), jvms);
  }

  private static String error(String text, int jvms) {
    return assertThrows(ScenarioException.class, () -> parse(text, jvms)).getMessage();
  }

  @Test
  void sharesWithAWorkloadBindAndAreNotASweep() {
    List<Scenario> all = parse(HEAD + "  - partition: { groups: [0.5, 0.3, 0.2], for: 10min }\n"
        + "    workload: { puts: 2/s }\n", 0);
    assertEquals(1, all.size(), "groups is a list, not a sweep");
    Phase.Partition p = (Phase.Partition) all.get(0).phases().get(1);
    assertEquals(List.of(0.5, 0.3, 0.2), p.shares());
    assertEquals(Duration.ofMinutes(10), p.duration());
    assertEquals(Duration.ofMinutes(10), p.settle());
    assertEquals(3, p.groups());
    assertTrue(p.workload() != null);
  }

  @Test
  void validJvmIndexGroupsBindForARunOverJvms() {
    Phase.Partition p = (Phase.Partition) parse(
        "peers: 10\nphases:\n  - join: {}\n  - partition: { groups: [[0], [1, 2]], for: 1min }\n", 3)
        .get(0).phases().get(1);
    assertEquals(List.of(List.of(0), List.of(1, 2)), p.jvmGroups());
    assertEquals(List.of(), p.shares());
    assertEquals(Duration.ofMinutes(1), p.duration());
  }

  @Test
  void aJvmInNoGroupIsRefusedNamingThePhase() {
    String msg = error("peers: 10\nphases:\n  - join: {}\n  - partition: { groups: [[0], [2]], for: 1min }\n", 3);
    assertTrue(msg.contains("phases[1].partition.groups") && msg.contains("1 is in none"), msg);
    assertEquals(1, msg.lines().count(), msg);
  }

  @Test
  void badSectionsAreRefusedWithOneLineNamingTheKey() {
    assertEquals("s.yaml:5:26: bad value '[0.5, 0.4]' for phases[1].partition.groups: expected shares summing to 1"
        + " (these sum to 0.9)", error(HEAD + "  - partition: { groups: [0.5, 0.4], for: 1min }\n", 0));
    assertTrue(error(HEAD + "  - partition: { groups: [1.0], for: 1min }\n", 0).contains("at least two groups"));
    assertTrue(error(HEAD + "  - partition: { groups: [0.5, 0.5] }\n", 0).contains("'for'"));
    assertTrue(error(HEAD + "  - partition: { groups: [0.5, 0.5], for: 1min, heal: 1s }\n", 0).contains("unknown key 'heal'"));
    assertTrue(error(HEAD + "  - partition: { groups: [0.5, [1]], for: 1min }\n", 0).contains("not both"));
    assertTrue(error(HEAD + "  - partition: { groups: [[0], [1]], for: 1min }\n", 0)
        .contains("JVM index groups need run --jvms"));
    assertTrue(error("runtime: vertx\npeers: 10\nphases:\n  - join: {}\n  - partition: { groups: [0.5, 0.5], for: 1min }\n", 0)
        .contains("simulator only"));
    String twice = error("peers: 10\nphases:\n  - join: {}\n  - partition: { groups: [[0, 1], [1]], for: 1min }\n", 2);
    assertTrue(twice.contains("named twice"), twice);
    String range = error("peers: 10\nphases:\n  - join: {}\n  - partition: { groups: [[0], [3]], for: 1min }\n", 2);
    assertTrue(range.contains("0..1"), range);
  }
}
