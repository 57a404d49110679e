package org.bloomchord.experiments.runner.steps;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.summary.PartitionStats;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.SimControls;

/**
 * {@code partition: { groups: [0.5, 0.3, 0.2], for: T, settle: S }}: deals the live peers into
 * groups by the phase's seed (group g gets round(share·N) peers, the last group the rest), splits
 * the simulator's network into them for T (a sibling workload runs meanwhile), heals it, and then
 * checks the ring against the oracle once a stabilize period until it is one correct ring, for at
 * most S. Records {@link PartitionStats} for the summary. JVM index groups ({@code run --jvms})
 * cut the ring's traffic between JVMs instead ({@link JvmPartition}).
 */
final class PartitionStep implements PhaseStep<Phase.Partition> {

  @Override
  public void run(Phase.Partition phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    if (ctx.jvms() != null) {
      JvmPartition.run(phase, run);
      return;
    }
    SimControls sim = ctx.network().simControls().orElseThrow(() -> new IllegalStateException(
        "a partition by shares of the peers needs the simulator (runtime: sim); across JVMs it is a fault of the real network"));
    if (phase.shares().isEmpty()) {
      throw new IllegalStateException("a partition by JVM indexes is not run by the simulator");
    }
    ChordCluster cluster = ctx.cluster();
    long durationMs = phase.duration().toMillis();
    ctx.phase(run.label("partition " + phase.shares() + " for " + DurationText.format(phase.duration())),
        () -> run.elapsed(durationMs));
    SplittableRandom random = new SplittableRandom(run.seed());
    List<List<PeerRef>> groups = deal(cluster.peers(), phase.shares(), random.split());
    long lostBefore = sim.partitionLost();
    sim.partition(groups);
    if (phase.workload() != null) {
      ctx.measureFrom(run.startMs());
      Schedule.play(run, Collections.emptyIterator(), phase.workload().over(phase.duration()).operations(random.nextLong()),
          durationMs, random.split(), random.split());
    } else {
      ctx.advanceTo(run.startMs() + durationMs);
    }
    int rings = cluster.rings();
    int divergent = divergentKeys(ctx, sim);
    sim.heal();
    long healedMs = ctx.runMs();
    long messagesAtHeal = ctx.network().traffic().messages();
    long every = cluster.config().stabilizeMs();
    long end = healedMs + phase.settle().toMillis();
    Double healSeconds = null;
    while (true) {
      if (cluster.checkRing().successorErrors() == 0) {
        healSeconds = (ctx.runMs() - healedMs) / 1000.0;
        break;
      }
      if (ctx.runMs() >= end) {
        break;
      }
      ctx.advanceTo(Math.min(end, ctx.runMs() + every));
    }
    List<Object> named = new ArrayList<>(phase.shares());
    List<Integer> sizes = groups.stream().map(List::size).toList();
    ctx.partition(new PartitionStats(named, sizes, rings, healSeconds,
        ctx.network().traffic().messages() - messagesAtHeal, divergent, sim.partitionLost() - lostBefore));
    ctx.note("partition %s: %d rings during the split, one ring %s after the heal", phase.shares(), rings,
        healSeconds == null ? "not within " + DurationText.format(phase.settle()) : healSeconds + " s");
    ctx.changed();
  }

  /** The live peers shuffled by {@code random} and cut into groups of the given shares. */
  static List<List<PeerRef>> deal(List<PeerHandle<ChordPeer>> live, List<Double> shares, SplittableRandom random) {
    List<PeerRef> refs = new ArrayList<>(live.stream().map(PeerHandle::ref).toList());
    for (int i = refs.size() - 1; i > 0; i--) {
      Collections.swap(refs, i, random.nextInt(i + 1));
    }
    List<List<PeerRef>> out = new ArrayList<>();
    int from = 0;
    for (int g = 0; g < shares.size(); g++) {
      int to = g == shares.size() - 1 ? refs.size() : Math.min(refs.size(), from + (int) Math.round(shares.get(g) * refs.size()));
      out.add(List.copyOf(refs.subList(from, to)));
      from = to;
    }
    return out;
  }

  /**
   * Keys whose newest versions differ between the sides that hold them: for each group, the newest
   * version its peers hold; a key held on two or more sides with different newest versions diverged
   * (a write on one side that the other did not see, or writes on both).
   */
  private static int divergentKeys(RunContext ctx, SimControls sim) {
    Map<String, Map<Integer, Version>> newest = new HashMap<>();
    for (PeerHandle<ChordPeer> h : ctx.cluster().peers()) {
      int group = sim.groupOf(h.ref());
      List<StoredEntry> held = ctx.network().inspect(h, p -> p.store().all());
      for (StoredEntry e : held) {
        newest.computeIfAbsent(e.key(), k -> new HashMap<>())
            .merge(group, e.version(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
      }
    }
    return (int) newest.values().stream().filter(bySide -> new HashSet<>(bySide.values()).size() > 1).count();
  }
}
