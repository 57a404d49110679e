package org.bloomchord.experiments.runner;

import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code join: { peers: N, over: T }}: N new hosts join. With {@code over} zero they join at once
 * through the cluster's waves (concurrent joins, each wave at most doubling the ring, a stable ring
 * between waves). Otherwise the joins are spread evenly over T and launched in one batch per
 * second of runtime time, each batch as such waves.
 */
final class JoinStep implements PhaseStep<Phase.Join> {

  @Override
  public void run(Phase.Join phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    int start = ctx.roster.size();
    ctx.phase(run.label("join " + phase.peers() + " peers"),
        () -> (double) (ctx.roster.size() - start) / phase.peers());
    long overMs = phase.over().toMillis();
    if (overMs == 0) {
      ctx.membership.launch(phase.peers());
      return;
    }
    int launched = 0;
    for (long second = 0; launched < phase.peers(); second++) {
      long due = Math.min(phase.peers(), (long) Math.ceil((double) phase.peers() * (second + 1) * 1000 / overMs));
      ctx.advanceTo(run.startMs() + second * 1000);
      ctx.membership.launch((int) (due - launched));
      launched = (int) due;
    }
    ctx.advanceTo(run.startMs() + overMs);
  }
}
