package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/**
 * Hot-key relief with a serving budget of 1 answer per second on a simulated ring of 16 peers: a
 * key read in bursts from every peer at once, so owners and copy holders go over their budget and
 * hand reads to their lease holders (with 5 s leases) or the owner's replicas (with leases that
 * expire at once, so every read reaches the owner). Oracle: the writes checker's rule,
 * that a read started after a put's acknowledgement returns that put's version or a newer one,
 * checked for every read while puts come between the bursts; and every read is answered exactly
 * once (the served counts sum to the reads).
 */
class SimHotKeyBudgetTest {

  private static final int PEERS = 16;
  private static final int BURSTS = 30;
  private static final long WAIT = 60_000;
  private static final String KEY = "hot-key";

  /** What the peers did over a run, summed. */
  private record Counts(long delegated, long asReplica, long updates, long copiesUpdated) {
  }

  @Test
  void readsAfterAPutReturnItsVersionWhileOverBudgetPeersHandReadsToHolders() {
    Counts c = run(5_000);
    assertTrue(c.delegated() > 0, "over-budget peers handed reads to lease holders");
    assertTrue(c.updates() > 0 && c.copiesUpdated() > 0, "puts were pushed to leased copies, which took them");
  }

  @Test
  void readsAfterAPutReturnItsVersionWhenAnOverBudgetOwnerHasReplicasAnswer() {
    // copies that expire at once: every read reaches the owner, which goes over budget
    Counts c = run(1);
    assertTrue(c.asReplica() > 0, "an over-budget owner had replicas answer");
  }

  /**
   * Runs the bursts with leases of {@code leaseMs}, checking every read against the last
   * acknowledged put and the served counts against the reads; returns the peers' counts.
   */
  private static Counts run(long leaseMs) {
    ChordConfig config = ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000);
    Network<ChordPeer> net = Networks.create("sim", NetworkOptions.defaults().withSeed(21),
        HotKeyWire.register(ChordCluster.wireRegistry(config), config));
    HotKeyOptions options = HotKeyOptions.defaults().with(1, leaseMs).withBudget(1);
    try (ChordCluster c = new ChordCluster(net, config, 21, ref -> List.of(new HotKeyRelief(options)))) {
      c.launch(PEERS);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      List<PeerHandle<ChordPeer>> peers = c.activePeers();
      long servedBefore = sum(net, peers, HotKeyRelief::served);
      Version acked = null;
      long reads = 0;
      long checked = 0;
      for (int b = 0; b < BURSTS; b++) {
        if (b % 5 == 0) {
          String value = "v" + b;
          WriteResult w = net.call(peers.get(b % PEERS), p -> p.put(KEY, value), WAIT);
          assertEquals(WriteOutcome.STORED, w.outcome(), "put " + b);
          acked = w.version();
        }
        // every peer reads at once: the answers travel the same paths and land on the same holders
        List<ReadResult> got = new ArrayList<>();
        for (PeerHandle<ChordPeer> h : peers) {
          net.inspect(h, p -> p.extension(HotKeyRelief.class).read(KEY).onSuccess(got::add));
        }
        net.runFor(300);
        reads += PEERS;
        assertEquals(PEERS, got.size(), "every read of burst " + b + " answered");
        for (ReadResult r : got) {
          assertTrue(r.found() && r.version().compareTo(acked) >= 0,
              "burst " + b + ": read " + r.version() + " after the put of " + acked + " was acknowledged");
          assertEquals(acked.equals(r.version()), r.value().equals(valueOf(b)), "value of the acknowledged version");
          checked++;
        }
      }
      assertEquals(BURSTS * PEERS, checked);
      assertEquals(reads, sum(net, peers, HotKeyRelief::served) - servedBefore, "each read answered exactly once");
      return new Counts(sum(net, peers, HotKeyRelief::delegated), sum(net, peers, HotKeyRelief::servedAsReplica),
          sum(net, peers, HotKeyRelief::updates), sum(net, peers, r -> r.cache().updated()));
    }
  }

  /** The value the last put before burst {@code b} wrote. */
  private static String valueOf(int b) {
    return "v" + (b / 5 * 5);
  }

  private interface Count {
    long of(HotKeyRelief r);
  }

  private static long sum(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> peers, Count count) {
    return peers.stream().mapToLong(h -> net.inspect(h, p -> count.of(p.extension(HotKeyRelief.class)))).sum();
  }
}
