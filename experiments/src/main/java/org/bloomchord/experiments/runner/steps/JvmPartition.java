package org.bloomchord.experiments.runner.steps;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingCensus;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.jvm.JvmSplit;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.ops.OperationIssuer;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.experiments.summary.PartitionStats;
import org.bloomchord.experiments.workload.Operation;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;

/**
 * {@code partition: { groups: [[0], [1, 2]], for: T, settle: S }} over several JVMs
 * ({@code run --jvms}): cuts the ring's traffic between the JVMs of different groups for T
 * ({@link JvmRun#cut}), heals it, offers every peer contacts of the other sides, and checks the
 * ring against the oracle of every JVM until it is one correct ring, for at most S; then reads
 * back every key whose put was acknowledged on any side during the split.
 *
 * <p>A sibling workload runs meanwhile: lookups and gets start from the coordinator's peers (as in
 * every phase over JVMs); puts take the groups in turn, a group without the coordinator putting
 * from the peers of one of its children, so each side writes keys the other does not see. Figures
 * as on the simulator ({@link PartitionStats}), in wall-clock time: the heal time is measured to
 * the end of the first oracle check that found one correct ring (an upper bound, by the length of
 * one check).
 */
final class JvmPartition {

  /** Rounds of reading back the split's keys, {@value #READ_GAP_PERIODS} stabilize periods apart. */
  private static final int READ_ROUNDS = 5;
  private static final int READ_GAP_PERIODS = 4;

  private JvmPartition() {
  }

  static void run(Phase.Partition phase, PhaseStep.PhaseRun run) {
    RunContext ctx = run.ctx();
    JvmRun jvms = ctx.jvms();
    ChordCluster cluster = ctx.cluster();
    long durationMs = phase.duration().toMillis();
    ctx.phase(run.label("partition " + phase.jvmGroups() + " for " + DurationText.format(phase.duration())),
        () -> run.elapsed(durationMs));
    SplittableRandom random = new SplittableRandom(run.seed());
    for (List<Integer> g : phase.jvmGroups()) {
      for (int k : g) {
        if (k > 0 && !jvms.alive(k)) {
          throw new IllegalStateException("partition " + phase.jvmGroups() + ": JVM " + k + " is not running");
        }
      }
    }
    JvmSplit split = jvms.cut(phase.jvmGroups());
    Set<String> written = ConcurrentHashMap.newKeySet();
    Set<String> ownSide = ConcurrentHashMap.newKeySet();
    List<Integer> bySide = new ArrayList<>();
    split.nodes().forEach(n -> bySide.add(0));
    OperationIssuer issuer = ctx.issuer();
    issuer.onPut((key, stored) -> {
      if (stored) {
        ownSide.add(key);
      }
    });
    try {
      if (phase.workload() != null) {
        ctx.measureFrom(run.startMs());
        play(run, split, phase.workload().over(phase.duration()).operations(random.nextLong()), random.split());
      }
      ctx.advanceTo(run.startMs() + durationMs);
      for (Map.Entry<Integer, Set<String>> e : split.awaitPuts().entrySet()) {
        bySide.set(e.getKey(), e.getValue().size());
        written.addAll(e.getValue());
        e.getValue().forEach(issuer::storedElsewhere);
      }
      // the coordinator's puts still under way belong to the split: wait for them
      long end = ctx.runMs() + ctx.operationWaitMs();
      while (issuer.inFlight() > 0 && ctx.runMs() < end) {
        ctx.advanceTo(ctx.runMs() + 50);
      }
    } finally {
      issuer.onPut(null);
    }
    bySide.set(split.coordinatorGroup(), ownSide.size());
    written.addAll(ownSide);
    List<PeerSnapshot> snapshots = cluster.snapshots();
    int rings = RingCensus.rings(snapshots);
    int divergent = divergent(split.newestBySide());
    List<Integer> sizes = new ArrayList<>();
    split.nodes().forEach(n -> sizes.add(0));
    for (PeerSnapshot s : snapshots) {
      int g = split.groupOf(s.self().node());
      if (g >= 0) {
        sizes.set(g, sizes.get(g) + 1);
      }
    }
    long dropped = split.heal();
    long healedMs = ctx.runMs();
    long messagesAtHeal = messages(jvms);
    int offered = split.offerContacts(snapshots, random.split());
    long every = cluster.config().stabilizeMs();
    long end = healedMs + phase.settle().toMillis();
    Double healSeconds = null;
    while (true) {
      boolean one = cluster.checkRing().successorErrors() == 0;
      if (one) {
        healSeconds = (ctx.runMs() - healedMs) / 1000.0;
        break;
      }
      if (ctx.runMs() >= end) {
        break;
      }
      ctx.advanceTo(Math.min(end, ctx.runMs() + every));
    }
    long messagesToMerge = messages(jvms) - messagesAtHeal;
    int readBack = readBack(ctx, new TreeSet<>(written), every);
    ctx.partition(PartitionStats.builder().groups(new ArrayList<>(phase.jvmGroups())).peersPerGroup(sizes)
        .ringsDuring(rings).healToOneRingSeconds(healSeconds).messagesToMerge(messagesToMerge)
        .divergentKeys(divergent).partitionLost(dropped).keysPutBySide(bySide).keysPutDuring(written.size())
        .keysReadAfter(readBack).build());
    ctx.note("partition %s: %d rings during the split, %d messages cut, %d contacts offered at the heal, one ring %s"
        + " after the heal; %d of %d keys put during the split (by side %s) read back", phase.jvmGroups(), rings,
        dropped, offered, healSeconds == null ? "not within " + DurationText.format(phase.settle()) : healSeconds + " s",
        readBack, written.size(), bySide);
    ctx.changed();
  }

  /** The workload's operations at their times; puts take the groups in turn. */
  private static void play(PhaseStep.PhaseRun run, JvmSplit split, Iterator<Operation> ops, SplittableRandom random) {
    RunContext ctx = run.ctx();
    int groups = split.nodes().size();
    int puts = 0;
    while (ops.hasNext()) {
      Operation op = ops.next();
      ctx.advanceTo(run.startMs() + op.atMs());
      if (op.kind() == OperationKind.PUT) {
        int g = puts++ % groups;
        if (g != split.coordinatorGroup()
            && split.putFrom(g, List.of(OperationIssuer.keyName(op.key())))) {
          continue;
        }
      }
      ctx.issuer().issue(op.kind(), op.key(), random);
    }
  }

  /** Keys whose newest versions differ between the sides that hold them. */
  private static int divergent(List<Map<String, Version>> sides) {
    Set<String> keys = new HashSet<>();
    sides.forEach(s -> keys.addAll(s.keySet()));
    int n = 0;
    for (String k : keys) {
      Set<Version> seen = new HashSet<>();
      for (Map<String, Version> s : sides) {
        Version v = s.get(k);
        if (v != null) {
          seen.add(v);
        }
      }
      n += seen.size() > 1 ? 1 : 0;
    }
    return n;
  }

  /** Protocol messages sent by every live JVM so far. */
  private static long messages(JvmRun jvms) {
    return jvms.traffic().values().stream().mapToLong(JvmTraffic::messages).sum();
  }

  /**
   * Reads every key from random peers of the coordinator, again for those not found, up to
   * {@value #READ_ROUNDS} rounds {@value #READ_GAP_PERIODS} stabilize periods apart (the merge
   * hands ranges back a few periods after it ends); returns the keys found.
   */
  private static int readBack(RunContext ctx, Set<String> keys, long stabilizeMs) {
    Network<ChordPeer> net = ctx.network();
    SplittableRandom random = new SplittableRandom(keys.size());
    List<String> missing = new ArrayList<>(keys);
    for (int round = 0; round < READ_ROUNDS && !missing.isEmpty(); round++) {
      if (round > 0) {
        ctx.advanceTo(ctx.runMs() + READ_GAP_PERIODS * stabilizeMs);
      }
      List<PeerHandle<ChordPeer>> local = net.alive();
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>();
      missing.forEach(k -> origins.add(local.get(random.nextInt(local.size()))));
      List<String> asked = missing;
      java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
      List<Network.Outcome<ReadResult>> out = net.callAll(origins, p -> p.get(asked.get(next.getAndIncrement())),
          ctx.operationWaitMs());
      List<String> still = new ArrayList<>();
      for (int i = 0; i < out.size(); i++) {
        if (!out.get(i).succeeded() || !out.get(i).value().found()) {
          still.add(asked.get(i));
        }
      }
      missing = still;
    }
    return keys.size() - missing.size();
  }
}
