package org.bloomchord.experiments.similar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketAppends;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;
import org.bloomchord.routing.similar.KeyValueStore;
import org.bloomchord.routing.similar.SimilarityIndex;
import org.bloomchord.routing.similar.SimilarityOptions;
import org.bloomchord.routing.similar.SimilarWire;

/**
 * One run of near-duplicate search on a ring whose peers run {@link BucketAppends}: a corpus is
 * published from random peers (b band appends at the buckets' owners and one id put per document),
 * then every document is
 * queried from a random peer at the threshold; the outcome is set against the corpus's exact
 * Jaccard coefficients per tenth of J.
 *
 * @param peers ring size
 * @param documents corpus size
 * @param options shingle length and banding
 * @param threshold s
 * @param seed seeds the corpus, the ring and the choice of peers
 * @param corpusDir a directory of text files whose paragraphs are the documents, or null for the
 *     synthetic corpus of {@code documents} documents
 */
public record SimilarTrial(String runtime, int peers, int documents, SimilarityOptions options, double threshold,
    long seed, java.nio.file.Path corpusDir) {

  /** Publications or queries in flight at a time. */
  static final int BATCH = 64;
  /** Longest wait for one batch, in runtime ms. */
  static final long BATCH_WAIT_MS = 120_000;

  /** Runs the trial. */
  public SimilarResult run() throws java.io.IOException {
    Corpus corpus = corpusDir == null ? Corpus.generate(documents, options.shingle(), seed)
        : Corpus.paragraphs(corpusDir, options.shingle());
    if (corpus.size() < 2) {
      throw new IllegalArgumentException("the corpus has " + corpus.size() + " documents; at least 2 are needed");
    }
    SimilarTrial actual = new SimilarTrial(runtime, peers, corpus.size(), options, threshold, seed, corpusDir);
    SimilarityIndex signer = new SimilarityIndex(new NoStore(), options);
    List<MinHashSketch> sketches = new ArrayList<>(corpus.size());
    for (int d = 0; d < corpus.size(); d++) {
      sketches.add(signer.sign(corpus.shingles(d)));
    }
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = SimilarWire.register(ChordCluster.wireRegistry(config));
    Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(seed), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, seed, ref -> List.of(new BucketAppends()))) {
      List<PeerHandle<ChordPeer>> ring = cluster.launchPlaced(peers);
      SplittableRandom random = new SplittableRandom(seed ^ 0x5EED);
      SimilarResult.Publication publication = publish(net, ring, sketches, random);
      long bytesBefore = net.traffic().bytes();
      long messagesBefore = net.traffic().messages();
      List<SimilarityIndex.Result> results = query(net, ring, sketches, random);
      long queryBytes = net.traffic().bytes() - bytesBefore;
      long queryMessages = net.traffic().messages() - messagesBefore;
      // documents missing from one of their buckets are read again: a lost entry or a stale replica?
      List<Integer> missing = new ArrayList<>();
      for (int d = 0; d < results.size(); d++) {
        SimilarityIndex.Result r = results.get(d);
        if (r != null && r.failedReads() == 0 && r.selfBands() < options.bands()) {
          missing.add(d);
        }
      }
      Map<Integer, SimilarityIndex.Result> recheck = query(net, ring, sketches, missing, random);
      return SimilarResult.of(actual, corpus, sketches, results, queryBytes, queryMessages, publication, recheck);
    }
  }

  // publishes in batches of BATCH from random peers; documents of one batch may share band buckets,
  // whose owners append to them one write at a time (BucketAppends)
  private SimilarResult.Publication publish(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring,
      List<MinHashSketch> sketches, SplittableRandom random) {
    boolean[] complete = new boolean[sketches.size()];
    int incomplete = 0;
    int callsFailed = 0;
    int full = 0;
    long retries = 0;
    for (int from = 0; from < sketches.size(); from += BATCH) {
      int n = Math.min(BATCH, sketches.size() - from);
      int first = from;
      // on Vert.x the actions run on the peers' threads at once: hand out the documents atomically
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<Map.Entry<Integer, SimilarityIndex.Published>> o : net.callAll(origins(net, ring, n, random), p -> {
        int d = first + next.getAndIncrement();
        return SimilarityIndex.on(p, options).publish(Corpus.id(d), sketches.get(d)).map(r -> Map.entry(d, r));
      }, BATCH_WAIT_MS)) {
        if (!o.succeeded()) {
          callsFailed++;
          continue;
        }
        SimilarityIndex.Published r = o.value().getValue();
        retries += r.retries();
        if (r.complete()) {
          complete[o.value().getKey()] = true;
        } else {
          incomplete++;
          full += r.full() > 0 ? 1 : 0;
        }
      }
    }
    long[] owners = new long[AppendOutcome.values().length];
    for (PeerHandle<ChordPeer> h : net.alive()) {
      for (AppendOutcome o : AppendOutcome.values()) {
        owners[o.ordinal()] += net.inspect(h, p -> p.extension(BucketAppends.class).answered(o));
      }
    }
    return new SimilarResult.Publication(complete, incomplete, callsFailed, full, retries, owners);
  }

  private List<SimilarityIndex.Result> query(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring,
      List<MinHashSketch> sketches, SplittableRandom random) {
    List<Integer> all = new ArrayList<>(sketches.size());
    for (int d = 0; d < sketches.size(); d++) {
      all.add(d);
    }
    Map<Integer, SimilarityIndex.Result> got = query(net, ring, sketches, all, random);
    SimilarityIndex.Result[] out = new SimilarityIndex.Result[sketches.size()];
    got.forEach((d, r) -> out[d] = r);
    return Arrays.asList(out);
  }

  // queries the given documents, each from a random peer; the answered ones by document
  private Map<Integer, SimilarityIndex.Result> query(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring,
      List<MinHashSketch> sketches, List<Integer> documents, SplittableRandom random) {
    Map<Integer, SimilarityIndex.Result> out = new java.util.HashMap<>();
    for (int from = 0; from < documents.size(); from += BATCH) {
      int n = Math.min(BATCH, documents.size() - from);
      int first = from;
      // the actions may run in any order (Vert.x): each result carries its document's index
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<Map.Entry<Integer, SimilarityIndex.Result>> o : net.callAll(origins(net, ring, n, random), p -> {
        int d = documents.get(first + next.getAndIncrement());
        return SimilarityIndex.on(p, options).query(sketches.get(d), threshold, Corpus.id(d))
            .map(r -> Map.entry(d, r));
      }, BATCH_WAIT_MS)) {
        if (o.succeeded()) {
          out.put(o.value().getKey(), o.value().getValue());
        }
      }
    }
    return out;
  }

  // random peers of the ring that still run (a peer that failed is no origin; with none failed, the
  // choice is the same as from the whole ring)
  private static List<PeerHandle<ChordPeer>> origins(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring, int n,
      SplittableRandom random) {
    java.util.Set<org.bloomchord.overlay.PeerRef> alive = new java.util.HashSet<>();
    net.alive().forEach(h -> alive.add(h.ref()));
    List<PeerHandle<ChordPeer>> live = ring.stream().filter(h -> alive.contains(h.ref())).toList();
    if (live.isEmpty()) {
      throw new IllegalStateException("no peer of the ring runs any more");
    }
    List<PeerHandle<ChordPeer>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(live.get(random.nextInt(live.size())));
    }
    return out;
  }

  // signing and band keys need no store
  private static final class NoStore implements KeyValueStore {
    @Override
    public io.vertx.core.Future<String> get(String key) {
      throw new UnsupportedOperationException("signing only");
    }

    @Override
    public io.vertx.core.Future<Boolean> put(String key, String value) {
      throw new UnsupportedOperationException("signing only");
    }
  }
}
