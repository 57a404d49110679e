package org.bloomchord.experiments.cache;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.metrics.TrafficWindow;
import org.bloomchord.experiments.summary.CacheStats;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheOutcome;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.CacheResult;
import org.bloomchord.routing.cache.CacheService;
import org.bloomchord.routing.cache.ObjectName;
import org.bloomchord.routing.cache.ObjectNaming;
import org.bloomchord.routing.cache.cluster.CacheCluster;
import org.bloomchord.routing.cache.cluster.GroupOracle;
import org.bloomchord.routing.location.LocationConfig;

/**
 * One cooperative-cache measurement, the work of {@code bloomchord cache}: a ring of N peers, one
 * group, the requests served one after another (each waits for the one before; a trace's times are
 * kept by letting the runtime run until the next request is due), the first {@code warmup} of them
 * left out of the figures. Chord maintenance is paused once the ring is stable, so every message
 * counted in the measured window was caused by the cache protocol (the attenuated protocol's
 * filter refresh and pointer leases included). Objects are named as the cache settings say: by the
 * {@link UrlCatalogue} URL of their number, or by the number.
 *
 * @param runtime "sim" or "vertx"
 * @param peers N
 * @param requests the workload
 * @param warmup requests served before the figures start
 * @param seed the network's seed
 * @param chord the Chord settings
 * @param cache the cache settings
 * @param location the location settings (attenuated protocol)
 */
public record CacheTrial(String runtime, int peers, List<CacheRequest> requests, int warmup, long seed,
    ChordConfig chord, CacheConfig cache, LocationConfig location) {

  /** Object transfers: counted apart from the protocol's messages. */
  public static final Set<String> TRANSFER_TYPES = Set.of("CacheFetch", "CacheObject");
  /** Summary exchange: the cache's summary updates and the location layer's link-filter exchange. */
  public static final Set<String> SUMMARY_TYPES = Set.of("SummaryUpdate", "SummaryPull", "SummaryRequest",
      "SummaryReply", "SummaryDelta");

  /**
   * What a run measured.
   *
   * @param stats the {@code cache} section
   * @param traffic every message of the measured window by type
   * @param ringStable whether the ring was stable before the requests
   * @param simulatedMs runtime milliseconds of the whole run
   */
  public record Outcome(CacheStats stats, TrafficWindow traffic, boolean ringStable, long simulatedMs) {
  }

  /**
   * The run as the shared summary: the header, the command's {@code cache} section and the
   * {@code setting} it measured, peers and traffic.
   */
  public Summary summary(Outcome o) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("cache", o.stats());
    fields.put("setting", new CacheTable.Setting(cache.capacity(), cache.bitsPerEntry(), cache.hashes(),
        cache.updateThreshold(), cache.deltas(), warmup));
    return Summary.of("cache", runtime, seed).withFields(fields)
        .withPeers(new PeerCounts(peers, peers, peers, 0, 0)).withTraffic(o.traffic().toStats());
  }

  /** Runs the measurement and closes the network. */
  public Outcome run() {
    if (warmup >= requests.size()) {
      throw new IllegalArgumentException("warm-up of " + warmup + " leaves none of " + requests.size() + " requests");
    }
    try (CacheCluster c = CacheCluster.create(runtime, NetworkOptions.defaults().withSeed(seed), chord, cache,
        location)) {
      long started = c.network().now();
      boolean stable = c.launch(peers);
      if (c.members().size() != peers) {
        throw new IllegalStateException(c.members().size() + " of " + peers + " peers joined");
      }
      c.chord().pauseMaintenance(true);
      Counts n = new Counts();
      GroupOracle oracle = new GroupOracle();
      Map<Long, ObjectName> names = new HashMap<>();
      TrafficWindow window = null;
      long t0 = c.network().now();
      for (int i = 0; i < requests.size(); i++) {
        CacheRequest q = requests.get(i);
        long due = t0 + q.timeMs() - c.network().now();
        if (due > 0) {
          c.runFor(due);
        }
        if (i == warmup) {
          window = TrafficWindow.start(c.network());
        }
        PeerHandle<ChordPeer> p = c.members().get(q.peer());
        ObjectName name = names.computeIfAbsent(q.object(), this::name);
        CacheResult r = c.request(p, name, q.bytes());
        if (i >= warmup) {
          n.add(r, q.bytes(), r.outcome() == CacheOutcome.ORIGIN && oracle.heldElsewhere(p.ref(), name.key()) > 0);
          n.nameBytes += name.url() != null ? name.url().length() : WireWriter.varLongSize(name.key());
        }
        oracle.apply(p.ref(), r);
      }
      TrafficWindow traffic = window.end(c.network(), peers, SUMMARY_TYPES);
      double memory = c.members().stream().mapToLong(h -> c.inspect(h, CacheService::locatorMemoryBytes))
          .average().orElse(0);
      return new Outcome(stats(n, traffic, memory), traffic, stable, c.network().now() - started);
    }
  }

  /** Object {@code number} as the group names it: its {@link UrlCatalogue} URL, or the number. */
  private ObjectName name(long number) {
    return cache.naming() == ObjectNaming.URL ? ObjectName.url(UrlCatalogue.url(number)) : ObjectName.number(number);
  }

  private CacheStats stats(Counts n, TrafficWindow traffic, double memory) {
    long messages = 0;
    long bytes = 0;
    long summaryBytes = 0;
    for (Map.Entry<String, long[]> e : traffic.byType().entrySet()) {
      if (!TRANSFER_TYPES.contains(e.getKey())) {
        messages += e.getValue()[0];
        bytes += e.getValue()[1];
      }
      if (SUMMARY_TYPES.contains(e.getKey())) {
        summaryBytes += e.getValue()[1];
      }
    }
    double r = n.requests;
    long misses = n.requests - n.local;
    Double expectedFalse = null;
    Double formula = null;
    int others = peers - 1;
    if (cache.protocol() == CacheProtocol.ICP) {
      formula = 2.0 * others * misses / r;
    } else if (cache.protocol() == CacheProtocol.SUMMARY) {
      long trueMatches = n.matches - n.falsePositives - n.stale;
      expectedFalse = n.expectedFalsePositives;
      double updates = (double) misses / cache.updateEvery();
      formula = (2.0 * (trueMatches + expectedFalse) + updates * others) / r;
    }
    return CacheStats.builder().protocol(cache.protocol().wireName()).peers(peers).requests(n.requests)
        .hitRatio((n.local + n.remote) / r).localHits(n.local).remoteHits(n.remote).falseHits(n.falsePositives)
        .staleHits(n.stale).remoteMisses(n.remoteMisses).messagesPerRequest(messages / r).bytesPerRequest(bytes / r)
        .summaryBytes(summaryBytes).transferBytesPerRequest(n.transferBytes / r).memoryPerPeer(memory)
        .expectedFalseHits(expectedFalse).formulaMessagesPerRequest(formula).names(cache.naming().wireName())
        .meanNameBytes(n.nameBytes / r).build();
  }

  /** The counters of the measured requests. */
  private static final class Counts {
    long requests;
    long local;
    long remote;
    long falsePositives;
    long stale;
    long remoteMisses;
    long matches;
    long transferBytes;
    long nameBytes;
    double expectedFalsePositives;

    void add(CacheResult r, int bytes, boolean remoteMiss) {
      requests++;
      switch (r.outcome()) {
        case LOCAL_HIT -> local++;
        case REMOTE_HIT -> {
          remote++;
          transferBytes += bytes;
        }
        default -> {
        }
      }
      falsePositives += r.falsePositives();
      expectedFalsePositives += r.expectedFalsePositives();
      stale += r.staleHits();
      matches += r.matches();
      if (remoteMiss) {
        remoteMisses++;
      }
    }
  }
}
