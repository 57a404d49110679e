package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code wait: { for: T }}: lets maintenance run for T. While the ring is not yet stable it checks
 * the peers' tables against the oracle about once a stabilize period (at least once a second), and
 * remembers when the ring became stable: the {@code ring.stabilizeSeconds} of the summary.
 */
final class WaitStep implements PhaseStep<Phase.Wait> {

  @Override
  public void run(Phase.Wait phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    long durationMs = phase.duration().toMillis();
    ctx.phase(run.label("wait " + DurationText.format(phase.duration())), () -> run.elapsed(durationMs));
    long every = Math.max(1000, ctx.cluster().config().stabilizeMs());
    long end = run.startMs() + durationMs;
    while (ctx.runMs() < end) {
      if (ctx.stableAtMs() == null && ctx.roster().size() > 0 && ctx.cluster().checkRing().stable()) {
        ctx.stableAt(ctx.runMs());
      }
      ctx.advanceTo(Math.min(end, ctx.stableAtMs() == null ? ctx.runMs() + every : end));
    }
  }
}
