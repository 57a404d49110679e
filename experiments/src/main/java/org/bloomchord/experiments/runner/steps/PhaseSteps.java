package org.bloomchord.experiments.runner.steps;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.scenario.Scenario;

/**
 * The step that runs each kind of phase.
 */
public final class PhaseSteps {

  private final Map<Class<? extends Phase>, PhaseStep<? extends Phase>> steps = new LinkedHashMap<>();

  private <P extends Phase> PhaseSteps register(Class<P> kind, PhaseStep<P> step) {
    steps.put(kind, step);
    return this;
  }

  /** The steps of a run. */
  public static PhaseSteps chord() {
    return new PhaseSteps()
        .register(Phase.Join.class, new JoinStep())
        .register(Phase.Leave.class, DepartureStep.leave())
        .register(Phase.Fail.class, DepartureStep.fail())
        .register(Phase.Churn.class, new ChurnStep())
        .register(Phase.Workload.class, new WorkloadStep())
        .register(Phase.Wait.class, new WaitStep())
        .register(Phase.Maintenance.class, new MaintenanceStep())
        .register(Phase.Measure.class, new MeasureStep())
        .register(Phase.Publish.class, new PublishStep())
        .register(Phase.Reconcile.class, new ReconcileStep())
        .register(Phase.Partition.class, new PartitionStep());
  }

  /** Checks every phase of {@code scenario} before anything runs. */
  public void check(Scenario scenario) {
    for (int i = 0; i < scenario.phases().size(); i++) {
      Phase p = scenario.phases().get(i);
      step(p).check(p, scenario.source() + ": phases[" + i + "]." + p.kind());
    }
  }

  /** Runs one phase. */
  public void run(Phase phase, PhaseStep.PhaseRun run) {
    step(phase).run(phase, run);
  }

  @SuppressWarnings("unchecked")
  private <P extends Phase> PhaseStep<P> step(P phase) {
    PhaseStep<? extends Phase> s = steps.get(phase.getClass());
    if (s == null) {
      throw new IllegalStateException("no step for " + phase.kind() + " phases");
    }
    return (PhaseStep<P>) s;
  }
}
