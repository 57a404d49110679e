package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;

/**
 * {@code maintenance: paused | running}: stops or restarts the periodic ring maintenance of every
 * peer on the ring at once (in every JVM of a ring over several); takes no runtime time.
 */
final class MaintenanceStep implements PhaseStep<Phase.Maintenance> {

  @Override
  public void run(Phase.Maintenance phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    ctx.phase(run.label("maintenance " + (phase.paused() ? "paused" : "running")), () -> 1.0);
    ctx.cluster().pauseMaintenance(phase.paused());
    if (ctx.jvms() != null) {
      ctx.jvms().pauseMaintenance(phase.paused());
    }
  }
}
