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
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketMessages.Append;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;
import org.bloomchord.routing.similar.BucketMessages.AppendReply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Concurrent publications into the same band buckets, all started at once from every peer of a
 * ring: with appends at the buckets' owners every bucket ends up holding exactly the published ids
 * (the oracle), on both runtimes; the same publications by read-modify-write lose entries.
 */
class BucketAppendsTest {

  // 4 bands of 2 rows: every document below has the same signature, so all share all 4 buckets
  private static final SimilarityOptions OPTIONS = new SimilarityOptions(3, 4, 2, 5);
  private static final int DOCUMENTS = 40;

  @ParameterizedTest
  @ValueSource(strings = {"sim", "vertx"})
  void concurrentPublicationsIntoOneBucketAllLand(String runtime) {
    Set<String> oracle = new HashSet<>();
    for (int d = 0; d < DOCUMENTS; d++) {
      oracle.add("d" + d);
    }
    try (Ring ring = new Ring(runtime, true)) {
      List<SimilarityIndex.Published> published = ring.publishAll();
      for (SimilarityIndex.Published p : published) {
        assertTrue(p.complete(), "publication " + p);
      }
      for (String key : ring.keys()) {
        assertEquals(oracle, ring.idsIn(key), "bucket " + key);
      }
      long stored = 0;
      long writes = 0;
      for (PeerHandle<ChordPeer> h : ring.peers) {
        stored += ring.cluster.network().inspect(h, p -> p.extension(BucketAppends.class).answered(AppendOutcome.STORED));
        writes += ring.cluster.network().inspect(h, p -> p.extension(BucketAppends.class).writes());
      }
      // every band of every document answered STORED once (a retried append may answer twice)
      assertTrue(stored >= (long) DOCUMENTS * OPTIONS.bands(), "stored answers " + stored);
      assertTrue(writes <= stored, "appends waiting together share a write: " + writes + " writes");
    }
  }

  @Test
  void readModifyWriteLosesEntriesThatAppendsKeep() {
    try (Ring ring = new Ring("sim", false)) {
      for (SimilarityIndex.Published p : ring.publishAll()) {
        assertTrue(p.complete(), "each publication thinks it arrived: " + p);
      }
      int held = 0;
      for (String key : ring.keys()) {
        held += ring.idsIn(key).size();
      }
      assertTrue(held < DOCUMENTS * OPTIONS.bands(), "the race shows without appends: " + held + " entries held");
    }
  }

  @Test
  void onlyBandBucketsAreAppendedTo() {
    try (Ring ring = new Ring("sim", true)) {
      MinHashSketch sketch = ring.sketch;
      AppendOutcome o = ring.cluster.network().call(ring.peers.get(0),
          p -> p.extension(BucketAppends.class).append("doc/x", "x", sketch), 60_000);
      assertEquals(AppendOutcome.REFUSED, o);
      ring.cluster.network().call(ring.peers.get(1), p -> p.put("lsh/bad", "not a bucket!"), 60_000);
      o = ring.cluster.network().call(ring.peers.get(2),
          p -> p.extension(BucketAppends.class).append("lsh/bad", "x", sketch), 60_000);
      assertEquals(AppendOutcome.MALFORMED, o);
      assertEquals("not a bucket!", ring.cluster.network().call(ring.peers.get(3), p -> p.get("lsh/bad"), 60_000).value());
    }
  }

  @Test
  void onlyTheOwnerAppends() {
    try (Ring ring = new Ring("sim", true)) {
      String key = ring.keys().get(0);
      org.bloomchord.overlay.PeerRef owner = ring.cluster.lookup(ring.peers.get(0), ring.cluster.ring().hash(key)).successor();
      PeerHandle<ChordPeer> other = ring.peers.stream().filter(h -> !h.ref().equals(owner)).findFirst().orElseThrow();
      PeerHandle<ChordPeer> asker = ring.peers.stream().filter(h -> h != other).findFirst().orElseThrow();
      Append a = new Append(key, "x", ring.sketch);
      AppendReply wrong = (AppendReply) ring.cluster.network().call(asker,
          p -> p.runtime().request(other.ref(), a, 10_000), 60_000);
      assertEquals(AppendOutcome.NOT_OWNER, wrong.outcome());
      AppendReply right = (AppendReply) ring.cluster.network().call(asker.ref().equals(owner) ? other : asker,
          p -> p.runtime().request(owner, a, 10_000), 60_000);
      assertEquals(AppendOutcome.STORED, right.outcome());
      assertEquals(Set.of("x"), ring.idsIn(key));
    }
  }

  @Test
  void aPublicationTriesAgainAfterAStaleOwnerOrABusyOneButNotAfterARefusalOrAFullBucket() {
    MinHashSketch sketch = new SimilarityIndex(new NoStore(), OPTIONS).sign(new long[] {1, 2, 3, 4, 5});
    int bands = OPTIONS.bands();
    for (AppendOutcome first : List.of(AppendOutcome.NOT_OWNER, AppendOutcome.BUSY, AppendOutcome.FAILED)) {
      Map<String, Integer> asked = new HashMap<>();
      SimilarityIndex.Published p = publishOnce(sketch, first, asked);
      assertTrue(p.complete(), first + ": the second answer, from the owner, stores it: " + p);
      assertEquals(bands, p.stored(), first.toString());
      assertEquals(bands, p.retries(), first + ": one more append per band");
      asked.values().forEach(n -> assertEquals(2, n, first.toString()));
    }
    Map<String, Integer> asked = new HashMap<>();
    SimilarityIndex.Published refused = publishOnce(sketch, AppendOutcome.REFUSED, asked);
    assertEquals(bands, refused.failed(), "a refused band is not stored");
    assertEquals(0, refused.retries(), "and not asked again: the owner would refuse it again");
    asked.clear();
    SimilarityIndex.Published full = publishOnce(sketch, AppendOutcome.FULL, asked);
    assertEquals(bands, full.full());
    assertEquals(0, full.retries(), "a full bucket stays full");
    asked.values().forEach(n -> assertEquals(1, n));
  }

  /** One publication whose band appends are answered {@code first}, then STORED, the id entry kept in memory. */
  private static SimilarityIndex.Published publishOnce(MinHashSketch sketch, AppendOutcome first,
      Map<String, Integer> asked) {
    Map<String, String> kept = new HashMap<>();
    KeyValueStore memory = new KeyValueStore() {
      @Override
      public io.vertx.core.Future<String> get(String key) {
        return io.vertx.core.Future.succeededFuture(kept.get(key));
      }

      @Override
      public io.vertx.core.Future<Boolean> put(String key, String value) {
        kept.put(key, value);
        return io.vertx.core.Future.succeededFuture(true);
      }
    };
    SimilarityIndex index = new SimilarityIndex(memory, (key, id, s) -> io.vertx.core.Future.succeededFuture(
        asked.merge(key, 1, Integer::sum) == 1 ? first : AppendOutcome.STORED), OPTIONS);
    io.vertx.core.Future<SimilarityIndex.Published> published = index.publish("d", sketch);
    assertTrue(published.isComplete(), "every answer was at hand");
    assertEquals(OPTIONS.bands(), asked.size(), "one bucket per band");
    assertTrue(kept.containsKey(SimilarityIndex.DOC_PREFIX + "d"), "the id entry is stored: " + kept.keySet());
    return published.result();
  }

  @Test
  void wireRoundTripsAndRefusesHostileFrames() {
    WireRegistry registry = SimilarWire.register(new WireRegistry());
    MinHashSketch sketch = new MinHashSketch(8, 5);
    sketch.add(42);
    Append a = new Append("lsh/1f", "doc-1", sketch);
    Append back = (Append) registry.decode(registry.encode(a));
    assertEquals(a.key(), back.key());
    assertEquals(a.id(), back.id());
    assertEquals(1.0, sketch.jaccard(back.sketch()));
    for (AppendOutcome o : AppendOutcome.values()) {
      assertEquals(o, ((AppendReply) registry.decode(registry.encode(new AppendReply(o)))).outcome());
    }
    byte[] reply = registry.encode(new AppendReply(AppendOutcome.FAILED));
    reply[reply.length - 1] = (byte) AppendOutcome.values().length;
    assertThrows(MalformedMessageException.class, () -> registry.decode(reply));
    byte[] frame = registry.encode(a);
    assertThrows(MalformedMessageException.class, () -> registry.decode(java.util.Arrays.copyOf(frame, frame.length - 3)));
    byte[] longer = java.util.Arrays.copyOf(frame, frame.length + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(longer));
  }

  // a ring of 6 peers, with or without BucketAppends, and DOCUMENTS documents of one signature
  private static final class Ring implements AutoCloseable {
    final ChordCluster cluster;
    final List<PeerHandle<ChordPeer>> peers;
    final MinHashSketch sketch;
    final boolean appends;

    Ring(String runtime, boolean appends) {
      this.appends = appends;
      ChordConfig config = ChordConfig.defaults();
      WireRegistry registry = SimilarWire.register(ChordCluster.wireRegistry(config));
      Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(11), registry);
      cluster = new ChordCluster(net, config, 11, ref -> appends ? List.of(new BucketAppends()) : List.of());
      peers = cluster.launchPlaced(6);
      sketch = new SimilarityIndex(new NoStore(), OPTIONS).sign(new long[] {1, 2, 3, 4, 5});
    }

    List<SimilarityIndex.Published> publishAll() {
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>();
      for (int d = 0; d < DOCUMENTS; d++) {
        origins.add(peers.get(d % peers.size()));
      }
      AtomicInteger next = new AtomicInteger();
      List<SimilarityIndex.Published> out = new ArrayList<>();
      for (Network.Outcome<SimilarityIndex.Published> o : cluster.network().callAll(origins,
          p -> SimilarityIndex.on(p, OPTIONS).publish("d" + next.getAndIncrement(), sketch), 60_000)) {
        assertTrue(o.succeeded(), "a publication call did not answer");
        out.add(o.value());
      }
      return out;
    }

    List<String> keys() {
      return new SimilarityIndex(new NoStore(), OPTIONS).bandKeys(sketch);
    }

    Set<String> idsIn(String key) {
      String text = cluster.network().call(peers.get(0), p -> p.get(key), 60_000).value();
      Set<String> ids = new HashSet<>();
      SignatureBucket.decode(text).entries().forEach(e -> ids.add(e.id()));
      return ids;
    }

    @Override
    public void close() {
      cluster.close();
    }
  }

  private static final class NoStore implements KeyValueStore {
    @Override
    public io.vertx.core.Future<String> get(String key) {
      throw new UnsupportedOperationException();
    }

    @Override
    public io.vertx.core.Future<Boolean> put(String key, String value) {
      throw new UnsupportedOperationException();
    }
  }
}
