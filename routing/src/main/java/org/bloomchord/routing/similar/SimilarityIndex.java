package org.bloomchord.routing.similar;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.minhash.LshBands;
import org.bloomchord.routing.minhash.MinHashSketch;

/**
 * Near-duplicate search over a DHT (source notes 002; Broder 1997). Publishing a document stores its
 * MinHash signature (k = b r functions) in the bucket under each of its b LSH band keys
 * ({@code lsh/<key>}) and alone under its id ({@code doc/<id>}); a query reads its b band buckets,
 * gathers the documents found there as candidates (a pair of Jaccard J shares a band with
 * probability 1 − (1 − J^r)^b), verifies each by the share of equal signature components and returns
 * those at or above the threshold with their estimates.
 *
 * <p>Publication is a read-modify-write of each bucket (get, add the entry, put): the DHT offers no
 * append, so two peers publishing into the same bucket at once may lose one entry; callers that
 * publish concurrently keep documents sharing a band key apart (the experiment does). A bucket holds
 * at most {@link SignatureBucket#MAX_ENTRIES} documents; a full bucket is left as it is and counted.
 * A stored value that is not a well-formed bucket is refused and counted, never trusted or
 * overwritten. The index keeps no state but that counter (thread-safe), so one index may serve
 * calls from several threads when its store may.
 */
public final class SimilarityIndex {

  /** Key prefix of band buckets. */
  public static final String BAND_PREFIX = "lsh/";
  /** Key prefix of a document's own signature. */
  public static final String DOC_PREFIX = "doc/";

  private final KeyValueStore store;
  private final SimilarityOptions options;
  private final LshBands banding;
  private final LongAdder malformed = new LongAdder();

  /** An index over {@code store} with the given options. */
  public SimilarityIndex(KeyValueStore store, SimilarityOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.options = Objects.requireNonNull(options, "options");
    this.banding = options.banding();
  }

  /** Stored values refused as malformed so far. */
  public long malformed() {
    return malformed.sum();
  }

  /** The options. */
  public SimilarityOptions options() {
    return options;
  }

  /** The signature of a shingle set (sorted hashes, as {@link Shingles} makes them). */
  public MinHashSketch sign(long[] shingles) {
    MinHashSketch s = new MinHashSketch(options.hashes(), options.sketchSeed());
    for (long h : shingles) {
      s.add(h);
    }
    return s;
  }

  /** The DHT key of a band bucket. */
  public static String bandKey(long key) {
    return BAND_PREFIX + Long.toHexString(key);
  }

  /** The b band-bucket keys of a signature. */
  public List<String> bandKeys(MinHashSketch sketch) {
    List<String> out = new ArrayList<>(options.bands());
    for (long k : banding.bandKeys(sketch)) {
      out.add(bandKey(k));
    }
    return out;
  }

  /** How a publication went: bands stored, bands whose bucket was full, bands refused or failed. */
  public record Published(String id, int stored, int full, int failed) {

    /** Whether every band and the id entry were stored. */
    public boolean complete() {
      return full == 0 && failed == 0;
    }
  }

  /** Publishes document {@code id} with the given signature: b band buckets, then its own entry. */
  public Future<Published> publish(String id, MinHashSketch sketch) {
    List<Future<Integer>> bands = new ArrayList<>();
    for (String key : bandKeys(sketch)) {
      bands.add(addToBucket(key, id, sketch));
    }
    Future<Integer> own = store.put(DOC_PREFIX + id, SignatureBucket.empty().with(id, sketch).encode())
        .map(ok -> ok ? 0 : 2).otherwise(2);
    bands.add(own);
    return Future.join(bands).transform(ar -> {
      int stored = 0;
      int full = 0;
      int failed = 0;
      for (int i = 0; i < bands.size() - 1; i++) {
        int r = bands.get(i).succeeded() ? bands.get(i).result() : 2;
        stored += r == 0 ? 1 : 0;
        full += r == 1 ? 1 : 0;
        failed += r == 2 ? 1 : 0;
      }
      failed += own.succeeded() && own.result() == 0 ? 0 : 1;
      return Future.succeededFuture(new Published(id, stored, full, failed));
    });
  }

  // 0 stored, 1 bucket full, 2 refused or failed
  private Future<Integer> addToBucket(String key, String id, MinHashSketch sketch) {
    return store.get(key).compose(text -> {
      SignatureBucket bucket;
      try {
        bucket = SignatureBucket.decode(text);
      } catch (MalformedMessageException e) {
        malformed.increment();
        return Future.succeededFuture(2);
      }
      if (!bucket.hasRoomFor(id)) {
        return Future.succeededFuture(1);
      }
      return store.put(key, bucket.with(id, sketch).encode()).map(ok -> ok ? 0 : 2);
    }).otherwise(2);
  }

  /** One verified match: a document and its estimated Jaccard coefficient with the query. */
  public record Match(String id, double estimate) {
  }

  /**
   * A query's outcome.
   *
   * @param matches the verified documents at or above the threshold, best first
   * @param candidates every document found in the band buckets (the query's own id left out), with
   *     its estimate, in the order first found
   * @param lookups DHT reads made
   * @param failedReads band reads that failed or were refused as malformed
   */
  public record Result(List<Match> matches, Map<String, Double> candidates, int lookups, int failedReads) {
  }

  /** The documents like {@code sketch} at or above {@code threshold}, leaving out {@code selfId} (nullable). */
  public Future<Result> query(MinHashSketch sketch, double threshold, String selfId) {
    List<String> keys = bandKeys(sketch);
    List<Future<String>> reads = new ArrayList<>(keys.size());
    for (String key : keys) {
      reads.add(store.get(key));
    }
    return Future.join(reads).transform(ar -> {
      Map<String, Double> candidates = new LinkedHashMap<>();
      int failed = 0;
      for (Future<String> read : reads) {
        if (read.failed()) {
          failed++;
          continue;
        }
        SignatureBucket bucket;
        try {
          bucket = SignatureBucket.decode(read.result());
        } catch (MalformedMessageException e) {
          malformed.increment();
          failed++;
          continue;
        }
        for (SignatureBucket.Entry e : bucket.entries()) {
          if (e.id().equals(selfId) || candidates.containsKey(e.id()) || !comparable(sketch, e.sketch())) {
            continue;
          }
          candidates.put(e.id(), sketch.jaccard(e.sketch()));
        }
      }
      List<Match> matches = new ArrayList<>();
      candidates.forEach((id, est) -> {
        if (est >= threshold) {
          matches.add(new Match(id, est));
        }
      });
      matches.sort(Comparator.comparingDouble(Match::estimate).reversed().thenComparing(Match::id));
      return Future.succeededFuture(new Result(List.copyOf(matches), candidates, keys.size(), failed));
    });
  }

  /** The documents like the published document {@code id}; fails when {@code id} is not published. */
  public Future<Result> queryById(String id, double threshold) {
    return store.get(DOC_PREFIX + id).compose(text -> {
      SignatureBucket own;
      try {
        own = SignatureBucket.decode(text);
      } catch (MalformedMessageException e) {
        malformed.increment();
        return Future.failedFuture(e);
      }
      if (own.entries().size() != 1 || !own.entries().get(0).id().equals(id)) {
        return Future.failedFuture(new UnknownDocumentException(id));
      }
      return query(own.entries().get(0).sketch(), threshold, id)
          .map(r -> new Result(r.matches(), r.candidates(), r.lookups() + 1, r.failedReads()));
    });
  }

  /** A query by id named a document that is not published. */
  public static final class UnknownDocumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnknownDocumentException(String id) {
      super("no document '" + id + "' is published");
    }
  }

  // a signature from another configuration cannot be compared; it is skipped, not an error
  private boolean comparable(MinHashSketch a, MinHashSketch b) {
    return a.hashes() == b.hashes() && a.seed() == b.seed();
  }
}
