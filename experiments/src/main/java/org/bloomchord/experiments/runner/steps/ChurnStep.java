package org.bloomchord.experiments.runner.steps;

import java.util.Iterator;
import java.util.SplittableRandom;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.workload.Operation;

/**
 * {@code churn: { for: T, session | rate | trace, crashes, warmup }} with an optional
 * {@code workload} beside it: the churn model's joins, leaves and crashes are applied at their
 * times while the workload's operations are issued at theirs. Measurements count from the warm-up's
 * end.
 */
final class ChurnStep implements PhaseStep<Phase.Churn> {

  @Override
  public void run(Phase.Churn phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    long durationMs = phase.duration().toMillis();
    ctx.phase(run.label("churn " + org.bloomchord.experiments.scenario.DurationText.format(phase.duration())),
        () -> run.elapsed(durationMs));
    ctx.measureFrom(run.startMs() + phase.warmup().toMillis());
    SplittableRandom random = new SplittableRandom(run.seed());
    long churnSeed = random.nextLong();
    long opSeed = random.nextLong();
    Iterator<Operation> ops = phase.workload() == null ? Schedule.noOperations()
        : phase.workload().over(phase.duration()).operations(opSeed);
    Schedule.play(run, phase.model().events(ctx.roster().population(), churnSeed), ops, durationMs,
        random.split(), random.split());
  }
}
