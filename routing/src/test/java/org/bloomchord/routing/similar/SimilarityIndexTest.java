package org.bloomchord.routing.similar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Near-duplicate search on a ring against brute force: the candidates a query gathers from the DHT
 * are exactly the documents that share an LSH band key with it (computed locally from the same
 * signatures), the matches exactly those whose estimated Jaccard reaches the threshold, and the
 * estimates stay within 4 standard errors of the exact Jaccard of the shingle sets.
 */
class SimilarityIndexTest {

  private static final SimilarityOptions OPTIONS = new SimilarityOptions(3, 16, 4, 99);
  private static final double THRESHOLD = 0.5;

  @ParameterizedTest
  @ValueSource(strings = {"sim", "vertx"})
  void queriesOnTheRingMatchBruteForce(String runtime) {
    List<long[]> docs = corpus(60, 7);
    SimilarityIndex local = new SimilarityIndex(new MapStore(), OPTIONS);
    List<MinHashSketch> sketches = new ArrayList<>();
    for (long[] d : docs) {
      sketches.add(local.sign(d));
    }
    try (ChordCluster cluster = ChordCluster.create(runtime, NetworkOptions.defaults().withSeed(3), ChordConfig.defaults())) {
      List<PeerHandle<ChordPeer>> ring = cluster.launchPlaced(6);
      for (int d = 0; d < docs.size(); d++) {
        int doc = d;
        SimilarityIndex.Published p = cluster.network().call(ring.get(d % ring.size()),
            peer -> new SimilarityIndex(KeyValueStore.of(peer), OPTIONS).publish("d" + doc, sketches.get(doc)), 60_000);
        assertTrue(p.complete(), "publication of d" + d + ": " + p);
      }
      int related = 0;
      for (int q = 0; q < docs.size(); q++) {
        int doc = q;
        SimilarityIndex.Result r = cluster.network().call(ring.get((q * 5) % ring.size()),
            peer -> new SimilarityIndex(KeyValueStore.of(peer), OPTIONS).queryById("d" + doc, THRESHOLD), 60_000);
        assertEquals(OPTIONS.bands() + 1, r.lookups());
        Set<String> expectedCandidates = new HashSet<>();
        Set<String> expectedMatches = new HashSet<>();
        Set<String> keys = new HashSet<>(local.bandKeys(sketches.get(q)));
        for (int o = 0; o < docs.size(); o++) {
          if (o == q || local.bandKeys(sketches.get(o)).stream().noneMatch(keys::contains)) {
            continue;
          }
          expectedCandidates.add("d" + o);
          double est = sketches.get(q).jaccard(sketches.get(o));
          double exact = Shingles.jaccard(docs.get(q), docs.get(o));
          assertTrue(Math.abs(est - exact) <= 4 * Math.sqrt(0.25 / OPTIONS.hashes()), "estimate " + est + " vs " + exact);
          if (est >= THRESHOLD) {
            expectedMatches.add("d" + o);
          }
        }
        related += expectedCandidates.size();
        assertEquals(expectedCandidates, r.candidates().keySet(), "candidates of d" + q);
        Set<String> got = new HashSet<>();
        r.matches().forEach(m -> got.add(m.id()));
        assertEquals(expectedMatches, got, "matches of d" + q);
      }
      assertTrue(related > 100, "the corpus plants near-duplicates: " + related);
    }
  }

  @Test
  void hostileBucketsAreRefusedAndCounted() {
    MapStore store = new MapStore();
    SimilarityIndex index = new SimilarityIndex(store, OPTIONS);
    MinHashSketch s = index.sign(corpus(1, 1).get(0));
    for (String key : index.bandKeys(s)) {
      store.values.put(key, "not base64 at all!");
    }
    SimilarityIndex.Published p = index.publish("x", s).result();
    assertEquals(OPTIONS.bands(), p.failed());
    assertEquals(OPTIONS.bands(), index.malformed());
    for (String key : index.bandKeys(s)) {
      assertEquals("not base64 at all!", store.values.get(key), "a malformed bucket is never overwritten");
    }
    SimilarityIndex.Result r = index.query(s, 0.5, null).result();
    assertEquals(OPTIONS.bands(), r.failedReads());
    // a count beyond the bound, and a truncated sketch
    assertThrows(MalformedMessageException.class, () -> SignatureBucket.decode("AX8"));
    String good = SignatureBucket.empty().with("a", s).encode();
    assertThrows(MalformedMessageException.class, () -> SignatureBucket.decode(good.substring(0, good.length() - 8)));
    assertEquals("a", SignatureBucket.decode(good).entries().get(0).id());
  }

  @Test
  void failedWritesAreRetriedAndTheRestReported() {
    // every first put of a key fails: each band and the id entry need exactly one retry
    FlakyStore once = new FlakyStore(1);
    SimilarityIndex index = new SimilarityIndex(once, OPTIONS);
    MinHashSketch s = index.sign(corpus(1, 2).get(0));
    SimilarityIndex.Published p = index.publish("x", s).result();
    assertTrue(p.complete(), p.toString());
    assertEquals(OPTIONS.bands(), p.stored());
    assertEquals(OPTIONS.bands() + 1, p.retries());
    for (String key : index.bandKeys(s)) {
      assertEquals(List.of("x"), SignatureBucket.decode(once.values.get(key)).entries().stream()
          .map(SignatureBucket.Entry::id).toList());
    }
    // puts that never succeed: the publication says so, band by band, after the last attempt
    FlakyStore never = new FlakyStore(Integer.MAX_VALUE);
    SimilarityIndex.Published q = new SimilarityIndex(never, OPTIONS).publish("y", s).result();
    assertEquals(false, q.complete());
    assertEquals(OPTIONS.bands() + 1, q.failed());
    assertEquals((OPTIONS.bands() + 1) * (SimilarityIndex.PUBLISH_ATTEMPTS - 1), q.retries());
  }

  /** A map whose first {@code failures} puts of each key fail. */
  static final class FlakyStore extends MapStore {
    private final int failures;
    private final Map<String, Integer> tries = new HashMap<>();

    FlakyStore(int failures) {
      this.failures = failures;
    }

    @Override
    public io.vertx.core.Future<Boolean> put(String key, String value) {
      if (tries.merge(key, 1, Integer::sum) <= failures) {
        return io.vertx.core.Future.failedFuture(new IllegalStateException("no replica answered"));
      }
      return super.put(key, value);
    }
  }

  /** Families of 6 documents of 80 words, each a few edits away from the previous one. */
  static List<long[]> corpus(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<long[]> out = new ArrayList<>();
    long[] words = null;
    for (int i = 0; i < n; i++) {
      if (i % 6 == 0) {
        words = random.longs(80).toArray();
      } else {
        words = words.clone();
        for (int e = 0; e < 1 + random.nextInt(8); e++) {
          words[random.nextInt(words.length)] = random.nextLong();
        }
      }
      out.add(Shingles.ofWords(words, OPTIONS.shingle()));
    }
    return out;
  }

  /** A map as the store, for the local checks. */
  static class MapStore implements KeyValueStore {
    final Map<String, String> values = new HashMap<>();

    @Override
    public io.vertx.core.Future<String> get(String key) {
      return io.vertx.core.Future.succeededFuture(values.get(key));
    }

    @Override
    public io.vertx.core.Future<Boolean> put(String key, String value) {
      values.put(key, value);
      return io.vertx.core.Future.succeededFuture(true);
    }
  }
}
