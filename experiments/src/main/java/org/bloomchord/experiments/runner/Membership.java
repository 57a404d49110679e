package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.experiments.churn.ChurnEvent;
import org.bloomchord.overlay.PeerHandle;

/**
 * Applies joins, graceful leaves and crashes to the cluster and keeps the {@link Roster} and the
 * peer counts in step. A host leaves the roster before its departure starts and enters it once its
 * join completed; a joiner that fails to join is removed at once and counted as a crash.
 *
 * <p>Not thread-safe: the simulator calls it on the driver thread, the Vert.x run on its single
 * churn thread (through {@link RunContext#membershipTask}).
 */
final class Membership {

  private final RunContext ctx;

  Membership(RunContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Launches {@code hosts} new hosts with the cluster's wave join (joins concurrent, each wave at
   * most doubling the ring) and adds those that joined under fresh numbers.
   */
  void launch(int hosts) {
    if (hosts <= 0) {
      return;
    }
    List<PeerHandle<ChordPeer>> joined = keepActive(ctx.cluster.launch(hosts));
    ctx.roster.addAll(joined);
    ctx.changed();
  }

  /** Applies one churn event; an event naming a peer not on the ring is skipped. */
  void apply(ChurnEvent e, SplittableRandom random) {
    switch (e.action()) {
      case JOIN -> join(e.peer(), random);
      case LEAVE -> depart(e.peer(), false);
      case CRASH -> depart(e.peer(), true);
    }
  }

  private void join(int number, SplittableRandom random) {
    if (ctx.roster.contains(number)) {
      return;
    }
    PeerHandle<ChordPeer> bootstrap = ctx.roster.pick(random);
    List<PeerHandle<ChordPeer>> started = bootstrap == null ? ctx.cluster.launch(1)
        : ctx.cluster.launchThrough(bootstrap, 1);
    List<PeerHandle<ChordPeer>> joined = keepActive(started);
    if (!joined.isEmpty()) {
      ctx.roster.add(number, joined);
      ctx.changed();
    }
  }

  private void depart(int number, boolean crash) {
    PeerHandle<ChordPeer> h = ctx.roster.remove(number);
    if (h == null) {
      return;
    }
    ctx.changed();
    if (crash) {
      ctx.cluster.crash(h);
      ctx.peers.crashed();
    } else {
      ctx.cluster.leave(h);
      ctx.peers.left();
    }
  }

  /** The handles whose peer is on the ring; hosts with a peer that failed to join are crashed. */
  private List<PeerHandle<ChordPeer>> keepActive(List<PeerHandle<ChordPeer>> started) {
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    List<PeerHandle<ChordPeer>> failed = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : started) {
      PeerState s = ctx.network.inspect(h, ChordPeer::state);
      (s == PeerState.ACTIVE ? out : failed).add(h);
    }
    java.util.Set<String> failedHosts = new java.util.HashSet<>();
    for (PeerHandle<ChordPeer> h : failed) {
      failedHosts.add(org.bloomchord.chord.cluster.ChordCluster.hostOf(h.ref()));
    }
    java.util.Set<String> counted = new java.util.HashSet<>();
    for (PeerHandle<ChordPeer> h : started) {
      String host = org.bloomchord.chord.cluster.ChordCluster.hostOf(h.ref());
      if (counted.add(host)) {
        ctx.peers.joined();
        if (failedHosts.contains(host)) {
          ctx.peers.crashed();
        }
      }
    }
    for (PeerHandle<ChordPeer> h : started) {
      if (failedHosts.contains(org.bloomchord.chord.cluster.ChordCluster.hostOf(h.ref()))) {
        try {
          ctx.network.crash(h);
        } catch (IllegalStateException alreadyGone) {
          // removed by the runtime already
        }
      }
    }
    out.removeIf(h -> failedHosts.contains(org.bloomchord.chord.cluster.ChordCluster.hostOf(h.ref())));
    return out;
  }
}
