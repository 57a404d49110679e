package org.bloomchord.experiments.ring;

import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.overlay.Network;

/**
 * The ring's first step: launches the peers in waves of joins that grow the ring at most
 * waveGrowth-fold (doubling by default; a stable ring between waves), as a stream of joins with no
 * wait ({@code --launch stream}), or all at once in their places ({@code --launch placed}); waits
 * until the ring is stable by the oracle, then lets fix-fingers run, at most 2·m rounds and at most
 * --max-wait, until every finger is correct; records the heap with the peers.
 */
final class RingLaunchStep implements RunStep {

  /** The phase of the joins (the launch's waves, with the waits for a stable ring between them). */
  static final String JOINS = "joins";
  /** The phase from the last join to a stable ring by the oracle. */
  static final String STABILIZATION = "stabilization";
  /** The phase from a stable ring to every finger correct. */
  static final String FINGER_REPAIR = "finger repair";

  /** How often the stream launch looks at its joins in flight, in runtime ms. */
  private static final long STREAM_TICK_MS = 100;

  private final RingRun run;

  RingLaunchStep(RingRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    Network<ChordPeer> net = ctx.cluster().network();
    launch(ctx);
    run.phases.end(JOINS, net);
    run.stabilizeSeconds = run.awaitStable(ctx, "launch", run.startMs);
    run.phases.end(STABILIZATION, net);
    awaitFingers(ctx);
    run.phases.end(FINGER_REPAIR, net);
    run.heapWithPeers = RingRun.usedHeap();
    run.phases.end("heap reading", net);
  }

  private void launch(RunContext ctx) {
    ChordCluster cluster = ctx.cluster();
    int peers = run.settings.peers();
    if (run.settings.placed()) {
      run.mark(cluster.network());
      cluster.launchPlaced(peers);
      run.hostsAlive += peers;
      ctx.note("launched %d of %d peers, each in its place on the ring", peers, peers);
      return;
    }
    if (run.settings.streamed()) {
      run.mark(cluster.network());
      int failedBefore = cluster.failedJoins();
      cluster.launchStreamed(peers, run.settings.joinWindow(), STREAM_TICK_MS,
          (joined, inFlight) -> ctx.tick("launch: %d of %d peers joined, %d joins in flight, %.2f M messages",
              joined, peers, inFlight, cluster.network().traffic().messages() / 1e6));
      int failed = cluster.failedJoins() - failedBefore;
      run.hostsAlive += peers - failed;
      ctx.note("launched %d of %d peers as a stream of joins%s", peers, peers,
          failed == 0 ? "" : " (" + failed + " joins failed; those peers were stopped)");
      return;
    }
    int launched = 0;
    while (launched < peers) {
      int active = launched == 0 ? 0 : cluster.activePeers().size();
      int wave = (int) Math.min(peers - launched, Math.max(1L, (long) active * (run.settings.waveGrowth() - 1)));
      run.mark(cluster.network());
      int failedBefore = cluster.failedJoins();
      cluster.launchWave(wave);
      launched += wave;
      int failed = cluster.failedJoins() - failedBefore;
      run.hostsAlive += wave - failed;
      ctx.note("launched %d of %d peers at %.1f s%s", launched, peers, cluster.network().now() / 1000.0,
          failed == 0 ? "" : " (" + failed + " joins failed; those peers were stopped)");
      if (launched < peers) {
        cluster.awaitStable(200 * run.config.stabilizeMs());
      }
    }
  }

  private void awaitFingers(RunContext ctx) {
    ChordCluster cluster = ctx.cluster();
    Network<ChordPeer> net = cluster.network();
    long since = net.now();
    RingCheck[] last = new RingCheck[1];
    boolean converged = net.awaitUntil(() -> {
      last[0] = cluster.check();
      ctx.tick("fingers: %d of %d wrong", last[0].fingerErrors(), last[0].fingersChecked());
      return last[0].converged();
    }, Math.min(2L * run.config.idBits() * run.config.fixFingersMs(), run.settings.maxWaitSeconds() * 1000),
        Math.max(run.config.fixFingersMs(), cluster.checkPeriodMs()));
    run.mark(net);
    ctx.note("fingers: %s after %.1f s more (%d of %d wrong)", converged ? "all correct" : "not all correct",
        (net.now() - since) / 1000.0, last[0].fingerErrors(), last[0].fingersChecked());
  }
}
