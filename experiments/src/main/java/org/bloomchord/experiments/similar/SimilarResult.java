package org.bloomchord.experiments.similar;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bloomchord.routing.minhash.LshBands;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;
import org.bloomchord.routing.similar.SimilarityIndex;

/**
 * The outcome of a {@link SimilarTrial} against the corpus's exact Jaccard coefficients: per tenth
 * of J, the pairs, those that became candidates (shared a band bucket) and the share the LSH
 * formula 1 − (1 − J^r)^b predicts, averaged over the bin's pairs; the recall of verified pairs at
 * J &ge; s + 0.1; the pairs returned although J &lt; s − 0.1; bytes and reads per query.
 *
 * @param bins ten bins, J in [0, 0.1), ..., [0.9, 1]
 * @param recall returned share of the pairs with J &ge; s + 0.1 (null when there are none)
 * @param falseAccepts returned pairs with J &lt; s − 0.1
 * <p>Longer than 400 lines because the typed records of its summary section (bins, publication,
 * audit) are nested here, beside the figures they serialise.
 *
 * @param bytesPerQuery encoded bytes of all messages during the query phase, per query
 * @param lookupsPerQuery DHT reads per query (b)
 * @param messagesPerQuery messages during the query phase, per query
 * @param failedQueries queries that did not complete, or had a band read fail
 * @param publication how the publications went, as their callers saw them
 * @param audit documents missing from some of their band buckets
 */
public record SimilarResult(SimilarTrial trial, List<Bin> bins, Double recall, long falseAccepts, double bytesPerQuery,
    double lookupsPerQuery, double messagesPerQuery, int failedQueries, Publication publication, Audit audit) {

  /**
   * Documents whose own query found them in fewer than b of their band buckets (an entry that did
   * not arrive, was lost, or was read from a replica that had not caught up), the failed queries
   * left out; then the same documents read again after the query phase.
   *
   * @param missing documents missing from a bucket at their query
   * @param missingAfterComplete those of them whose publication had reported itself complete (0 is
   *     the invariant: a publication either arrives whole or says it did not)
   * @param stillMissing of {@code missing}, those still missing when read again
   * @param stillMissingAfterComplete of those, the ones whose publication had reported itself complete
   */
  public record Audit(@JsonProperty("missingEntries") int missing, int missingAfterComplete, int stillMissing,
      int stillMissingAfterComplete) {
  }

  /**
   * How the publications went.
   *
   * @param complete per document, whether its publication reported every band and its id stored
   * @param incomplete publications that reported a band or the id entry not stored
   * @param callsFailed publications whose call itself did not answer within the batch's wait
   * @param full incomplete publications that met a full bucket
   * @param retries band or id writes tried again, over all publications
   * @param ownerAnswers appends answered by the buckets' owners, per {@link AppendOutcome} (by
   *     ordinal), summed over the peers; a retry not explained by a BUSY or FAILED answer here is
   *     an append whose answer did not arrive (lookup or request failed)
   */
  public record Publication(boolean[] complete, int incomplete, int callsFailed, int full, long retries,
      long[] ownerAnswers) {

    /** Publications that reported themselves complete. */
    public int completed() {
      int n = 0;
      for (boolean c : complete) {
        n += c ? 1 : 0;
      }
      return n;
    }
  }

  /**
   * One tenth of J: pairs, candidates among them, the formula's expected candidate share.
   *
   * @param expected 1 − (1 − J^r)^b averaged over the bin's pairs
   * @param stdErr the standard error of the share were the pairs independent trials, each a
   *     candidate with its own probability q = 1 − (1 − J^r)^b: sqrt(Σ q (1 − q)) / pairs
   * @param clusteredStdErr the same with the pairs of one family of the synthetic corpus taken as one
   *     cluster (pairs sharing documents are not independent): sqrt(Σ_families (Σ (candidate − q))²)
   *     / pairs; for a corpus of text files, whose pairs are not grouped, each pair is its own cluster
   * @param estimateBias mean over the bin's pairs with J &gt; 0 of (sketch estimate − J), the
   *     sketches' own bias (0 for min-wise independent functions), NaN for a bin without such pairs
   */
  @JsonPropertyOrder({"jaccard", "pairs", "candidates", "share", "expected", "returned", "stdErr", "clusteredStdErr", "z",
      "estimateBias"})
  public record Bin(double jaccard, long pairs, long candidates, double expected, long returned, double stdErr,
      double clusteredStdErr, @JsonSerialize(using = NanAsNull.class) double estimateBias) {

    /** Candidates over pairs (null for an empty bin). */
    @JsonProperty
    public Double share() {
      return pairs == 0 ? null : (double) candidates / pairs;
    }

    /** (share − expected) / clusteredStdErr, or 0 where that is below 0.001 (a bin of near-certain outcomes). */
    @JsonProperty
    public double z() {
      return pairs == 0 || clusteredStdErr < 1e-3 ? 0 : (share() - expected) / clusteredStdErr;
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  static SimilarResult of(SimilarTrial t, Corpus corpus, List<MinHashSketch> sketches,
      List<SimilarityIndex.Result> results, long queryBytes, long queryMessages, Publication publication,
      Map<Integer, SimilarityIndex.Result> recheck) {
    Set<Long> candidates = new HashSet<>();
    Set<Long> returned = new HashSet<>();
    int failed = 0;
    long lookups = 0;
    int missing = 0;
    int missingAfterComplete = 0;
    int stillMissing = 0;
    int stillMissingAfterComplete = 0;
    for (int d = 0; d < results.size(); d++) {
      SimilarityIndex.Result r = results.get(d);
      if (r == null || r.failedReads() > 0) {
        failed++;
        if (r == null) {
          continue;
        }
      } else if (r.selfBands() < t.options().bands()) {
        missing++;
        missingAfterComplete += publication.complete()[d] ? 1 : 0;
        SimilarityIndex.Result again = recheck.get(d);
        if (again == null || again.selfBands() < t.options().bands()) {
          stillMissing++;
          stillMissingAfterComplete += publication.complete()[d] ? 1 : 0;
        }
      }
      lookups += r.lookups();
      for (String id : r.candidates().keySet()) {
        candidates.add(key(d, index(id)));
      }
      for (SimilarityIndex.Match m : r.matches()) {
        returned.add(key(d, index(m.id())));
      }
    }
    LshBands banding = t.options().banding();
    long[] pairs = new long[10];
    long[] cands = new long[10];
    long[] ret = new long[10];
    double[] expected = new double[10];
    double[] bias = new double[10];
    long[] biasPairs = new long[10];
    double[] variance = new double[10];
    // per bin, per family of the synthetic corpus: the sum of (candidate - q) over its pairs
    List<Map<Integer, Double>> residuals = new ArrayList<>();
    for (int b = 0; b < 10; b++) {
      residuals.add(new java.util.HashMap<>());
    }
    boolean families = t.corpusDir() == null;
    long highPairs = 0;
    long highReturned = 0;
    long falseAccepts = 0;
    for (Map.Entry<Long, Double> e : corpus.related().entrySet()) {
      double j = e.getValue();
      int b = bin(j);
      pairs[b]++;
      double q = banding.candidateProbability(j);
      expected[b] += q;
      variance[b] += q * (1 - q);
      long key = e.getKey();
      int cluster = families ? (int) (key >>> 32) / Corpus.FAMILY : residuals.get(b).size();
      residuals.get(b).merge(cluster, (candidates.contains(key) ? 1 : 0) - q, Double::sum);
      bias[b] += sketches.get((int) (key >>> 32)).jaccard(sketches.get((int) key)) - j;
      biasPairs[b]++;
      boolean isCandidate = candidates.contains(e.getKey());
      boolean isReturned = returned.contains(e.getKey());
      cands[b] += isCandidate ? 1 : 0;
      ret[b] += isReturned ? 1 : 0;
      if (j >= t.threshold() + 0.1) {
        highPairs++;
        highReturned += isReturned ? 1 : 0;
      }
      if (isReturned && j < t.threshold() - 0.1) {
        falseAccepts++;
      }
    }
    // pairs sharing no shingle have J = 0: all in the first bin, candidates only by a band-key collision
    long n = corpus.size();
    pairs[0] += n * (n - 1) / 2 - corpus.related().size();
    for (long p : candidates) {
      if (!corpus.related().containsKey(p)) {
        cands[0]++;
      }
    }
    for (long p : returned) {
      if (!corpus.related().containsKey(p)) {
        ret[0]++;
        falseAccepts += t.threshold() - 0.1 > 0 ? 1 : 0;
      }
    }
    List<Bin> bins = new ArrayList<>(10);
    for (int b = 0; b < 10; b++) {
      double e = pairs[b] == 0 ? 0 : expected[b] / pairs[b];
      double se = pairs[b] == 0 ? 0 : Math.sqrt(variance[b]) / pairs[b];
      double clustered = 0;
      for (double r : residuals.get(b).values()) {
        clustered += r * r;
      }
      clustered = pairs[b] == 0 ? 0 : Math.sqrt(clustered) / pairs[b];
      bins.add(new Bin(b / 10.0, pairs[b], cands[b], e, ret[b], se, clustered,
          biasPairs[b] == 0 ? Double.NaN : bias[b] / biasPairs[b]));
    }
    int answered = Math.max(1, results.size() - (int) results.stream().filter(r -> r == null).count());
    return SimilarResult.builder().trial(t).bins(List.copyOf(bins))
        .recall(highPairs == 0 ? null : (double) highReturned / highPairs).falseAccepts(falseAccepts)
        .bytesPerQuery((double) queryBytes / answered).lookupsPerQuery((double) lookups / answered)
        .messagesPerQuery((double) queryMessages / answered).failedQueries(failed).publication(publication)
        .audit(new Audit(missing, missingAfterComplete, stillMissing, stillMissingAfterComplete)).build();
  }

  private static int bin(double j) {
    return Math.min(9, (int) Math.floor(j * 10 + 1e-9));
  }

  private static long key(int a, int b) {
    return Corpus.pair(Math.min(a, b), Math.max(a, b));
  }

  private static int index(String id) {
    return Integer.parseInt(id.substring("doc-".length()));
  }

  /** The largest |share − expected| over the bins with pairs. */
  public double worstDeviation() {
    return bins.stream().filter(b -> b.pairs() > 0).mapToDouble(b -> Math.abs(b.share() - b.expected())).max().orElse(0);
  }

  /** The fewest pairs in a bin. */
  public long fewestPairs() {
    return bins.stream().mapToLong(Bin::pairs).min().orElse(0);
  }

  /** The {@code similar} section of the JSON output. */
  public Section section() {
    Map<String, Long> owners = new LinkedHashMap<>();
    for (AppendOutcome o : AppendOutcome.values()) {
      owners.put(o.name().toLowerCase(Locale.ROOT), publication.ownerAnswers()[o.ordinal()]);
    }
    return new Section(
        new Setup(trial.corpusDir() == null ? "synthetic" : trial.corpusDir().toString(), trial.documents(),
            trial.peers(), trial.options().shingle(), trial.options().bands(), trial.options().rows(), trial.threshold()),
        bins,
        new Queries(worstDeviation(), recall, falseAccepts, bytesPerQuery, lookupsPerQuery, messagesPerQuery,
            failedQueries),
        new Publications(trial.documents(), publication.completed(), publication.incomplete(),
            publication.callsFailed(), publication.full(), publication.retries(), owners),
        audit);
  }

  /** The whole JSON document: command, runtime, seed, then the {@code similar} section. */
  public Document document() {
    return new Document("similar", trial.runtime(), trial.seed(), section());
  }

  /** The JSON document of {@code similar --json}. */
  public record Document(String command, String runtime, long seed, Section similar) {
  }

  /** The {@code similar} section: the trial's settings, the bins, the queries, the publications, the audit. */
  @JsonPropertyOrder({"setup", "bins", "queries", "publications", "audit"})
  public record Section(@JsonUnwrapped Setup setup, List<Bin> bins, @JsonUnwrapped Queries queries,
      @JsonUnwrapped Publications publications, @JsonUnwrapped Audit audit) {
  }

  /** What was indexed and how: the corpus ({@code synthetic} or its directory), sizes and the banding. */
  public record Setup(String corpus, int documents, int peers, int shingle, int bands, int rows, double threshold) {
  }

  /** The figures of the query phase (see the record's components of the same names). */
  public record Queries(double worstDeviation, Double recall, long falseAccepts, double bytesPerQuery,
      double lookupsPerQuery, double messagesPerQuery, int failedQueries) {
  }

  /**
   * The publications' figures; {@code ownerAnswers} by {@link AppendOutcome} name in lower case.
   */
  public record Publications(int publications, int completePublications, int incompletePublications,
      int failedPublicationCalls, int fullBuckets, long publicationRetries, Map<String, Long> ownerAnswers) {
  }

  /** Writes NaN, which JSON cannot carry, as null. */
  static final class NanAsNull extends StdSerializer<Double> {

    NanAsNull() {
      super(Double.class);
    }

    @Override
    public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
      if (value == null || value.isNaN()) {
        gen.writeNull();
      } else {
        gen.writeNumber(value);
      }
    }
  }

  /** Prints the bins as a markdown table and the totals as further ones ({@link SimilarTable}). */
  public void printMarkdown(PrintWriter out) {
    out.print(SimilarTable.run(JSON.valueToTree(document())));
    out.flush();
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link SimilarResult} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private SimilarTrial trial;
    private List<Bin> bins;
    private Double recall;
    private long falseAccepts;
    private double bytesPerQuery;
    private double lookupsPerQuery;
    private double messagesPerQuery;
    private int failedQueries;
    private Publication publication;
    private Audit audit;

    private Builder() {
    }

    /** Sets {@link SimilarResult#trial()}. */
    public Builder trial(SimilarTrial value) {
      trial = value;
      return this;
    }

    /** Sets {@link SimilarResult#bins()}. */
    public Builder bins(List<Bin> value) {
      bins = value;
      return this;
    }

    /** Sets {@link SimilarResult#recall()}. */
    public Builder recall(Double value) {
      recall = value;
      return this;
    }

    /** Sets {@link SimilarResult#falseAccepts()}. */
    public Builder falseAccepts(long value) {
      falseAccepts = value;
      return this;
    }

    /** Sets {@link SimilarResult#bytesPerQuery()}. */
    public Builder bytesPerQuery(double value) {
      bytesPerQuery = value;
      return this;
    }

    /** Sets {@link SimilarResult#lookupsPerQuery()}. */
    public Builder lookupsPerQuery(double value) {
      lookupsPerQuery = value;
      return this;
    }

    /** Sets {@link SimilarResult#messagesPerQuery()}. */
    public Builder messagesPerQuery(double value) {
      messagesPerQuery = value;
      return this;
    }

    /** Sets {@link SimilarResult#failedQueries()}. */
    public Builder failedQueries(int value) {
      failedQueries = value;
      return this;
    }

    /** Sets {@link SimilarResult#publication()}. */
    public Builder publication(Publication value) {
      publication = value;
      return this;
    }

    /** Sets {@link SimilarResult#audit()}. */
    public Builder audit(Audit value) {
      audit = value;
      return this;
    }

    /** The record. */
    public SimilarResult build() {
      return new SimilarResult(trial, bins, recall, falseAccepts, bytesPerQuery, lookupsPerQuery,
          messagesPerQuery, failedQueries, publication, audit);
    }
  }
}
