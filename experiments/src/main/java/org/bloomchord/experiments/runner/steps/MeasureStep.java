package org.bloomchord.experiments.runner.steps;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.workload.Operation;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.cluster.LinkOracle;

/**
 * {@code measure: { lookups: L, gets: G, puts: P, locates: Q, keys, pace }}: a fixed number of operations,
 * counted from the phase's start. With a pace they are issued evenly at that rate; without one,
 * as fast as a bounded number in flight allows ({@value #SIM_IN_FLIGHT} in the simulator,
 * {@value #VERTX_IN_FLIGHT} on Vert.x). Puts write distinct keys {@code key-0 .. key-(P-1)}, so
 * {@code puts: P} stores P keys; lookups, gets and locates draw keys from the key population. The phase
 * ends when every operation completed (or timed out).
 *
 * <p>Locates measured here are judged against a {@link LinkOracle} of the links at the phase's
 * start (each peer's successor list, fingers and predecessor, read on its thread) and the live
 * holders (over several JVMs, the children's peers' links come from their snapshots): this is where {@code withinDepth}, {@code stretch} and {@code chordHops} come from.
 * Building it reads every peer once and each locate costs one breadth-first search on the driver,
 * which is why churn and workload phases do without it.
 */
final class MeasureStep implements PhaseStep<Phase.Measure> {

  static final int SIM_IN_FLIGHT = 1000;
  static final int VERTX_IN_FLIGHT = 200;

  @Override
  public void run(Phase.Measure phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    ctx.measureFrom(run.startMs());
    int total = phase.counts().values().stream().mapToInt(Integer::intValue).sum();
    int[] issued = {0};
    ctx.phase(run.label("measure " + total + " operations"), () -> (double) issued[0] / total);
    if (ctx.location() != null && phase.counts().getOrDefault(OperationKind.LOCATE, 0) > 0) {
      ctx.linkOracle(oracle(ctx));
    }
    SplittableRandom random = new SplittableRandom(run.seed());
    Iterator<Operation> ops = phase.workload().operations(random.nextLong());
    SplittableRandom origins = random.split();
    int limit = ctx.simulated() ? SIM_IN_FLIGHT : VERTX_IN_FLIGHT;
    int nextPut = 0;
    while (ops.hasNext()) {
      Operation op = ops.next();
      if (phase.pace() != null) {
        ctx.advanceTo(run.startMs() + op.atMs());
      } else {
        while (ctx.issuer().inFlight() >= limit) {
          ctx.advanceTo(ctx.runMs() + (ctx.simulated() ? 5 : 2));
        }
      }
      int key = op.kind() == OperationKind.PUT ? nextPut++ : op.key();
      ctx.issuer().issue(op.kind(), key, origins);
      issued[0]++;
    }
    ctx.awaitOperations(ctx.operationWaitMs());
    ctx.linkOracle(null);
  }

  /** The links and live holders now. */
  static LinkOracle oracle(RunContext ctx) {
    Map<PeerRef, List<PeerRef>> links = new LinkedHashMap<>();
    for (PeerHandle<ChordPeer> h : ctx.roster().handles()) {
      try {
        links.put(h.ref(), ctx.network().inspect(h, p -> p.links().distinct()));
      } catch (RuntimeException gone) {
        // departed since the roster was read: not a vertex
      }
    }
    if (ctx.jvms() != null) {
      // the children's active peers, their links read from their snapshots as Links.distinct() gives them
      for (PeerSnapshot s : ctx.jvms().remoteSnapshots()) {
        if (s.state() == PeerState.ACTIVE) {
          List<PeerRef> fingers = s.fingers().stream().filter(java.util.Objects::nonNull).distinct().toList();
          links.put(s.self(), new Links(s.self(), s.predecessor(), s.successors(), fingers, 0).distinct());
        }
      }
    }
    return new LinkOracle(links, ctx.holdings().snapshot());
  }
}
