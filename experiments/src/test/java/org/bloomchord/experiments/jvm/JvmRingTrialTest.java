package org.bloomchord.experiments.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.ring.MaintenancePeriods;
import org.bloomchord.experiments.ring.RingSettings;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.junit.jupiter.api.Test;

/**
 * A ring over three real JVMs on loopback: this one and two children started with {@code worker}.
 * It forms one ring, answers every lookup correctly by the oracle over all JVMs, and loses no key
 * when one child is killed with SIGKILL; no child outlives the trial.
 */
class JvmRingTrialTest {

  private static RingSettings settings(int peers) {
    return RingSettings.builder(peers).keys(120).lookups(300).seed(7).periods(MaintenancePeriods.fixed(150))
        .maxWaitSeconds(120).build();
  }

  private static ClusterOptions cluster() {
    // with TLS on the default plane of a run over JVMs (JGroups), so the children's seed on
    // standard input and the handshakes between JVMs are covered
    return ClusterOptions.loopback().withPort(0).withClusterName("test-" + UUID.randomUUID())
        .withTlsSeed("5a".repeat(32)).withManager(ClusterManagerKind.JGROUPS);
  }

  @Test
  void threeJvmsFormOneRingAnswerLookupsAndSurviveTheKillOfOne() {
    Set<Long> before = childPids();
    JvmRingTrial trial = new JvmRingTrial(settings(18), 3, 1, 256, cluster(), Progress.silent());
    Summary s = trial.run();

    assertEquals(3, s.peers().jvms());
    assertEquals(18, s.peers().joins(), "every peer joined");
    assertEquals(18, s.peers().alive() + s.peers().crashes());
    assertEquals(6, s.peers().crashes(), "the killed JVM hosted a third of the peers");
    assertTrue(s.ring().stable(), "the ring repaired after the kill");
    assertEquals(300, s.lookups().total());
    assertEquals(300, s.lookups().correct(), "every lookup on the stable ring is correct");
    assertEquals(120, s.keys().stored());
    assertEquals(0, s.keys().lost(), "3 replicas in 3 different JVMs: losing one JVM loses no key");
    assertEquals(0, trial.unreadableKeys(), "every key reads back after the kill");
    // the survivors report their traffic; most of it crossed JVMs through the gateways
    assertEquals(Set.of("jvm0", "jvm2"), s.traffic().byJvm().keySet());
    for (JvmTraffic t : s.traffic().byJvm().values()) {
      assertTrue(t.crossFrames() > 0 && t.crossFrameBytes() > t.crossPayloadBytes(), t.toString());
      assertTrue(t.tcpBytes() > 0, t.toString());
      // the killed JVM is removed once its heartbeats are missed, which may come after the trial's end
      assertTrue(t.membersRemoved() <= 1, "no live JVM taken for dead, only the killed one may be removed: " + t);
    }
    assertEquals(before, childPids(), "every child JVM is gone");
  }

  @Test
  void placementInterleavesTheJvmsAroundTheRing() {
    IdRing ring = new IdRing(64);
    List<String> addresses = JvmRing.interleaved(ring, 3, 300);
    assertEquals(300, new HashSet<>(addresses).size());
    List<PeerRef> byId = addresses.stream().map(a -> new PeerRef(a, ring.hash(a)))
        .sorted((a, b) -> Long.compareUnsigned(a.id(), b.id())).toList();
    for (int i = 0; i < byId.size(); i++) {
      Set<String> window = new HashSet<>();
      for (int k = 0; k < 3; k++) {
        window.add(byId.get((i + k) % byId.size()).node());
      }
      assertEquals(3, window.size(), "three consecutive peers from " + byId.get(i) + " share a JVM");
    }
    // no peer is responsible for a disproportionate arc: peers spread over the whole ring
    long widest = 0;
    for (int i = 0; i < byId.size(); i++) {
      long gap = byId.get((i + 1) % byId.size()).id() - byId.get(i).id();
      widest = Math.max(widest, Long.compareUnsigned(gap, widest) > 0 ? gap : widest);
    }
    assertNotNull(byId);
    assertFalse(Long.compareUnsigned(widest, Long.divideUnsigned(-1L, 20)) > 0,
        "an arc of over 1/20 of the ring between two neighbours of 300 peers");
  }

  private static Set<Long> childPids() {
    Set<Long> out = new HashSet<>();
    ProcessHandle.current().children().forEach(p -> out.add(p.pid()));
    return out;
  }
}
