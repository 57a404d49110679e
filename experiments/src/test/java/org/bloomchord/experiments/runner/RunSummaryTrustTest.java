package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.overlay.CounterName;
import org.bloomchord.overlay.Network;
import org.bloomchord.routing.RoutingCounter;
import org.junit.jupiter.api.Test;

class RunSummaryTrustTest {

  @Test
  void trustSectionTakesEveryTrustCounterAndTheNamedRejectionsButNoOtherCounter() {
    Map<String, Long> counters = Map.of(
        ChordCounter.REJECTED.id(), 3L,
        RoutingCounter.LOCATION_REJECTED.id(), 4L,
        ChordCounter.LATE_LOOKUP_ANSWER.id(), 5L,
        RoutingCounter.REFUSED_LOCATES.id(), 2L,
        ChordCounter.EVICTED_SENDERS.id(), 7L,
        ChordCounter.LOOKUP_TIMED_OUT.id(), 9L,
        RoutingCounter.REPAIR_FAILED.id(), 11L);

    Map<String, Long> trust = RunSummary.trustCounters(counters);

    assertEquals(Map.of(
        "rejected.chordMessages", 3L,
        "rejected.locationMessages", 4L,
        "ignored.lookupAnswers", 5L,
        "rejected.versionsAhead", 0L,
        "rejected.lookupAnswers", 0L,
        "refused.locates", 2L,
        "evicted.senders", 7L,
        "quota.requests", 0L,
        "quota.bytes", 0L), trust);
  }

  @Test
  void everyCounterOfEveryModuleHasItsOwnId() {
    List<CounterName> all = Stream.<CounterName>concat(Stream.of(ChordCounter.values()), Stream.of(RoutingCounter.values()))
        .toList();
    Set<String> ids = new HashSet<>();
    ids.add(Network.FAILED_PEERS);
    for (CounterName c : all) {
      assertEquals(true, ids.add(c.id()), "two counters share the id " + c.id());
    }
  }
}
