package org.bloomchord.experiments.locate;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;

/**
 * Publishes the trial's objects, each at distinct random peers, and lets the link filters settle
 * (two unchanged refresh rounds, within a bound).
 */
final class LocatePublishStep implements RunStep {

  private final LocateRun run;

  LocatePublishStep(LocateRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    LocateTrial t = run.trial;
    run.placement = run.cluster.publishRandom("object-", t.objects(), t.holdersPerObject(), run.random);
    run.filtersSettled = run.cluster.awaitSettled(2, 60L * t.location().refreshMs() + 60_000);
  }
}
