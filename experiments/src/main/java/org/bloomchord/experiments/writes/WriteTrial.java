package org.bloomchord.experiments.writes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.repair.RepairCluster;
import org.bloomchord.routing.repair.RepairConfig;
import org.bloomchord.routing.repair.RepairMode;

/**
 * The acknowledged-write checker on the simulator: a ring of Chord peers under crash churn and
 * message loss serves puts, deletes and gets one after the other, from random peers on random keys
 * of a small population (so reads meet earlier writes), and every read is judged against the
 * {@link WriteLog}. Churn: every {@code crashEveryMs} of simulated time one random peer crashes and
 * a new one joins; the period is longer than the replica sync, so fewer than r consecutive replicas
 * fail between repairs, which is what the store promises to survive.
 *
 * @param peers ring size, kept by the churn (one join per crash)
 * @param operations puts, deletes and gets issued (40%, 10%, 50%)
 * @param keys key population
 * @param loss probability that the simulator drops a message
 * @param crashEveryMs simulated time between crashes
 * @param seed root of every random choice
 * @param repair how replicas are repaired: reconciliation of (key, version) digests both ways (the
 *     default), or Chord's push of the primary range
 * @param readQuorum replicas every get waits for, 1..3 (the ring keeps 3 copies; 1, the default,
 *     reads the primary first)
 */
public record WriteTrial(int peers, long operations, int keys, double loss, long crashEveryMs, long seed,
    RepairMode repair, int readQuorum) {

  /** Largest ring. */
  public static final int MAX_PEERS = 10_000;
  /** Most operations. */
  public static final long MAX_OPERATIONS = 10_000_000;

  public WriteTrial {
    check(peers >= 4 && peers <= MAX_PEERS, "--peers must be in 4.." + MAX_PEERS + ", got " + peers);
    check(operations >= 1 && operations <= MAX_OPERATIONS,
        "--operations must be in 1.." + MAX_OPERATIONS + ", got " + operations);
    check(keys >= 1 && keys <= 10_000_000, "--keys must be in 1..10000000, got " + keys);
    check(loss >= 0 && loss <= 0.5, "--loss must be in [0, 0.5], got " + loss);
    check(crashEveryMs >= 1_000 && crashEveryMs <= 86_400_000L,
        "--crash-every-ms must be in 1000..86400000, got " + crashEveryMs);
    check(repair != null, "--repair must be push or reconcile");
    check(readQuorum >= 1 && readQuorum <= ChordConfig.defaults().replicas(),
        "--read-quorum must be in 1.." + ChordConfig.defaults().replicas() + ", got " + readQuorum);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * Runs the trial and returns its summary: header, the fields {@code repair} and
   * {@code readQuorum}, then the sections peers, writes and resources.
   */
  public Summary run() {
    long wallStart = System.nanoTime();
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed).withSim(s -> s.withLossProbability(loss));
    ChordConfig config = ChordConfig.defaults().withQuorums(0, readQuorum);
    WriteLog log = new WriteLog();
    SplittableRandom random = new SplittableRandom(seed);
    long crashes = 0;
    long joins = peers;
    long launched = peers;
    try (ChordCluster c = RepairCluster.create(Networks.SIM, options, config, repair, RepairConfig.defaults())) {
      c.launch(peers);
      c.awaitStable(600_000);
      Network<ChordPeer> net = c.network();
      long start = net.now();
      long nextCrash = start + crashEveryMs;
      for (long i = 0; i < operations; i++) {
        if (net.now() >= nextCrash) {
          nextCrash = net.now() + crashEveryMs;
          List<PeerHandle<ChordPeer>> alive = c.activePeers();
          c.crash(alive.get(random.nextInt(alive.size())));
          crashes++;
          launched += c.launch(1).size();
          joins++;
        }
        String key = "key-" + random.nextInt(keys);
        double op = random.nextDouble();
        PeerHandle<ChordPeer> from = c.randomPeer();
        if (op < 0.5) {
          boolean delete = op >= 0.4;
          log.written(key, delete, write(c, from, key, delete ? null : "v" + i));
        } else {
          log.read(key, read(c, from, key));
        }
      }
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("repair", repair.name().toLowerCase(java.util.Locale.ROOT));
      settings.put("readQuorum", readQuorum);
      return Summary.of("writes", Networks.SIM, seed)
          .withFields(settings)
          .withPeers(PeerCounts.withoutFailedCount(launched, net.alive().size(), joins, 0, crashes))
          .withWrites(log.stats())
          .withResources(new ResourceStats((System.nanoTime() - wallStart) / 1e9, (net.now() - start) / 1e3, null,
              null));
    }
  }

  private static WriteResult write(ChordCluster c, PeerHandle<ChordPeer> from, String key, String value) {
    try {
      return value == null ? c.delete(from, key) : c.put(from, key, value);
    } catch (RuntimeException e) {
      // no answer within the wait: not acknowledged
      return null;
    }
  }

  private static ReadResult read(ChordCluster c, PeerHandle<ChordPeer> from, String key) {
    try {
      return c.get(from, key);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
