package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code wait: { for: T }}: lets maintenance run for T. While the ring is not yet stable it checks
 * the peers' tables against the oracle about once a stabilize period (at least once a second), and
 * remembers when the ring became stable: the {@code ring.stabilizeSeconds} of the summary. Its
 * last progress line says how long after the last change the ring became stable, or which tables
 * are still wrong.
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
    if (ctx.roster().size() > 0) {
      Long stableAt = ctx.stableAtMs();
      if (stableAt != null) {
        ctx.note("wait: ring stable %.1f s after its last change", (stableAt - ctx.lastChangeMs()) / 1000.0);
      } else {
        ctx.note("wait: ring not stable yet, %s", RingCheckText.errors(ctx.cluster().checkRing()));
      }
    }
  }
}
