package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioException;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.CacheSection;
import org.bloomchord.experiments.summary.CacheStats;
import org.bloomchord.experiments.summary.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario with a {@code cache} section: its summary's {@code cache} section has a row per listed
 * protocol, in order, over the same requests; ICP's messages are exactly 2 (N - 1) per local miss,
 * no sharing sends none, and the paper comparison is the ratio of the ICP and summary rows. Bad
 * values of the section are refused with the key named.
 */
class CacheScenarioTest {

  private static final String TEXT = """
      name: cache
      seed: 4
      runtime: sim
      peers: 4
      cache: { %s }
      phases:
        - join: { over: 0s }
        - wait: { for: 2s }
      """;

  private static Scenario scenario(String section) {
    List<Scenario> s = ScenarioLoader.parse("cache.yaml", TEXT.formatted(section), List.of(), Path.of("."));
    assertEquals(1, s.size());
    return s.get(0);
  }

  @Test
  void theSectionHasARowPerProtocolOverTheSameRequests(@TempDir Path dir) {
    Summary s = ScenarioRunner.run(scenario("protocols: \"none, icp, summary\", objects: 400, capacity: 40,"
        + " requests: 1500, warmup: 500, rate: 200/s"), dir, Progress.silent()).summary();
    CacheSection c = (CacheSection) s.fields().get("cache");
    assertEquals(List.of("none", "icp", "summary"), c.protocols().stream().map(CacheStats::protocol).toList());
    assertEquals(1000, c.requests());
    CacheStats none = c.protocols().get(0);
    CacheStats icp = c.protocols().get(1);
    CacheStats summary = c.protocols().get(2);
    for (CacheStats row : c.protocols()) {
      assertEquals(1000, row.requests());
      assertEquals("url", row.names());
      // the synthetic URLs are at least their fixed parts long, about 77 bytes on average
      assertTrue(row.meanNameBytes() > 30 && row.meanNameBytes() < 150, row.toString());
    }
    assertEquals(0, none.remoteHits());
    assertEquals(0, none.messagesPerRequest());
    assertEquals(2.0 * 3 * (1000 - icp.localHits()) / 1000, icp.messagesPerRequest(), 1e-9);
    assertEquals(0, icp.remoteMisses());
    assertTrue(icp.hitRatio() > none.hitRatio(), "sharing finds objects the requester lacks");
    assertEquals(icp.messagesPerRequest() / summary.messagesPerRequest(), c.paper().icpOverSummaryMessages(), 1e-12);
    assertEquals(summary.bytesPerRequest() / icp.bytesPerRequest(), c.paper().summaryOverIcpBytes(), 1e-12);
    assertTrue(c.paper().summaryOverIcpBytes() < 0.5, "URLs in ICP's queries: " + c.paper());
  }

  @Test
  void badValuesNameTheirKey() {
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("protocols: gossip")).getMessage()
        .contains("cache.protocols"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("requests: 100, warmup: 100")).getMessage()
        .contains("cache.warmup"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("names: urn")).getMessage()
        .contains("cache.names"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("rate: 0/s")).getMessage()
        .contains("cache.rate"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("updateThreshold: 0")).getMessage()
        .contains("cache.updateThreshold"));
  }
}
