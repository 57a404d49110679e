package org.bloomchord.experiments.runner.steps;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.DurationText;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.workload.OperationKind;

/**
 * {@code workload: { for: T, lookups: 200/s, gets: ..., puts: ..., keys, warmup }}: operations
 * arrive as a Poisson process at the given rates for T and are issued without waiting for each
 * other; measurements count from the warm-up's end.
 */
public final class WorkloadStep implements PhaseStep<Phase.Workload> {

  /** The kinds with a positive rate. */
  public static List<OperationKind> kinds(Phase.Operations operations) {
    List<OperationKind> out = new ArrayList<>();
    operations.mix().rates().forEach((k, r) -> {
      if (r.perSecond() > 0) {
        out.add(k);
      }
    });
    return out;
  }

  @Override
  public void run(Phase.Workload phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    long durationMs = phase.duration().toMillis();
    ctx.phase(run.label("workload " + phase.operations().mix().total() + " for "
        + DurationText.format(phase.duration())), () -> run.elapsed(durationMs));
    ctx.measureFrom(run.startMs() + phase.warmup().toMillis());
    SplittableRandom random = new SplittableRandom(run.seed());
    Schedule.play(run, Collections.emptyIterator(), phase.workload().operations(random.nextLong()), durationMs,
        random.split(), random.split());
  }
}
