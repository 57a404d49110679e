package org.bloomchord.routing.cache.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheOutcome;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.CacheResult;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.cache.CacheMessages;
import org.bloomchord.routing.cache.CacheMessages.CacheQuery;
import org.bloomchord.routing.cache.CacheWire;
import org.bloomchord.routing.cache.ObjectName;
import org.bloomchord.routing.cache.ObjectNaming;
import org.bloomchord.routing.location.LocationConfig;
import org.junit.jupiter.api.Test;

/**
 * The cooperative cache against hand-computed traces on a small group; one subclass per runtime
 * runs it unchanged. Each request waits for the previous one and then lets the runtime run
 * {@value #SETTLE_MS} ms, so every summary pushed has arrived before the next request.
 */
abstract class CacheContract {

  static final long SETTLE_MS = 300;

  /** "sim" or "vertx". */
  abstract String runtime();

  static ChordConfig chordConfig() {
    return ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000).withReplicaSyncMs(1000);
  }

  /** One request of a trace: peer index, object, and the outcome worked out by hand. */
  record Step(int peer, long object, CacheOutcome expected) {
  }

  /** Runs {@code trace} on a fresh group of {@code n} peers; returns results and the cache traffic by type. */
  private Run run(CacheConfig config, int n, List<Step> trace) {
    try (CacheCluster c = CacheCluster.create(runtime(), NetworkOptions.defaults().withSeed(5), chordConfig(), config,
        LocationConfig.defaults())) {
      assertTrue(c.launch(n), "ring did not become stable");
      c.chord().pauseMaintenance(true);
      c.runFor(SETTLE_MS);
      Map<String, long[]> before = c.network().traffic().snapshot();
      GroupOracle oracle = new GroupOracle();
      List<CacheResult> results = new ArrayList<>();
      int remoteMisses = 0;
      for (Step s : trace) {
        PeerHandle<ChordPeer> p = c.members().get(s.peer());
        ObjectName name = name(config, s.object());
        CacheResult r = c.request(p, name, 100);
        if (r.outcome() == CacheOutcome.ORIGIN && oracle.heldElsewhere(p.ref(), name.key()) > 0) {
          remoteMisses++;
        }
        oracle.apply(p.ref(), r);
        results.add(r);
        assertEquals(s.expected(), r.outcome(), () -> "request " + s + " gave " + r);
        c.runFor(SETTLE_MS);
      }
      Map<String, long[]> after = c.network().traffic().snapshot();
      return new Run(results, remoteMisses, type -> after.getOrDefault(type, new long[2])[0]
          - before.getOrDefault(type, new long[2])[0], type -> after.getOrDefault(type, new long[2])[1]
          - before.getOrDefault(type, new long[2])[1]);
    }
  }

  /** Object {@code n} named as the group names objects: its number, or {@link #url}(n). */
  private static ObjectName name(CacheConfig config, long n) {
    return config.naming() == ObjectNaming.URL ? ObjectName.url(url(n)) : ObjectName.number(n);
  }

  private static String url(long n) {
    return "http://www.example.org/objects/" + n + ".html";
  }

  private record Run(List<CacheResult> results, int remoteMisses, java.util.function.ToLongFunction<String> sent,
      java.util.function.ToLongFunction<String> bytes) {
    int sum(java.util.function.ToIntFunction<CacheResult> f) {
      return results.stream().mapToInt(f).sum();
    }
  }

  /**
   * Peers A, B, C, each caching 2 objects:
   * A:1 miss, B:1 from A, C:2 miss, A:1 local, A:2 from C, A:3 miss (evicts 1), B:1 local.
   */
  private static List<Step> threePeerTrace() {
    return List.of(new Step(0, 1, CacheOutcome.ORIGIN), new Step(1, 1, CacheOutcome.REMOTE_HIT),
        new Step(2, 2, CacheOutcome.ORIGIN), new Step(0, 1, CacheOutcome.LOCAL_HIT),
        new Step(0, 2, CacheOutcome.REMOTE_HIT), new Step(0, 3, CacheOutcome.ORIGIN),
        new Step(1, 1, CacheOutcome.LOCAL_HIT));
  }

  @Test
  void icpAsksEveryOtherMemberOnEachLocalMiss() {
    Run r = run(CacheConfig.defaults(CacheProtocol.ICP).withCapacity(2), 3, threePeerTrace());
    // 5 local misses x 2 other members; a fetch from A (request 2) and one from C (request 5)
    assertEquals(10, r.sent().applyAsLong("CacheQuery"));
    assertEquals(10, r.sent().applyAsLong("CacheAnswer"));
    assertEquals(2, r.sent().applyAsLong("CacheFetch"));
    assertEquals(2, r.sent().applyAsLong("CacheObject"));
    assertEquals(0, r.sent().applyAsLong("SummaryUpdate"));
    assertEquals(0, r.sum(CacheResult::falsePositives) + r.sum(CacheResult::staleHits));
    assertEquals(0, r.remoteMisses());
  }

  @Test
  void icpQueriesCarryTheUrlWhenObjectsAreNamedByUrl() {
    CacheConfig config = CacheConfig.defaults(CacheProtocol.ICP).withCapacity(2).withNaming(ObjectNaming.URL);
    Run r = run(config, 3, threePeerTrace());
    assertEquals(10, r.sent().applyAsLong("CacheQuery"));
    assertEquals(0, r.sum(CacheResult::falsePositives) + r.sum(CacheResult::staleHits));
    // local misses of objects 1, 1, 2, 2, 3, each a query to 2 members, each the tag, a length and the URL
    WireRegistry wire = CacheWire.register(new WireRegistry(), config, chordConfig());
    long expected = 0;
    for (long o : new long[] {1, 1, 2, 2, 3}) {
      expected += 2L * wire.encode(new CacheQuery(ObjectName.url(url(o)))).length;
    }
    assertEquals(expected, r.bytes().applyAsLong("CacheQuery"));
    // the number setting's frame (tag and a one-byte varlong) with the varlong replaced by a one-byte length and the URL
    int numberFrame = CacheWire.register(new WireRegistry(), config.withNaming(ObjectNaming.NUMBER), chordConfig())
        .encode(new CacheQuery(ObjectName.number(1))).length;
    assertEquals(10L * (numberFrame + url(1).length()), expected);
    // the answers name nothing: their bytes are those of the number setting
    assertEquals(10L * wire.encode(new CacheMessages.CacheAnswer(CacheMessages.Verdict.MISS)).length,
        r.bytes().applyAsLong("CacheAnswer"));
  }

  @Test
  void summaryAsksOnlyTheMembersWhoseSummaryMatches() {
    // 64 bits per entry: 128-bit summaries of at most 2 objects, false-positive rate about 1e-6
    Run r = run(CacheConfig.defaults(CacheProtocol.SUMMARY).withCapacity(2).withSummary(64, 4)
        .withUpdateThreshold(0.5), 3, threePeerTrace());
    // one query each for requests 2 (A's summary {1}) and 5 (C's summary {2}); none for 1, 3 and 6
    assertEquals(2, r.sent().applyAsLong("CacheQuery"));
    assertEquals(2, r.sent().applyAsLong("CacheAnswer"));
    assertEquals(2, r.sent().applyAsLong("CacheFetch"));
    // every insertion (5) is an update to the 2 other members
    assertEquals(10, r.sent().applyAsLong("SummaryUpdate"));
    assertEquals(0, r.sum(CacheResult::falsePositives) + r.sum(CacheResult::staleHits));
    assertEquals(0, r.remoteMisses());
  }

  @Test
  void aSummaryBehindTheThresholdGivesAStaleHitAndARemoteMiss() {
    // capacity 2, an update after every 2 insertions: A sends {1,2}, then evicts 1 for 3 unsent
    List<Step> trace = List.of(new Step(0, 1, CacheOutcome.ORIGIN), new Step(0, 2, CacheOutcome.ORIGIN),
        new Step(0, 3, CacheOutcome.ORIGIN), new Step(1, 1, CacheOutcome.ORIGIN), new Step(1, 3, CacheOutcome.ORIGIN));
    Run r = run(CacheConfig.defaults(CacheProtocol.SUMMARY).withCapacity(2).withSummary(64, 4)
        .withUpdateThreshold(1.0), 2, trace);
    assertEquals(2, r.sent().applyAsLong("SummaryUpdate"),
        "A's update after its second insertion (request 2), B's after its second (request 5)");
    assertEquals(1, r.sent().applyAsLong("CacheQuery"), "B asks A for 1, which A's summary still shows");
    assertEquals(1, r.sum(CacheResult::staleHits));
    assertEquals(0, r.sum(CacheResult::falsePositives));
    assertEquals(1, r.remoteMisses(), "B fetched 3 from the origin while A held it");
  }

  @Test
  void aSummaryFalsePositiveCostsOneQueryAndIsCountedApartFromStaleness() {
    // summaries of m = 2 bits and k = 1 probe: object b sets the same bit as a, c the other one
    org.bloomchord.routing.bloom.BloomShape shape = new org.bloomchord.routing.bloom.BloomShape(2, 1);
    long a = 1;
    long b = a + 1;
    while (shape.probes(b).position(0) != shape.probes(a).position(0)) {
      b++;
    }
    long c = a + 1;
    while (shape.probes(c).position(0) == shape.probes(a).position(0)) {
      c++;
    }
    // A:a miss (A's summary {a}); B:b, A's summary matches b but A never held it; B:c, no match
    List<Step> trace = List.of(new Step(0, a, CacheOutcome.ORIGIN), new Step(1, b, CacheOutcome.ORIGIN),
        new Step(1, c, CacheOutcome.ORIGIN));
    Run r = run(CacheConfig.defaults(CacheProtocol.SUMMARY).withCapacity(2).withSummary(1, 1)
        .withUpdateThreshold(0.5), 2, trace);
    assertEquals(1, r.sum(CacheResult::falsePositives));
    assertEquals(0, r.sum(CacheResult::staleHits));
    assertEquals(1, r.sent().applyAsLong("CacheQuery"));
    assertEquals(3, r.sent().applyAsLong("SummaryUpdate"), "one per insertion to the one other member");
    assertEquals(0, r.sent().applyAsLong("CacheFetch"));
  }

  @Test
  void theDirectoryNamesTheHoldersAtTheObjectsOwner() {
    Run r = run(CacheConfig.defaults(CacheProtocol.DIRECTORY).withCapacity(2), 3, threePeerTrace());
    assertEquals(5, r.sent().applyAsLong("HolderQuery"), "one per local miss");
    // 5 insertions and 1 eviction, each a HolderUpdate to the object's owner
    assertEquals(6, r.sent().applyAsLong("HolderUpdate"));
    assertEquals(2, r.sent().applyAsLong("CacheFetch"));
    assertEquals(0, r.remoteMisses());
  }
}
