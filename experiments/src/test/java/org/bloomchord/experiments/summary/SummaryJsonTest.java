package org.bloomchord.experiments.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Summary full() {
    return Summary.of("run", "vertx", 42L)
        .withPeers(new PeerCounts(1200, 800, 1200, 100, 300))
        .withRing(new RingHealth(true, 3.5, 0, 12))
        .withLookups(new LookupStats(10000, 9900, 60, 40, new Spread(4.9, 1, 5, 9), new Spread(5.9, 2, 6, 10), 0.02,
            new Quantiles(12.5, 10, 48)))
        .withKeys(new KeyStats(5000, 2, new Load(6.2, 0, 30, 41)))
        .withLocate(LocateStats.builder().total(10000).found(9990).local(50).probabilistic(7000).fallback(2940)
            .notFound(10).falsePositives(321).withinDepth(8000).withinDepthProbabilistic(6900)
            .hops(new Quantiles(2.1, 2, 8)).stretch(new Mean(1.3)).chordHops(new Mean(4.7)).failed(0)
            .noLiveHolder(4).build())
        .withReconcile(ReconcileStats.of("iblt", 10000, 100, 4800, 1, true, 0))
        .withTraffic(TrafficStats.of(Map.of("chord.Stabilize", new long[] {10, 400},
            "chord.FindSuccessor", new long[] {5, 100}), 800, 40))
        .withResources(new ResourceStats(41.5, null, 52000.0, null));
  }

  static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void jsonCarriesExactlyTheContractNamesInOrder() throws Exception {
    JsonNode root = JSON.readTree(SummaryJson.pretty(full()));
    assertEquals(List.of("command", "runtime", "seed", "peers", "ring", "lookups", "keys", "locate", "reconcile",
        "traffic", "resources"), names(root));
    assertEquals(List.of("launched", "alive", "joins", "leaves", "crashes", "failed"), names(root.get("peers")));
    assertEquals(List.of("stable", "stabilizeSeconds", "successorErrors", "fingerErrors"), names(root.get("ring")));
    assertEquals(List.of("total", "correct", "incorrect", "failed", "hops", "hopsToOwner", "timeoutsPerLookup", "latencyMs"),
        names(root.get("lookups")));
    assertEquals(List.of("mean", "p1", "p50", "p99"), names(root.get("lookups").get("hops")));
    assertEquals(List.of("mean", "p50", "p99"), names(root.get("lookups").get("latencyMs")));
    assertEquals(List.of("stored", "lost", "perNode"), names(root.get("keys")));
    assertEquals(List.of("mean", "p1", "p99", "max"), names(root.get("keys").get("perNode")));
    assertEquals(List.of("total", "found", "local", "probabilistic", "fallback", "notFound", "falsePositives",
        "withinDepth", "withinDepthProbabilistic", "hops", "stretch", "chordHops", "failed", "noLiveHolder"),
        names(root.get("locate")));
    assertEquals(List.of("mean", "p50", "p99"), names(root.get("locate").get("hops")));
    assertEquals(List.of("mean"), names(root.get("locate").get("stretch")));
    assertEquals(List.of("mean"), names(root.get("locate").get("chordHops")));
    assertEquals(List.of("method", "size", "diff", "bytes", "bytesPerDiff", "rounds", "exact", "missed"),
        names(root.get("reconcile")));
    assertEquals(List.of("messages", "bytes", "bytesPerPeerPerSecond", "messagesPerPeerPerSecond", "byType"),
        names(root.get("traffic")));
    assertEquals(List.of("chord.FindSuccessor", "chord.Stabilize"), names(root.get("traffic").get("byType")));
    assertEquals(List.of("messages", "bytes"), names(root.get("traffic").get("byType").get("chord.Stabilize")));
    assertEquals(List.of("wallSeconds", "heapBytesPerPeer"), names(root.get("resources")));
    assertEquals(48.0, root.get("reconcile").get("bytesPerDiff").asDouble());
    assertEquals(500.0 / 800 / 40, root.get("traffic").get("bytesPerPeerPerSecond").asDouble(), 1e-12);
    assertEquals(15.0 / 800 / 40, root.get("traffic").get("messagesPerPeerPerSecond").asDouble(), 1e-12);
  }

  @Test
  void unmeasuredSectionsAreAbsentNotNull() throws Exception {
    Summary s = Summary.of("sketch", null, null).withReconcile(ReconcileStats.of("bloom", 100, 0, 64, 1, false, 3));
    String compact = SummaryJson.compact(s);
    JsonNode root = JSON.readTree(compact);
    assertEquals(List.of("command", "reconcile"), names(root));
    assertFalse(root.get("reconcile").has("bytesPerDiff"), "bytesPerDiff with diff 0 is omitted");
    assertFalse(compact.contains("null"));
    assertFalse(compact.contains("\n"), "compact form is one line");
  }

  @Test
  void prettyFormRoundTrips() {
    Summary s = full();
    assertEquals(s, SummaryJson.parse(SummaryJson.pretty(s)));
  }

  @Test
  void inconsistentCountsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new LookupStats(10, 5, 1, 1, null, null, 0, null));
    assertThrows(IllegalArgumentException.class, () -> new Spread(Double.NaN, 1, 2, 3));
    assertThrows(IllegalArgumentException.class, () -> LocateStats.builder().total(10).found(9).local(1)
        .probabilistic(1).fallback(1).notFound(1).falsePositives(0).withinDepth(0).withinDepthProbabilistic(0)
        .hops(null).stretch(null).chordHops(null).failed(0).noLiveHolder(0).build());
    assertThrows(IllegalArgumentException.class, () -> LocateStats.builder().total(10).found(8).local(1)
        .probabilistic(3).fallback(4).notFound(1).falsePositives(0).withinDepth(0).withinDepthProbabilistic(0)
        .hops(null).stretch(null).chordHops(null).failed(2).noLiveHolder(0).build(),
        "found + notFound + failed must be total");
    assertThrows(IllegalArgumentException.class, () -> LocateStats.builder().total(10).found(9).local(1)
        .probabilistic(4).fallback(4).notFound(1).falsePositives(0).withinDepth(0).withinDepthProbabilistic(0)
        .hops(null).stretch(null).chordHops(null).failed(0).noLiveHolder(2).build(),
        "noLiveHolder is part of notFound");
  }

  @Test
  void tableAlignsValuesAndUsesTheJsonNames() {
    String table = SummaryTable.render(full());
    List<String> lines = table.lines().toList();
    assertEquals("command run   runtime vertx   seed 42", lines.get(0));
    assertEquals("peers", lines.get(1));
    int column = lines.get(2).indexOf("1200");
    assertTrue(column > 2);
    assertTrue(table.contains("  hops"));
    assertTrue(table.contains("mean 4.9  p1 1  p50 5  p99 9"), table);
    assertTrue(table.contains("    chord.Stabilize"), table);
    for (String line : lines) {
      if (line.startsWith("  ") && !line.startsWith("    ") && line.length() > column) {
        assertEquals(' ', line.charAt(column - 1), "value column aligned in: " + line);
        assertTrue(line.charAt(column) != ' ', "value column aligned in: " + line);
      }
    }
  }

  @Test
  void aCommandsOwnFieldsFollowTheHeaderInOrderWithNullsWritten() throws Exception {
    Map<String, Object> fields = new java.util.LinkedHashMap<>();
    fields.put("repair", "push");
    fields.put("ratio", null);
    fields.put("byKind", Map.of("a", 1L));
    Summary s = Summary.of("writes", "sim", 3L).withFields(fields)
        .withPeers(PeerCounts.withoutFailedCount(5, 4, 5, 0, 1))
        .withWrites(new WriteStats(10, 0, 0, 1, 2, 8, 0))
        .withResources(new ResourceStats(1.5, 2.0, null, null));
    JsonNode root = JSON.readTree(SummaryJson.pretty(s));
    assertEquals(List.of("command", "runtime", "seed", "repair", "ratio", "byKind", "peers", "writes", "resources"),
        names(root));
    assertTrue(root.get("ratio").isNull());
    assertEquals(List.of("launched", "alive", "joins", "leaves", "crashes"), names(root.get("peers")));
    assertEquals(List.of("acknowledged", "lost", "resurrected", "stale", "unacknowledged", "readsJudged",
        "readsFailed"), names(root.get("writes")));
    assertEquals(SummaryJson.compact(s), SummaryJson.tree(s).toString());
    Summary back = SummaryJson.parse(SummaryJson.compact(s));
    assertEquals(s.writes(), back.writes());
    assertEquals(null, back.fields(), "a command's own fields are not read back");
  }
}
