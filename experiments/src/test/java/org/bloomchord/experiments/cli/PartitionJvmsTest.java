package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code partition: { groups: [[0], [1, 2]] }} with {@code run --jvms 3}, real child JVMs on
 * loopback: while the event buses drop the ring's messages between the coordinator and its two
 * children, the oracle over every JVM sees at least two rings; after the heal it sees one correct
 * ring within the settle time; every key whose put was acknowledged on either side during the cut
 * is read back after it, and the lookups that follow are all correct. A group list that leaves a
 * JVM out is one line and exit code 2 before any JVM starts.
 */
class PartitionJvmsTest {

  private static final String SCENARIO = """
      peers: 12
      seed: 11
      chord: { replicas: 3, stabilize: 300ms, fixFingers: 300ms }
      phases:
        - join: {}
        - wait: 2s
        - partition: { groups: [[0], [1, 2]], for: 6s, settle: 30s }
          workload: { puts: 6/s, keys: { population: 100000 } }
        - measure: { lookups: 100 }
      """;

  private record Outcome(int code, String out, String err) {
  }

  private static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void theSidesRunAsTwoRingsAndMergeIntoOneWithEveryKeyOfBoth(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cut.yaml");
    Files.writeString(file, SCENARIO);
    Outcome o = run("run", file.toString(), "--jvms", "3", "--child-heap-mb", "256", "--out",
        dir.resolve("out").toString(), "--json");
    assertEquals(0, o.code(), o.err());
    JsonNode s = new ObjectMapper().readTree(o.out());
    JsonNode p = s.path("partitions").path(0);
    assertEquals("[[0],[1,2]]", p.path("groups").toString());
    assertEquals("[4,8]", p.path("peersPerGroup").toString(), "the join phase spreads 12 peers evenly over 3 JVMs");
    assertTrue(p.path("ringsDuring").asInt() >= 2, "each side closed into its own ring: " + p);
    assertTrue(p.path("partitionLost").asLong() > 0, "the cut dropped messages: " + p);
    assertTrue(p.path("healToOneRingSeconds").isNumber(), "one correct ring by the oracle within the settle time: " + p);
    assertTrue(p.path("healToOneRingSeconds").asDouble() <= 30, p.toString());
    // puts alternate over the sides: 6/s for 6 s gives about 18 a side, most acknowledged
    JsonNode bySide = p.path("keysPutBySide");
    assertEquals(2, bySide.size(), p.toString());
    bySide.forEach(n -> assertTrue(n.asInt() >= 5, "each side stored keys during the cut: " + p));
    // 100,000 keys: the two sides' keys are distinct with probability above 0.99
    int put = p.path("keysPutDuring").asInt();
    assertTrue(put >= bySide.get(0).asInt() + bySide.get(1).asInt() - 1, p.toString());
    assertEquals(put, p.path("keysReadAfter").asInt(), "every key put on either side is read back: " + p);
    // fingers are fix-fingers' to repair after a merge; successors make the one ring
    assertEquals(0, s.path("ring").path("successorErrors").asInt(), "one correct ring at the end: " + s.path("ring"));
    assertEquals(100, s.path("lookups").path("correct").asInt(), "lookups after the merge are all correct");
    assertFalse(o.err().contains("Exception"), o.err());
  }

  @Test
  void aJvmLeftOutOfTheGroupsIsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, SCENARIO.replace("[[0], [1, 2]]", "[[0], [2]]"));
    Outcome o = run("run", file.toString(), "--jvms", "3", "--out", dir.resolve("out").toString());
    assertEquals(2, o.code(), o.err());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("phases[2].partition.groups") && o.err().contains("1 is in none"), o.err());
    Files.writeString(file, SCENARIO.replace("[[0], [1, 2]]", "[0.5, 0.5]"));
    Outcome shares = run("run", file.toString(), "--jvms", "3", "--out", dir.resolve("out2").toString());
    assertEquals(2, shares.code(), shares.err());
    assertTrue(shares.err().contains("with run --jvms a partition names JVM indexes"), shares.err());
  }
}
