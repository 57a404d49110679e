package org.bloomchord.experiments.runner.steps;

import java.util.SplittableRandom;
import org.bloomchord.experiments.reconcile.ReconcileTrial;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.summary.ReconcileStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.ReconcilePeer;
import org.bloomchord.routing.reconcile.ReconcileWire;

/**
 * {@code reconcile: { method, size, diff, pairs }}: {@code pairs} pairs of peers, each pair with
 * sets of {@code size} 8-byte elements (a replica's (key, version) digests) that differ in
 * {@code diff}, reconcile both ways with the method ({@code rateless} is the rateless IBLT), and
 * the oracle (the sets each peer started with) counts what a peer still lacks. The pairs run one
 * after the other on a network of their own, of the scenario's runtime and seeded by the phase, so
 * the ring's traffic and the reconciliation's bytes stay apart; the bytes are the encoded frames
 * of every request and reply. The summary's {@code reconcile} section holds the totals over the
 * pairs ({@link ReconcileStats}); a later reconcile phase replaces it.
 */
final class ReconcileStep implements PhaseStep<Phase.Reconcile> {

  @Override
  public void run(Phase.Reconcile phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    int[] done = {0};
    ctx.phase(run.label("reconcile " + phase.pairs() + " pairs"), () -> (double) done[0] / phase.pairs());
    ReconcileMethod method = switch (phase.method()) {
      case BLOOM -> ReconcileMethod.BLOOM;
      case IBLT -> ReconcileMethod.IBLT;
      case RATELESS -> ReconcileMethod.RIBLT;
    };
    SplittableRandom random = new SplittableRandom(run.seed());
    long size = 0;
    long diff = 0;
    long bytes = 0;
    long rounds = 0;
    long missed = 0;
    boolean exact = true;
    NetworkOptions options = NetworkOptions.defaults().withSeed(random.nextLong());
    try (Network<ReconcilePeer> net = Networks.create(ctx.simulated() ? RuntimeKind.SIM : RuntimeKind.VERTX, options,
        ReconcileWire.registry())) {
      for (int i = 0; i < phase.pairs(); i++) {
        ReconcileTrial t = ReconcileTrial.run(net, method, phase.size(), phase.diff(), ElementShape.KEY64,
            random.nextLong(), "-" + i);
        size += t.size();
        diff += t.diff();
        bytes += t.result().bytes();
        rounds += t.result().rounds();
        missed += t.missed();
        exact &= t.exact();
        done[0]++;
      }
    }
    ctx.reconcile(ReconcileStats.of(phase.method().name().toLowerCase(java.util.Locale.ROOT), size, diff, bytes,
        rounds, exact, missed));
  }
}
