package org.bloomchord.experiments.runner.steps;

import java.util.Collections;
import java.util.Iterator;
import java.util.SplittableRandom;
import org.bloomchord.experiments.churn.ChurnEvent;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.ops.Membership;
import org.bloomchord.experiments.workload.Operation;

/**
 * Plays a phase's two timed streams against the runtime's clock: churn events and operations,
 * merged in time order (a churn event first when both fall on the same millisecond). Operations
 * are issued without waiting; churn events go to {@link Membership}, which on Vert.x runs them on
 * its own threads, so a slow join does not delay the operations behind it. Whatever falls due while the driver
 * was busy is applied as soon as it is free.
 */
final class Schedule {

  private Schedule() {
  }

  /**
   * Plays both streams, then lets time run to the phase's end and waits for the membership changes.
   *
   * @param run the phase
   * @param churn churn events, times relative to the phase start
   * @param operations operations, times relative to the phase start
   * @param durationMs the phase's length
   * @param churnRandom bootstraps of joiners
   * @param opRandom origins of operations (used on the driver thread only)
   */
  static void play(PhaseStep.PhaseRun run, Iterator<ChurnEvent> churn, Iterator<Operation> operations,
      long durationMs, SplittableRandom churnRandom, SplittableRandom opRandom) {
    RunContext ctx = run.ctx();
    ChurnEvent event = churn.hasNext() ? churn.next() : null;
    Operation op = operations.hasNext() ? operations.next() : null;
    while (event != null || op != null) {
      if (op == null || (event != null && event.atMs() <= op.atMs())) {
        ChurnEvent e = event;
        ctx.advanceTo(run.startMs() + e.atMs());
        ctx.membership().apply(e, churnRandom);
        event = churn.hasNext() ? churn.next() : null;
      } else {
        ctx.advanceTo(run.startMs() + op.atMs());
        ctx.issuer().issue(op.kind(), op.key(), opRandom);
        op = operations.hasNext() ? operations.next() : null;
      }
    }
    ctx.advanceTo(run.startMs() + durationMs);
    ctx.membership().drain();
    long joinWait = ctx.runMs() + ctx.cluster().config().joinWaitMs();
    while (ctx.membership().joinsRunning() > 0 && ctx.runMs() < joinWait) {
      ctx.advanceTo(ctx.runMs() + 50);
    }
    ctx.membership().drain();
    if (ctx.jvms() != null) {
      ctx.note("membership by JVM (joins/leaves/crashes so far): %s", ctx.membership().byJvm());
    }
  }

  /** No operations. */
  static Iterator<Operation> noOperations() {
    return Collections.emptyIterator();
  }
}
