package org.bloomchord.experiments.partition;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.merge.MergeMode;
import org.bloomchord.chord.merge.MergeOptions;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.SimControls;

/**
 * One run of the merge comparison on the simulator: a ring of {@code peers} placed at once and
 * stable, split into {@code ways} equal groups (dealt by the seed) for {@code splitMs}, healed, and
 * watched until the oracle sees one correct ring (every active peer's successor the next live
 * peer) or {@code settleMs} passed. With churn, during the split and after the heal every second
 * crashes a share of the live peers and joins as many new ones, each through a live peer of a
 * random group and placed in that group; then the watch ends when no seam of the split is open
 * ({@link #openSeams}): at 10,000 peers and 1 % a minute a peer crashes every 0.6 s, and a
 * successor left wrong by the latest crash or join, which is churn's and not the split's, is
 * almost always somewhere.
 *
 * <p>The peers run with adaptive maintenance as {@code bloomchord node} does (stabilize backs off
 * from 500 ms to 16 s, fix-fingers to 64 s while nothing changes), which is what lets an hour of
 * split at 10,000 peers run in minutes; a stabilization period below means the floor, 500 ms.
 */
public final class MergeTrial {

  /** The stabilize period (the floor of the adaptive one), ms. */
  public static final long STABILIZE_MS = 500;

  /**
   * What one run is.
   *
   * @param peers ring size
   * @param ways groups of the split, 2..16
   * @param splitMs how long the split lasts
   * @param mode the peers' merge mode
   * @param churnPerMinute share of the live peers crashing (and as many joining) per minute
   * @param settleMs the longest watch for one ring after the heal
   * @param seed the network's and the dealing's seed
   */
  public record Setting(int peers, int ways, long splitMs, MergeMode mode, double churnPerMinute, long settleMs,
      long seed) {
  }

  /**
   * What one run measured.
   *
   * @param setting the run
   * @param ringsDuring rings by the oracle at the end of the split ({@code RingCensus})
   * @param healSeconds simulated seconds from the heal to one correct ring, or null when not within settle
   * @param messages messages of all kinds from the heal to one correct ring (or to the end of settle)
   * @param mergeMessages of them, the merge protocol's own (MergeNews, MergeFind, MergeFound, MergeIntro)
   */
  public record Outcome(Setting setting, int ringsDuring, Double healSeconds, long messages, long mergeMessages) {

    /** The time to one ring in stabilization periods, or null. */
    public Double periods() {
      return healSeconds == null ? null : healSeconds * 1000 / STABILIZE_MS;
    }
  }

  private MergeTrial() {
  }

  /** The peers' configuration: the defaults with the node's adaptive maintenance. */
  public static ChordConfig config() {
    return ChordConfig.defaults().withAdaptivePeriods(32 * STABILIZE_MS, 128 * STABILIZE_MS);
  }

  /** Runs one setting. */
  public static Outcome run(Setting s) {
    ChordConfig config = config();
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(s.seed()), config)) {
      c.mergeOptions(MergeOptions.defaults().withMode(s.mode()));
      c.launchPlaced(s.peers());
      if (!c.awaitStable(600_000)) {
        throw new IllegalStateException("the ring of " + s.peers() + " did not stabilize: " + c.checkRing());
      }
      Network<ChordPeer> net = c.network();
      SimControls sim = net.simControls().orElseThrow();
      SplittableRandom random = new SplittableRandom(s.seed() ^ 0x5DEECE66DL);
      List<List<PeerRef>> groups = deal(c, s.ways(), random);
      Map<PeerRef, Integer> side = new HashMap<>();
      for (int g = 0; g < groups.size(); g++) {
        for (PeerRef p : groups.get(g)) {
          side.put(p, g);
        }
      }
      sim.partition(groups);
      Churn churn = new Churn(c, config, s, random, side);
      churn.runFor(s.splitMs());
      int rings = c.rings();
      sim.heal();
      long healed = net.now();
      long before = net.traffic().messages();
      long mergeBefore = mergeMessages(net);
      Double seconds = null;
      while (net.now() - healed <= s.settleMs()) {
        if (s.churnPerMinute() > 0 ? openSeams(c, side) == 0 : c.checkRing().successorErrors() == 0) {
          seconds = (net.now() - healed) / 1000.0;
          break;
        }
        churn.runFor(STABILIZE_MS);
      }
      return new Outcome(s, rings, seconds, net.traffic().messages() - before, mergeMessages(net) - mergeBefore);
    }
  }

  private static List<List<PeerRef>> deal(ChordCluster c, int ways, SplittableRandom random) {
    List<PeerRef> refs = new ArrayList<>(c.peers().stream().map(PeerHandle::ref).toList());
    Collections.shuffle(refs, new java.util.Random(random.nextLong()));
    List<List<PeerRef>> groups = new ArrayList<>();
    for (int g = 0; g < ways; g++) {
      groups.add(new ArrayList<>());
    }
    for (int i = 0; i < refs.size(); i++) {
      groups.get(i % ways).add(refs.get(i));
    }
    return groups;
  }

  /**
   * The seams of the split still open: active peers whose successor is live (or themselves) while
   * the next live peer, which it skips, was on another side of the split. A successor that is dead,
   * or that skips a peer of its own side or one that joined after the heal, is churn's doing and
   * not counted.
   *
   * @param side the side of every peer that was on the ring during the split
   */
  static int openSeams(ChordCluster c, Map<PeerRef, Integer> side) {
    List<PeerRef> active = new ArrayList<>();
    Map<PeerRef, PeerRef> successor = new HashMap<>();
    for (PeerSnapshot p : c.snapshots()) {
      if (p.state() == PeerState.ACTIVE) {
        active.add(p.self());
        successor.put(p.self(), p.successors().isEmpty() ? p.self() : p.successors().get(0));
      }
    }
    active.sort((a, b) -> c.ring().compareFrom(0, a.id(), b.id()));
    int open = 0;
    for (int i = 0; i < active.size(); i++) {
      PeerRef p = active.get(i);
      PeerRef next = active.get((i + 1) % active.size());
      PeerRef held = successor.get(p);
      Integer mine = side.get(p);
      Integer theirs = side.get(next);
      if (!held.equals(next) && successor.containsKey(held) && mine != null && theirs != null && !mine.equals(theirs)) {
        open++;
      }
    }
    return open;
  }

  private static long mergeMessages(Network<ChordPeer> net) {
    long n = 0;
    for (Map.Entry<String, long[]> e : net.traffic().snapshot().entrySet()) {
      if (e.getKey().startsWith("Merge")) {
        n += e.getValue()[0];
      }
    }
    return n;
  }

  /** Crashes and joins at the setting's rate while time passes, a second at a time. */
  private static final class Churn {
    private final ChordCluster cluster;
    private final ChordConfig config;
    private final Setting setting;
    private final SplittableRandom random;
    private final Map<PeerRef, Integer> side;
    private double owed;
    private int joined;

    Churn(ChordCluster cluster, ChordConfig config, Setting setting, SplittableRandom random,
        Map<PeerRef, Integer> side) {
      this.side = side;
      this.cluster = cluster;
      this.config = config;
      this.setting = setting;
      this.random = random;
    }

    void runFor(long ms) {
      Network<ChordPeer> net = cluster.network();
      if (setting.churnPerMinute() <= 0) {
        net.runFor(ms);
        return;
      }
      long end = net.now() + ms;
      while (net.now() < end) {
        long step = Math.min(1000, end - net.now());
        net.runFor(step);
        owed += setting.churnPerMinute() * cluster.peers().size() * step / 60_000.0;
        while (owed >= 1) {
          owed--;
          turnOver(net);
        }
      }
    }

    private void turnOver(Network<ChordPeer> net) {
      List<PeerHandle<ChordPeer>> live = cluster.peers();
      if (live.size() < 4) {
        return;
      }
      cluster.crash(live.get(random.nextInt(live.size())));
      live = cluster.activePeers();
      PeerHandle<ChordPeer> boot = live.get(random.nextInt(live.size()));
      SimControls sim = net.simControls().orElseThrow();
      PeerRef ref = cluster.hostRefs("c", joined++).get(0);
      if (sim.partitioned()) {
        int g = sim.groupOf(boot.ref());
        sim.place(ref, g);
        side.put(ref, g);
      }
      ChordPeer peer = new ChordPeer(config, boot.ref());
      peer.mergeOptions(MergeOptions.defaults().withMode(setting.mode()));
      net.launch(ref, peer);
    }
  }
}
