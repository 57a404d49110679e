package org.bloomchord.experiments.ring;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.experiments.metrics.LookupOutcome;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;

/**
 * Runs the lookups of random keys from random active peers, concurrently in batches through
 * {@code Network.callAll}, judges each against the oracle and measures lookups and hops per wall
 * second; with {@code benchPings}, a round of pings between the same peers just before and just
 * after the lookups gives the runtime's raw round-trip rate (the mean of the two).
 */
final class RingLookupStep implements RunStep {

  private final RingRun run;

  RingLookupStep(RingRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    ChordCluster cluster = ctx.cluster();
    Network<ChordPeer> net = cluster.network();
    int pings = run.settings.benchPings();
    SplittableRandom random = new SplittableRandom(run.settings.seed() ^ 0x5DEECE66DL);
    if (pings > 0) {
      run.pingsPerSecond = PingBaseline.rate(cluster, pings, ctx.progress(), "before the lookups");
      run.mark(net);
    }
    lookups(ctx, random);
    if (pings > 0) {
      run.pingsPerSecond = (run.pingsPerSecond + PingBaseline.rate(cluster, pings, ctx.progress(),
          "after the lookups")) / 2;
      run.mark(net);
    }
    run.mark(net);
    run.phases.end("lookups", net);
  }

  private void lookups(RunContext ctx, SplittableRandom random) {
    int total = run.settings.lookups();
    if (total == 0) {
      return;
    }
    ChordCluster cluster = ctx.cluster();
    Network<ChordPeer> net = cluster.network();
    RingOracle oracle = cluster.oracle();
    List<PeerHandle<ChordPeer>> active = cluster.activePeers();
    long mask = cluster.ring().mask();
    long wait = run.config.lookupTimeoutMs() + 2 * run.config.requestTimeoutMs();
    long hops = 0;
    long t0 = System.nanoTime();
    for (int done = 0; done < total;) {
      int n = Math.min(run.operationBatch(active.size()), total - done);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        origins.add(active.get(random.nextInt(active.size())));
        keys[i] = random.nextLong() & mask;
      }
      AtomicInteger next = new AtomicInteger();
      List<Network.Outcome<LookupResult>> out = net.callAll(origins, p -> p.lookup(keys[next.getAndIncrement()]), wait);
      long at = net.now();
      for (Network.Outcome<LookupResult> o : out) {
        LookupResult r = o.succeeded() ? o.value() : null;
        if (r == null || !r.found()) {
          run.lookups.record(at, LookupOutcome.FAILED, 0, 0, r == null ? 0 : r.timeouts());
          continue;
        }
        boolean correct = r.successor().equals(oracle.successor(r.key()));
        run.lookups.record(at, correct ? LookupOutcome.CORRECT : LookupOutcome.INCORRECT, r.hops(), r.hopsToOwner(),
            r.latencyMs(), r.timeouts());
        hops += r.hops();
      }
      done += n;
      ctx.tick("lookups: %d of %d done", done, total);
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    run.mark(net);
    ctx.note("lookups: %d in %.2f s wall = %.0f lookups/s, %.0f hops/s", total, seconds, total / seconds,
        hops / seconds);
    run.lookupsPerSecond = total / seconds;
    run.hopsPerSecond = hops / seconds;
  }
}
