package org.bloomchord.experiments.ring;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;

/**
 * Stores {@code keys} random keys from random active peers, concurrently in batches through
 * {@code Network.callAll}; every acknowledged key is expected by the cluster's key report.
 */
final class RingKeysStep implements RunStep {

  private final RingRun run;

  RingKeysStep(RingRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    int total = run.settings.keys();
    if (total == 0) {
      return;
    }
    ChordCluster cluster = ctx.cluster();
    Network<ChordPeer> net = cluster.network();
    ChordConfig config = run.config;
    SplittableRandom random = new SplittableRandom(run.settings.seed() ^ 0x9E3779B97F4A7C15L);
    List<PeerHandle<ChordPeer>> active = cluster.activePeers();
    int stored = 0;
    int failed = 0;
    long wait = config.operationAttempts() * (config.lookupTimeoutMs() + 2 * config.requestTimeoutMs()
        + config.stabilizeMs()) + config.requestTimeoutMs();
    for (int done = 0; done < total;) {
      int n = Math.min(run.operationBatch(active.size()), total - done);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      String[] keys = new String[n];
      for (int i = 0; i < n; i++) {
        origins.add(active.get(random.nextInt(active.size())));
        keys[i] = "key-" + Long.toHexString(random.nextLong());
      }
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<WriteResult> o : net.callAll(origins, p -> {
        String key = keys[next.getAndIncrement()];
        return p.put(key, "value of " + key);
      }, wait)) {
        if (o.succeeded() && o.value().stored()) {
          cluster.expectKey(o.value().key());
          stored++;
        } else if (failed++ == 0) {
          ctx.note("keys: first failed put: %s", o.succeeded() ? o.value().outcome() : o.failure());
        }
      }
      done += n;
      ctx.tick("keys: %d stored, %d failed of %d", stored, failed, total);
    }
    run.mark(net);
    run.phases.end("keys", net);
    ctx.note("keys: %d stored, %d failed of %d", stored, failed, total);
  }
}
