package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.BitCodec;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.compress.FilterTrial;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord sketch bloom}: builds a Bloom filter of N random keys, measures its
 * false-positive rate with keys that were not inserted and, with {@code --compressed}, the length
 * of its compressed encoding. The JSON keys are a contract: n, m, k, fpTheory, fpMeasured and, with
 * --compressed, compressedBitsPerElement and entropyBitsPerElement.
 */
@Command(
    name = "bloom",
    mixinStandardHelpOptions = true,
    description = "Build a Bloom filter of N random keys and measure its false-positive rate and compressed size.")
public final class SketchBloomCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--n", required = true, paramLabel = "N", description = "Keys inserted (positive).")
  long elements;

  @Option(names = "--bits-per-element", required = true, paramLabel = "B",
      description = "Array bits per key, m = ceil(B * N) (positive).")
  double bitsPerElement;

  @Option(names = "--hashes", paramLabel = "K", description = "Probes per key, 1..64 (default: round((m/n) ln 2)).")
  Integer hashes;

  @Option(names = "--queries", paramLabel = "Q", defaultValue = "1000000",
      description = "Keys not inserted that are tested (default: ${DEFAULT-VALUE}).")
  long queries;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--compressed", description = "Also encode the filter compressed and report its size.")
  boolean compressed;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (elements <= 0) {
      throw new UsageException("--n must be positive, got " + elements);
    }
    if (!(bitsPerElement > 0) || Double.isInfinite(bitsPerElement)) {
      throw new UsageException("--bits-per-element must be positive, got " + bitsPerElement);
    }
    if (hashes != null && (hashes < 1 || hashes > BloomShape.MAX_HASHES)) {
      throw new UsageException("--hashes must be in 1.." + BloomShape.MAX_HASHES + ", got " + hashes);
    }
    if (queries <= 0) {
      throw new UsageException("--queries must be positive, got " + queries);
    }
    double bits = Math.ceil(bitsPerElement * elements);
    if (bits > BloomShape.MAX_BITS) {
      throw new UsageException("--bits-per-element " + bitsPerElement + " with --n " + elements + " gives m = "
          + (long) bits + " bits, above the largest filter of " + BloomShape.MAX_BITS);
    }
    long m = (long) bits;
    int k = hashes != null ? hashes : BloomMath.optimalHashes(m, elements);
    FilterTrial t = FilterTrial.run(new BloomShape(m, k), elements, queries, seed);
    Summary summary = Summary.of("sketch bloom", null, seed).withFields(result(t));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(SummaryJson.pretty(List.of(summary)));
    } else {
      TextTable table = new TextTable("quantity", "value", "meaning");
      table.row("command", summary.command(), "");
      table.row("seed", summary.seed(), "");
      for (Map.Entry<String, Object> e : summary.fields().entrySet()) {
        table.row(e.getKey(), format(e.getValue()), MEANINGS.getOrDefault(e.getKey(), ""));
      }
      table.print(out);
    }
    out.flush();
    return 0;
  }

  /** The summary's fields: the filter, its measured rate and, with --compressed, its sizes. */
  private Map<String, Object> result(FilterTrial t) {
    long m = t.shape().bits();
    int k = t.shape().hashes();
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("n", elements);
    r.put("m", m);
    r.put("k", k);
    r.put("bitsPerElement", (double) m / elements);
    r.put("queries", t.queries());
    r.put("falsePositives", t.falsePositives());
    r.put("fpTheory", BloomMath.falsePositiveExact(m, k, elements));
    r.put("fpMeasured", t.falsePositiveRate());
    r.put("zeroFraction", t.zeroFraction());
    if (compressed) {
      double expectedZero = BloomMath.zeroBitProbability(m, k, elements);
      r.put("codec", CompressedBloom.DEFAULT_CODEC.name().toLowerCase(Locale.ROOT));
      r.put("compressedBytes", t.encodedBits(CompressedBloom.DEFAULT_CODEC) / 8);
      r.put("compressedBitsPerElement", (double) t.encodedBits(CompressedBloom.DEFAULT_CODEC) / elements);
      r.put("golombBitsPerElement", (double) t.encodedBits(BitCodec.GOLOMB) / elements);
      r.put("entropyBitsPerElement", t.entropyBits() / elements);
      r.put("entropyModel", "measured zero fraction");
      r.put("expectedEntropyBitsPerElement", m * BloomMath.entropy(expectedZero) / elements);
    }
    return r;
  }

  private static final Map<String, String> MEANINGS = Map.ofEntries(
      Map.entry("n", "keys inserted"),
      Map.entry("m", "bits in the array"),
      Map.entry("k", "probes per key"),
      Map.entry("bitsPerElement", "m/n"),
      Map.entry("queries", "keys tested that were not inserted"),
      Map.entry("falsePositives", "of them matched"),
      Map.entry("fpTheory", "(1 - (1 - 1/m)^(kn))^k"),
      Map.entry("fpMeasured", "falsePositives / queries"),
      Map.entry("zeroFraction", "measured share of zero bits p"),
      Map.entry("codec", "wire codec"),
      Map.entry("compressedBytes", "encoded length, header included"),
      Map.entry("compressedBitsPerElement", "8 * compressedBytes / n"),
      Map.entry("golombBitsPerElement", "the same with the Golomb run-length codec"),
      Map.entry("entropyBitsPerElement", "m H(p) / n, p measured"),
      Map.entry("expectedEntropyBitsPerElement", "m H(p) / n, p = (1 - 1/m)^(kn)"));

  static String format(Object v) {
    if (v instanceof Double d) {
      if (d != 0 && Math.abs(d) < 0.01) {
        return String.format(Locale.ROOT, "%.3e", d);
      }
      return String.format(Locale.ROOT, "%.4f", d);
    }
    return String.valueOf(v);
  }
}
