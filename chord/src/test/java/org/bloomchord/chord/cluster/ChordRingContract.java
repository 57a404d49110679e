package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Chord protocol's behaviour, checked against the {@link RingOracle}; one subclass per runtime
 * runs it unchanged. Maintenance periods are shortened so the Vert.x runs stay quick; ring sizes
 * come from {@link #ringSize()}.
 */
abstract class ChordRingContract {

  /** "sim" or "vertx". */
  abstract String runtime();

  /** Peers in the rings of most tests. */
  int ringSize() {
    return 16;
  }

  static ChordConfig fastConfig() {
    return ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000).withReplicaSyncMs(1000);
  }

  ChordCluster cluster(ChordConfig config, long seed) {
    WireRegistry registry = ChordWire.registry(config).register(ChordWire.FIRST_FREE_TAG, RogueExtension.BOGUS_CODEC);
    Network<ChordPeer> net = Networks.create(runtime(), NetworkOptions.defaults().withSeed(seed), registry);
    return new ChordCluster(net, config, seed, ref -> List.<ChordExtension>of(new RogueExtension()));
  }

  /** Waits for a stable ring; a generous bound, in the runtime's time. */
  static void stable(ChordCluster c) {
    assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
  }

  @Test
  void concurrentJoinsThroughOnePeerConvergeToTheCorrectRing() {
    try (ChordCluster c = cluster(fastConfig(), 11)) {
      List<PeerHandle<ChordPeer>> first = c.launch(1);
      c.launchThrough(first.get(0), ringSize() - 1);
      stable(c);
      assertTrue(c.awaitConverged(120_000), () -> "fingers did not converge: " + c.check());
      RingCheck check = c.check();
      assertEquals(ringSize(), check.peers());
      assertEquals(0, check.fingerErrors());
    }
  }

  @ParameterizedTest
  @EnumSource(LookupMode.class)
  void everyLookupOnAStableRingIsCorrect(LookupMode mode) {
    try (ChordCluster c = cluster(fastConfig(), 12)) {
      c.launch(ringSize());
      stable(c);
      RingOracle oracle = c.oracle();
      SplittableRandom r = new SplittableRandom(5);
      for (int i = 0; i < 100; i++) {
        long key = r.nextLong();
        LookupResult res = c.lookup(c.randomPeer(), key, mode);
        assertTrue(res.found(), () -> "lookup failed: " + res);
        assertEquals(oracle.successor(key), res.successor(), "successor of " + Long.toUnsignedString(key, 16));
        assertEquals(0, res.timeouts());
      }
    }
  }

  @Test
  void gracefulLeavesLoseNoKey() {
    try (ChordCluster c = cluster(fastConfig(), 13)) {
      c.launch(ringSize());
      stable(c);
      putKeys(c, 60);
      for (int i = 0; i < ringSize() / 3; i++) {
        c.leave(c.randomPeer());
        stable(c);
      }
      assertEquals(0, c.keys().lost(), () -> "lost: " + c.keys().lostKeys());
      assertAllReadable(c);
    }
  }

  @Test
  void lookupsRightAfterHalfTheRingCrashesWithMaintenancePausedAreAllCorrect() {
    // r = ring size: some live peer is always within reach, so every lookup must name the live owner
    ChordConfig config = fastConfig().withSuccessors(ringSize(), 3).withTimeouts(500, 30_000);
    try (ChordCluster c = cluster(config, 21)) {
      c.launch(ringSize());
      stable(c);
      assertTrue(c.awaitConverged(120_000), () -> "fingers did not converge: " + c.check());
      c.pauseMaintenance(true);
      c.crashFraction(0.5);
      RingOracle oracle = c.oracle();
      assertEquals(ringSize() - ringSize() / 2, oracle.size());
      // every survivor looks up 6 random keys at once, right after the crash
      SplittableRandom r = new SplittableRandom(5);
      long[] keys = new long[6];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = r.nextLong() >>> (64 - config.idBits());
      }
      List<Network.Outcome<List<LookupResult>>> all = c.network().callAll(c.peers(), p -> {
        List<io.vertx.core.Future<LookupResult>> fs = new ArrayList<>();
        for (long k : keys) {
          fs.add(p.lookup(k));
        }
        return io.vertx.core.Future.all(fs).map(cf -> cf.<LookupResult>list());
      }, 120_000);
      int timeouts = 0;
      for (Network.Outcome<List<LookupResult>> o : all) {
        assertTrue(o.succeeded(), () -> "lookups failed: " + o.failure());
        for (LookupResult res : o.value()) {
          assertTrue(res.found(), () -> "lookup " + Long.toHexString(res.key()) + " " + res.outcome());
          assertEquals(oracle.successor(res.key()), res.successor(), () -> "lookup " + Long.toHexString(res.key()));
          assertEquals(res.successor(), res.successors().get(0));
          assertTrue(res.hopsToOwner() >= res.hops(), () -> res.hops() + " > " + res.hopsToOwner());
          timeouts += res.timeouts();
        }
      }
      // the crashed peers were still in the tables: lookups met them and went around
      assertTrue(timeouts > 0, "no lookup met a crashed peer");
    }
  }

  @Test
  void crashingReplicasMinusOneConsecutivePeersLosesNoKey() {
    ChordConfig config = fastConfig();
    try (ChordCluster c = cluster(config, 14)) {
      c.launch(ringSize());
      stable(c);
      putKeys(c, 80);
      assertTrue(c.network().awaitUntil(() -> c.keys().underReplicated() == 0, 30_000, 200),
          () -> "keys not replicated: " + c.keys());
      c.crashConsecutive(config.replicas() - 1);
      stable(c);
      assertTrue(c.network().awaitUntil(() -> c.keys().underReplicated() == 0, 30_000, 200),
          () -> "keys not re-replicated: " + c.keys());
      assertEquals(0, c.keys().lost());
      assertAllReadable(c);
    }
  }

  @Test
  void aKeyPutDuringChurnIsReadableAfterwards() {
    try (ChordCluster c = cluster(fastConfig(), 15)) {
      c.launch(ringSize());
      stable(c);
      SplittableRandom r = new SplittableRandom(3);
      for (int round = 0; round < 4; round++) {
        PeerHandle<ChordPeer> victim = c.randomPeer();
        if (r.nextBoolean()) {
          c.crash(victim);
        } else {
          c.leave(victim);
        }
        for (int k = 0; k < 5; k++) {
          String key = "churn-" + round + "-" + k;
          // what is checked is that a stored key survives the churn; a put that reports failure
          // (all attempts timed out on a loaded machine) is retried, as a client would
          boolean stored = false;
          for (int attempt = 0; attempt < 3 && !stored; attempt++) {
            stored = c.put(c.randomPeer(), key, "v" + key).stored();
          }
          assertTrue(stored, "put " + key);
        }
        c.launch(1);
        c.network().runFor(300);
      }
      stable(c);
      assertTrue(c.network().awaitUntil(() -> c.keys().underReplicated() == 0, 30_000, 200),
          () -> "keys not replicated: " + c.keys());
      assertAllReadable(c);
    }
  }

  @Test
  void malformedAndUnexpectedMessagesAreRejectedAndCountedWithoutHarm() {
    try (ChordCluster c = cluster(fastConfig(), 16)) {
      c.launch(ringSize());
      stable(c);
      putKeys(c, 10);
      List<PeerHandle<ChordPeer>> peers = c.peers();
      PeerHandle<ChordPeer> rogue = peers.get(0);
      PeerRef target = peers.get(1).ref();
      RogueExtension ext = c.network().inspect(rogue, p -> p.extension(RogueExtension.class));
      long before = c.network().traffic().rejectedTotal();
      List<PeerRef> tooMany = new ArrayList<>();
      for (int i = 0; i < 65; i++) {
        tooMany.add(new PeerRef("x" + i, i));
      }
      assertEquals("RemoteRejectedException",
          c.network().call(rogue, p -> ext.request(target, new RogueExtension.Bogus(1)), 5000));
      assertEquals("RemoteRejectedException",
          c.network().call(rogue, p -> ext.request(target, new Notify()), 5000));
      assertEquals("RemoteRejectedException", c.network().call(rogue, p -> ext.request(target,
          new FindSuccessor(1, 2, rogue.ref(), fastConfig().maxHops() + 1, 0, Optional.empty())), 5000));
      c.network().call(rogue, p -> ext.send(target, new RogueExtension.Bogus(2)), 5000);
      c.network().call(rogue, p -> ext.send(target, new Ping()), 5000);
      c.network().call(rogue, p -> ext.send(target, new SuccessorLeaving(tooMany)), 5000);
      c.network().runFor(500);
      assertEquals(6, c.network().traffic().rejectedTotal() - before, () -> "rejected "
          + c.network().traffic().rejectedSnapshot());
      assertTrue(c.check().stable(), () -> "tables changed: " + c.check());
      assertAllReadable(c);
    }
  }

  @Test
  void extensionsHearOfLinkChangesAndSeeTheCurrentLinks() {
    try (ChordCluster c = cluster(fastConfig(), 18)) {
      c.launch(ringSize() / 2);
      stable(c);
      RingOracle oracle = c.oracle();
      for (PeerHandle<ChordPeer> h : c.peers()) {
        RogueExtension ext = c.network().inspect(h, p -> p.extension(RogueExtension.class));
        assertTrue(c.network().awaitUntil(() -> ext.lastLinks() != null
            && ext.lastLinks().successor().equals(oracle.successorOf(h.ref())), 10_000, 50),
            () -> h.ref() + " hook saw " + ext.lastLinks());
        assertEquals(c.network().inspect(h, p -> p.links().distinct()), ext.lastLinks().distinct());
      }
    }
  }

  @Test
  void twoSimulatorRunsWithTheSameSeedAgree() {
    assumeTrue(runtime().equals(Networks.SIM), "only the simulator is deterministic");
    assertEquals(churnTranscript(21), churnTranscript(21));
  }

  private String churnTranscript(long seed) {
    StringBuilder out = new StringBuilder();
    try (ChordCluster c = cluster(fastConfig(), seed)) {
      c.launch(ringSize());
      c.network().runFor(3000);
      putKeys(c, 20);
      c.crashFraction(0.25);
      c.launch(2);
      c.network().runFor(5000);
      SplittableRandom r = new SplittableRandom(seed);
      for (int i = 0; i < 30; i++) {
        LookupResult res = c.lookup(c.randomPeer(), r.nextLong());
        out.append(res.successor()).append(' ').append(res.hops()).append(' ').append(res.latencyMs()).append('\n');
      }
      out.append(c.check()).append('\n').append(c.keys()).append('\n');
      out.append(c.network().traffic().snapshot().entrySet().stream()
          .map(e -> e.getKey() + "=" + e.getValue()[0] + "/" + e.getValue()[1]).toList());
      out.append(c.network().now());
    }
    return out.toString();
  }

  @Test
  void meanPathLengthIsHalfLog2OfRingSize() {
    assumeTrue(runtime().equals(Networks.SIM), "large rings only in the simulator");
    // Chord paper: mean path length about 1/2 log2 N; tolerance +-0.5 hop over 1000 lookups, fixed seeds
    for (int n : new int[] {64, 1024}) {
      try (ChordCluster c = cluster(ChordConfig.defaults(), 17)) {
        c.launch(n);
        stable(c);
        assertTrue(c.awaitConverged(60_000), () -> "fingers did not converge: " + c.check());
        SplittableRandom r = new SplittableRandom(n);
        double hops = 0;
        int lookups = 1000;
        for (int i = 0; i < lookups; i++) {
          hops += c.lookup(c.randomPeer(), r.nextLong()).hops();
        }
        double mean = hops / lookups;
        double expected = 0.5 * Math.log(n) / Math.log(2);
        assertEquals(expected, mean, 0.5, "mean hops for N=" + n);
      }
    }
  }

  private static void putKeys(ChordCluster c, int count) {
    for (int i = 0; i < count; i++) {
      String key = "key-" + i;
      assertTrue(c.put(c.randomPeer(), key, "v" + key).stored(), "put " + key);
    }
  }

  private static void assertAllReadable(ChordCluster c) {
    for (String key : c.expectedKeys()) {
      ReadResult r = c.get(c.randomPeer(), key);
      assertTrue(r.found(), () -> "get " + key + ": " + r);
      assertEquals("v" + key, r.value(), "value of " + key);
    }
  }
}
