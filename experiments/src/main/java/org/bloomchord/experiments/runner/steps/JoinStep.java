package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code join: { peers: N, over: T }}: N new hosts join through the cluster's waves (concurrent
 * joins, each wave at most doubling the ring, a stable ring between waves). With {@code over}
 * zero all N go at once; otherwise the joins due in each second of T go as one batch at that
 * second (the first batch into an empty ring takes several waves, so the phase may run past T).
 * Joining many peers at once without waves is avoided on purpose: concurrent joins into a small
 * ring leave it unstable for a long time.
 *
 * <p>With {@code run --jvms} the phase's peers are spread over every JVM, each second's share too.
 *
 * <p>The phase ends when the ring is stable by the oracle (every successor, predecessor and
 * successor list correct), as the Chord paper's experiments start from a stable network, or after
 * {@link #SETTLE_PERIODS} stabilize periods (at least {@link #MIN_SETTLE_MS}) if it never is; the
 * summary's {@code ring.stable} then says so.
 */
final class JoinStep implements PhaseStep<Phase.Join> {

  /** Stabilize periods the phase waits at most for a stable ring after the last join. */
  static final int SETTLE_PERIODS = 120;
  /** The least time the phase waits for a stable ring after the last join. */
  static final long MIN_SETTLE_MS = 30_000;

  @Override
  public void run(Phase.Join phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    // over several JVMs the children's peers count too
    int start = ctx.roster().size();
    ctx.phase(run.label("join " + phase.peers() + " peers"),
        () -> (double) (ctx.roster().size() - start) / phase.peers());
    ctx.membership().expect(phase.peers());
    long overMs = phase.over().toMillis();
    if (overMs == 0) {
      ctx.membership().launch(phase.peers());
      settle(ctx);
      return;
    }
    int launched = 0;
    for (long second = 0; launched < phase.peers(); second++) {
      long due = Math.min(phase.peers(), (long) Math.ceil((double) phase.peers() * (second + 1) * 1000 / overMs));
      ctx.advanceTo(run.startMs() + second * 1000);
      ctx.membership().launch((int) (due - launched));
      launched = (int) due;
    }
    ctx.advanceTo(Math.max(ctx.runMs(), run.startMs() + overMs));
    settle(ctx);
  }

  private static void settle(RunContext ctx) {
    long stabilizeMs = ctx.cluster().config().stabilizeMs();
    long end = ctx.runMs() + Math.max(MIN_SETTLE_MS, SETTLE_PERIODS * stabilizeMs);
    while (ctx.roster().size() > 0 && !ctx.cluster().checkRing().stable() && ctx.runMs() < end) {
      ctx.advanceTo(ctx.runMs() + stabilizeMs);
    }
  }
}
