package org.bloomchord.experiments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Seeds;
import org.bloomchord.overlay.SimulatorStats;

/**
 * Measures a runtime with N trivial peers: launch time, heap per peer, and the rate of ping
 * request/reply round trips between random peers (every peer pinging one peer at a time); on the
 * simulator also events per second of wall time.
 *
 * <p>Usage: {@code RuntimeBench RUNTIME PEERS [PINGS_PER_PEER] [SEED]} with RUNTIME "sim" or
 * "vertx"; defaults: 20 pings per peer, seed 1.
 */
public final class RuntimeBench {

  private RuntimeBench() {
  }

  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: RuntimeBench sim|vertx PEERS [PINGS_PER_PEER] [SEED]");
      System.exit(2);
    }
    String runtime = args[0];
    int n = Integer.parseInt(args[1]);
    int pings = args.length > 2 ? Integer.parseInt(args[2]) : 20;
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed).withLaunchTimeoutMs(120_000);
    List<PeerRef> refs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String address = "peer-" + i;
      refs.add(new PeerRef(address, Seeds.hash(address)));
    }
    List<PeerRef> everyone = List.copyOf(refs);
    long heapBefore = usedHeap();
    try (Network<BenchPeer> net = Networks.create(runtime, options, BenchPeer.registry())) {
      long t0 = System.nanoTime();
      List<PeerHandle<BenchPeer>> peers = net.launchAll(refs, r -> new BenchPeer(everyone));
      double launchS = (System.nanoTime() - t0) / 1e9;
      long heapAfter = usedHeap();
      long events0 = net.simulator().map(SimulatorStats::eventsFired).orElse(0L);
      long virtual0 = net.now();
      long t1 = System.nanoTime();
      List<Network.Outcome<Integer>> out = net.callAll(peers, p -> p.pingRandomPeers(pings, 5_000), 600_000);
      double pingS = (System.nanoTime() - t1) / 1e9;
      long answered = out.stream().filter(Network.Outcome::succeeded).mapToLong(Network.Outcome::value).sum();
      System.out.printf(Locale.ROOT, "runtime=%s peers=%d pingsPerPeer=%d seed=%d cores=%d maxHeapMB=%d%n",
          runtime, n, pings, seed, Runtime.getRuntime().availableProcessors(),
          Runtime.getRuntime().maxMemory() >> 20);
      System.out.printf(Locale.ROOT, "launch: %.2f s (%.0f peers/s)%n", launchS, n / launchS);
      System.out.printf(Locale.ROOT, "heap per peer: %d bytes (BenchPeer itself: 16)%n", (heapAfter - heapBefore) / n);
      System.out.printf(Locale.ROOT, "pings: %d answered of %d in %.2f s wall = %.0f round trips/s%n",
          answered, (long) n * pings, pingS, answered / pingS);
      if (net.simulator().isPresent()) {
        long events = net.simulator().get().eventsFired() - events0;
        System.out.printf(Locale.ROOT, "sim: %d events in %.2f s wall = %.0f events/s; virtual time %d ms%n",
            events, pingS, events / pingS, net.now() - virtual0);
      }
      System.out.printf(Locale.ROOT, "traffic: %d messages, %d bytes%n", net.traffic().messages(), net.traffic().bytes());
    }
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }
}
