package org.bloomchord.routing.similar;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.minhash.LshBands;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;

/**
 * Near-duplicate search over a DHT (source notes 002; Broder 1997). Publishing a document stores its
 * MinHash signature (k = b r functions) in the bucket under each of its b LSH band keys
 * ({@code lsh/<key>}) and alone under its id ({@code doc/<id>}); a query reads its b band buckets,
 * gathers the documents found there as candidates (a pair of Jaccard J shares a band with
 * probability 1 − (1 − J^r)^b), verifies each by the share of equal signature components and returns
 * those at or above the threshold with their estimates.
 *
 * <p>Publication adds the document to each bucket. On a ring whose peers run {@link BucketAppends}
 * ({@link #on}) that is an append handled at the bucket's owner, one write per bucket at a time, so
 * concurrent publications into one bucket all land; over a bare store it is a read-modify-write (get,
 * add the entry, put) in which two concurrent publications may lose one entry. Failed writes are
 * retried; a publication reports every band it could not store. A bucket holds
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
  private final BucketWriter writer;
  private final SimilarityOptions options;
  private final LshBands banding;
  private final LongAdder malformed = new LongAdder();

  /**
   * An index over {@code store} with the given options, whose publications write band buckets by
   * read-modify-write (not atomic: see {@link #readModifyWrite}).
   */
  public SimilarityIndex(KeyValueStore store, SimilarityOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.options = Objects.requireNonNull(options, "options");
    this.banding = options.banding();
    this.writer = readModifyWrite(store);
  }

  /** An index whose band entries go through {@code writer} (appends at the owners, on a ring). */
  SimilarityIndex(KeyValueStore store, BucketWriter writer, SimilarityOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.options = Objects.requireNonNull(options, "options");
    this.banding = options.banding();
    this.writer = Objects.requireNonNull(writer, "writer");
  }

  /**
   * The index as seen from {@code peer} (call on its thread): band buckets are appended to at their
   * owner when the peer runs {@link BucketAppends}, read-modify-written otherwise.
   */
  public static SimilarityIndex on(ChordPeer peer, SimilarityOptions options) {
    BucketAppends appends = peer.extension(BucketAppends.class);
    KeyValueStore kv = KeyValueStore.of(peer);
    return appends == null ? new SimilarityIndex(kv, options) : new SimilarityIndex(kv, appends::append, options);
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

  /**
   * How a publication went, band by band after retries.
   *
   * @param stored bands whose bucket holds the document (acknowledged)
   * @param full bands whose bucket was full (left as it was)
   * @param failed bands (and the id entry) whose write failed after {@link #PUBLISH_ATTEMPTS}
   *     attempts or whose bucket was refused as malformed
   * @param retries attempts beyond the first, over all bands and the id entry
   */
  public record Published(String id, int stored, int full, int failed, int retries) {

    /** Whether every band and the id entry were stored. */
    public boolean complete() {
      return full == 0 && failed == 0;
    }
  }

  /**
   * Publishes document {@code id} with the given signature: its entry appended to each of its b
   * band buckets (through {@link BucketWriter}), and its own entry under its id. A band or the id
   * entry whose write failed in a way that may pass (no answer, a busy owner, an unacknowledged
   * write) is tried again, up to {@link #PUBLISH_ATTEMPTS} times in all; appends are idempotent
   * (an id already in the bucket is replaced), so a retry after a lost answer does no harm. The
   * outcome counts every band: the publication is {@link Published#complete() complete} exactly when
   * every write was acknowledged.
   */
  public Future<Published> publish(String id, MinHashSketch sketch) {
    List<Future<Attempted>> bands = new ArrayList<>();
    for (String key : bandKeys(sketch)) {
      bands.add(withRetries(() -> writer.append(key, id, sketch), 1));
    }
    String own = SignatureBucket.empty().with(id, sketch).encode();
    Future<Attempted> self = withRetries(() -> store.put(DOC_PREFIX + id, own)
        .map(ok -> ok ? AppendOutcome.STORED : AppendOutcome.FAILED).otherwise(AppendOutcome.FAILED), 1);
    bands.add(self);
    return Future.join(bands).transform(ar -> {
      int stored = 0;
      int full = 0;
      int failed = 0;
      int retries = 0;
      for (int i = 0; i < bands.size(); i++) {
        Attempted a = bands.get(i).succeeded() ? bands.get(i).result() : new Attempted(AppendOutcome.FAILED, 1);
        retries += a.attempts() - 1;
        boolean band = i < bands.size() - 1;
        if (a.outcome() == AppendOutcome.STORED) {
          stored += band ? 1 : 0;
        } else if (a.outcome() == AppendOutcome.FULL) {
          full++;
        } else {
          failed++;
        }
      }
      return Future.succeededFuture(new Published(id, stored, full, failed, retries));
    });
  }

  /** Attempts per band write (and for the id entry) before a publication counts it failed. */
  public static final int PUBLISH_ATTEMPTS = 4;

  private record Attempted(AppendOutcome outcome, int attempts) {
  }

  private Future<Attempted> withRetries(java.util.function.Supplier<Future<AppendOutcome>> write, int attempt) {
    return write.get().otherwise(AppendOutcome.FAILED).compose(o -> o.retryable() && attempt < PUBLISH_ATTEMPTS
        ? withRetries(write, attempt + 1) : Future.succeededFuture(new Attempted(o, attempt)));
  }

  /**
   * Adds one entry to a band bucket. On a ring whose peers run {@link BucketAppends} this is an
   * append at the bucket's owner, atomic against other appends; {@link #readModifyWrite} is the
   * fallback for a store alone, where two writers of one bucket at once may lose an entry.
   */
  @FunctionalInterface
  public interface BucketWriter {
    /** Adds (id, sketch) to the bucket under {@code key}. */
    Future<AppendOutcome> append(String key, String id, MinHashSketch sketch);
  }

  /** A get, add, put of the bucket through {@code store}: not atomic (last writer wins). */
  public BucketWriter readModifyWrite(KeyValueStore kv) {
    return (key, id, sketch) -> kv.get(key).compose(text -> {
      SignatureBucket bucket;
      try {
        bucket = SignatureBucket.decode(text);
      } catch (MalformedMessageException e) {
        malformed.increment();
        return Future.succeededFuture(AppendOutcome.MALFORMED);
      }
      if (!bucket.hasRoomFor(id)) {
        return Future.succeededFuture(AppendOutcome.FULL);
      }
      return kv.put(key, bucket.with(id, sketch).encode())
          .map(ok -> ok ? AppendOutcome.STORED : AppendOutcome.FAILED);
    }).otherwise(AppendOutcome.FAILED);
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
   * @param selfBands bands whose bucket held the query's own id (b when a published document is
   *     queried by itself and its publication arrived whole)
   */
  public record Result(List<Match> matches, Map<String, Double> candidates, int lookups, int failedReads,
      int selfBands) {
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
      int selfBands = 0;
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
          selfBands += e.id().equals(selfId) ? 1 : 0;
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
      return Future.succeededFuture(new Result(List.copyOf(matches), candidates, keys.size(), failed, selfBands));
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
          .map(r -> new Result(r.matches(), r.candidates(), r.lookups() + 1, r.failedReads(), r.selfBands()));
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
