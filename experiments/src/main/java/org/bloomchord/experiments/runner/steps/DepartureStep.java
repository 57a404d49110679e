package org.bloomchord.experiments.runner.steps;

import java.util.SplittableRandom;
import org.bloomchord.experiments.churn.MassDeparture;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code leave} and {@code fail} phases: a share (or a number) of the hosts on the ring leave
 * gracefully or crash, all at once or spread over the phase's {@code over}. With {@code run --jvms},
 * {@code fail: { jvm: K }} kills child JVM K with SIGKILL instead, and the other forms act on this
 * JVM's peers.
 */
final class DepartureStep<P extends Phase> implements PhaseStep<P> {

  private final boolean crash;

  private DepartureStep(boolean crash) {
    this.crash = crash;
  }

  static DepartureStep<Phase.Leave> leave() {
    return new DepartureStep<>(false);
  }

  static DepartureStep<Phase.Fail> fail() {
    return new DepartureStep<>(true);
  }

  @Override
  public void run(P phase, PhaseRun run) {
    if (phase instanceof Phase.Fail f && f.jvm() > 0) {
      run.ctx().phase(run.label("kill JVM " + f.jvm()), () -> 0.0);
      run.ctx().membership().killJvm(f.jvm());
      return;
    }
    MassDeparture model = phase instanceof Phase.Fail f ? f.departures() : ((Phase.Leave) phase).departures();
    RunContext ctx = run.ctx();
    int before = ctx.roster().size();
    int departing = Math.max(1, model.departing(before));
    ctx.phase(run.label((crash ? "crash " : "leave ") + model.departing(before) + " peers"),
        () -> (double) (before - ctx.roster().size()) / departing);
    SplittableRandom random = new SplittableRandom(run.seed());
    Schedule.play(run, model.events(ctx.roster().population(), random.nextLong()), Schedule.noOperations(),
        model.over().toMillis(), random.split(), random.split());
  }
}
