package org.bloomchord.experiments.ring;

import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.overlay.Network;

/**
 * With a fail fraction, crashes that share of the peers at once and waits for the repair: the
 * ring's stabilization time is then counted from the crash.
 */
final class RingCrashStep implements RunStep {

  private final RingRun run;

  RingCrashStep(RingRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    if (run.settings.failFraction() <= 0) {
      return;
    }
    Network<ChordPeer> net = ctx.network();
    run.mark(net);
    long crashMs = net.now();
    run.crashes = ctx.cluster().crashFraction(run.settings.failFraction()).size();
    run.hostsAlive -= run.crashes;
    ctx.note("crashed %d of %d peers at once", run.crashes, run.settings.peers());
    run.stabilizeSeconds = run.awaitStable(ctx, "repair", crashMs);
    run.phases.end("crash and repair", net);
  }
}
