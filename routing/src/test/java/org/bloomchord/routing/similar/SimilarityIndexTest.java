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
  static final class MapStore implements KeyValueStore {
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
