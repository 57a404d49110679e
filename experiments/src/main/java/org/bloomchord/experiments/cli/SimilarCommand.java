package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.similar.SimilarResult;
import org.bloomchord.experiments.similar.SimilarTrial;
import org.bloomchord.overlay.Networks;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.Shingles;
import org.bloomchord.routing.similar.SimilarityOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord similar}: publishes a synthetic corpus of near-duplicates on a ring (MinHash
 * signatures under their LSH band keys) and queries every document; prints the candidate share per
 * tenth of Jaccard against 1 − (1 − J^r)^b with its standard errors, recall, false accepts, bytes
 * and lookups per query, and how the publications went against what arrived in the buckets
 * (markdown tables, or JSON with a {@code similar} section).
 */
@Command(
    name = "similar",
    mixinStandardHelpOptions = true,
    description = "Near-duplicate search on a ring: publish a corpus (synthetic, or paragraphs of text files) as MinHash signatures under LSH band"
        + " keys, query every document, compare candidates per Jaccard tenth with 1-(1-J^r)^b.")
public final class SimilarCommand implements Callable<Integer> {

  /** Most documents. */
  static final int MAX_DOCUMENTS = 50_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--documents", paramLabel = "N", defaultValue = "3000",
      description = "Documents in the synthetic corpus, in families of 10 near-duplicates (10.." + MAX_DOCUMENTS
          + "; default: ${DEFAULT-VALUE}).")
  int documents;

  @Option(names = "--corpus", paramLabel = "DIR",
      description = "Instead of the synthetic corpus: every paragraph of at least 20 words of the text files in DIR is"
          + " a document (e.g. /usr/share/common-licenses).")
  java.nio.file.Path corpus;

  @Option(names = "--shingle", paramLabel = "K", defaultValue = "4",
      description = "Words per shingle, 1..64 (default: ${DEFAULT-VALUE}).")
  int shingle;

  @Option(names = "--bands", paramLabel = "B", defaultValue = "20",
      description = "LSH bands b: DHT reads per query and band puts per document, 1..256 (default: ${DEFAULT-VALUE}).")
  int bands;

  @Option(names = "--rows", paramLabel = "R", defaultValue = "5",
      description = "Rows per band r, 1..64; signatures have b*r components (default: ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--threshold", paramLabel = "S", defaultValue = "0.5",
      description = "Estimated Jaccard a candidate needs to be returned, in (0, 1] (default: ${DEFAULT-VALUE}).")
  double threshold;

  @Option(names = "--peers", paramLabel = "P", defaultValue = "16", description = "Ring size, 2..1000 (default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--runtime", paramLabel = "R", defaultValue = "sim", description = "sim or vertx (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object with a similar section.")
  boolean json;

  @Override
  public Integer call() throws java.io.IOException {
    if (documents < 10 || documents > MAX_DOCUMENTS) {
      throw new UsageException("--documents must be in 10.." + MAX_DOCUMENTS + ", got " + documents);
    }
    if (shingle < 1 || shingle > Shingles.MAX_K) {
      throw new UsageException("--shingle must be in 1.." + Shingles.MAX_K + ", got " + shingle);
    }
    if (bands < 1 || bands > 256 || rows < 1 || rows > 64 || bands * rows > MinHashSketch.MAX_HASHES) {
      throw new UsageException("--bands must be in 1..256, --rows in 1..64 and bands*rows at most "
          + MinHashSketch.MAX_HASHES + ", got " + bands + " x " + rows);
    }
    if (!(threshold > 0 && threshold <= 1)) {
      throw new UsageException("--threshold must be in (0, 1], got " + threshold);
    }
    if (peers < 2 || peers > 1000) {
      throw new UsageException("--peers must be in 2..1000, got " + peers);
    }
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
    if (corpus != null && !java.nio.file.Files.isDirectory(corpus)) {
      throw new UsageException("--corpus must be a directory of text files, got '" + corpus + "'");
    }
    SimilarityOptions options = SimilarityOptions.defaults().withShingle(shingle).withBanding(bands, rows);
    SimilarResult result = new SimilarTrial(runtime, peers, documents, options, threshold, seed, corpus).run();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, result.document());
    } else {
      result.printMarkdown(out);
    }
    out.flush();
    return 0;
  }
}
