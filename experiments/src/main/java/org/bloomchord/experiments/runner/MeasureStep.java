package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.workload.Operation;
import org.bloomchord.experiments.workload.OperationKind;

/**
 * {@code measure: { lookups: L, gets: G, puts: P, keys, pace }}: a fixed number of operations,
 * counted from the phase's start. With a pace they are issued evenly at that rate; without one,
 * as fast as a bounded number in flight allows ({@value #SIM_IN_FLIGHT} in the simulator,
 * {@value #VERTX_IN_FLIGHT} on Vert.x). Puts write distinct keys {@code key-0 .. key-(P-1)}, so
 * {@code puts: P} stores P keys; lookups and gets draw keys from the key population. The phase
 * ends when every operation completed (or timed out).
 */
final class MeasureStep implements PhaseStep<Phase.Measure> {

  static final int SIM_IN_FLIGHT = 1000;
  static final int VERTX_IN_FLIGHT = 200;

  @Override
  public void check(Phase.Measure phase, String where) {
    List<OperationKind> kinds = new ArrayList<>();
    phase.counts().forEach((k, n) -> {
      if (n > 0) {
        kinds.add(k);
      }
    });
    PhaseSteps.requireChordOperations(kinds, where);
  }

  @Override
  public void run(Phase.Measure phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    ctx.measureFrom(run.startMs());
    int total = phase.counts().values().stream().mapToInt(Integer::intValue).sum();
    int[] issued = {0};
    ctx.phase(run.label("measure " + total + " operations"), () -> (double) issued[0] / total);
    SplittableRandom random = new SplittableRandom(run.seed());
    Iterator<Operation> ops = phase.workload().operations(random.nextLong());
    SplittableRandom origins = random.split();
    int limit = ctx.simulated ? SIM_IN_FLIGHT : VERTX_IN_FLIGHT;
    int nextPut = 0;
    while (ops.hasNext()) {
      Operation op = ops.next();
      if (phase.pace() != null) {
        ctx.advanceTo(run.startMs() + op.atMs());
      } else {
        while (ctx.issuer.inFlight() >= limit) {
          ctx.advanceTo(ctx.runMs() + (ctx.simulated ? 5 : 2));
        }
      }
      int key = op.kind() == OperationKind.PUT ? nextPut++ : op.key();
      ctx.issuer.issue(op.kind(), key, origins);
      issued[0]++;
    }
    long c = ctx.cluster.config().operationAttempts();
    ctx.awaitOperations(c * (ctx.cluster.config().lookupTimeoutMs() + 3 * ctx.cluster.config().requestTimeoutMs()));
  }
}
