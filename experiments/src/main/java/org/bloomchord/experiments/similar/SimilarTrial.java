package org.bloomchord.experiments.similar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.KeyValueStore;
import org.bloomchord.routing.similar.SimilarityIndex;
import org.bloomchord.routing.similar.SimilarityOptions;

/**
 * One run of near-duplicate search on a ring: a synthetic corpus is published from random peers
 * (b band puts and one id put per document, each band a get then a put), then every document is
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
    try (ChordCluster cluster = ChordCluster.create(runtime, NetworkOptions.defaults().withSeed(seed), config)) {
      List<PeerHandle<ChordPeer>> ring = cluster.launchPlaced(peers);
      Network<ChordPeer> net = cluster.network();
      SplittableRandom random = new SplittableRandom(seed ^ 0x5EED);
      int[] incomplete = publish(net, ring, signer, sketches, random);
      long bytesBefore = net.traffic().bytes();
      long messagesBefore = net.traffic().messages();
      List<SimilarityIndex.Result> results = query(net, ring, sketches, random);
      long queryBytes = net.traffic().bytes() - bytesBefore;
      long queryMessages = net.traffic().messages() - messagesBefore;
      return SimilarResult.of(actual, corpus, results, queryBytes, queryMessages, incomplete[0], incomplete[1]);
    }
  }

  // publishes in batches in which no two documents share a band key: a bucket is a read-modify-write
  private int[] publish(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring, SimilarityIndex signer,
      List<MinHashSketch> sketches, SplittableRandom random) {
    List<Integer> pending = new ArrayList<>();
    for (int d = 0; d < sketches.size(); d++) {
      pending.add(d);
    }
    int incomplete = 0;
    int full = 0;
    while (!pending.isEmpty()) {
      List<Integer> batch = new ArrayList<>();
      List<Integer> later = new ArrayList<>();
      Set<String> keys = new HashSet<>();
      for (int d : pending) {
        List<String> mine = signer.bandKeys(sketches.get(d));
        if (batch.size() < BATCH && mine.stream().noneMatch(keys::contains)) {
          batch.add(d);
          keys.addAll(mine);
        } else {
          later.add(d);
        }
      }
      List<PeerHandle<ChordPeer>> origins = origins(ring, batch.size(), random);
      // on Vert.x the actions run on the peers' threads at once: hand out the documents atomically
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<SimilarityIndex.Published> o : net.callAll(origins, p -> {
        int d = batch.get(next.getAndIncrement());
        return new SimilarityIndex(KeyValueStore.of(p), options).publish(Corpus.id(d), sketches.get(d));
      }, BATCH_WAIT_MS)) {
        if (!o.succeeded() || !o.value().complete()) {
          incomplete++;
          full += o.succeeded() ? o.value().full() : 0;
        }
      }
      pending = later;
    }
    return new int[] {incomplete, full};
  }

  private List<SimilarityIndex.Result> query(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring,
      List<MinHashSketch> sketches, SplittableRandom random) {
    SimilarityIndex.Result[] out = new SimilarityIndex.Result[sketches.size()];
    for (int from = 0; from < sketches.size(); from += BATCH) {
      int n = Math.min(BATCH, sketches.size() - from);
      int first = from;
      // the actions may run in any order (Vert.x): each result carries its document's index
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<Map.Entry<Integer, SimilarityIndex.Result>> o : net.callAll(origins(ring, n, random), p -> {
        int d = first + next.getAndIncrement();
        return new SimilarityIndex(KeyValueStore.of(p), options).query(sketches.get(d), threshold, Corpus.id(d))
            .map(r -> Map.entry(d, r));
      }, BATCH_WAIT_MS)) {
        if (o.succeeded()) {
          out[o.value().getKey()] = o.value().getValue();
        }
      }
    }
    return Arrays.asList(out);
  }

  private static List<PeerHandle<ChordPeer>> origins(List<PeerHandle<ChordPeer>> ring, int n, SplittableRandom random) {
    List<PeerHandle<ChordPeer>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(ring.get(random.nextInt(ring.size())));
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
