package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.report.TextTable;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.sketch.CompressedTable;
import org.bloomchord.experiments.sketch.CompressedTable.Row;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord sketch compressed-table}: Mitzenmacher's compressed-filter tables (about 8 and
 * 16 bits per element, fixed compressed size and fixed false-positive rate), published, predicted
 * by the model and measured on filters of random keys, side by side. With {@code --json} the
 * output is one JSON array with one object per column ({@link SummaryJson#prettyRows}): a
 * published table's rows, not a summary, so the objects carry no header.
 */
@Command(
    name = "compressed-table",
    mixinStandardHelpOptions = true,
    description = "Reproduce Mitzenmacher's compressed Bloom filter tables: published, predicted and measured.")
public final class CompressedTableCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--n", paramLabel = "N", defaultValue = "100000",
      description = "Keys per filter (default: ${DEFAULT-VALUE}).")
  long elements;

  @Option(names = "--seeds", paramLabel = "R", defaultValue = "3",
      description = "Filters per column, averaged (default: ${DEFAULT-VALUE}).")
  int seeds;

  @Option(names = "--queries", paramLabel = "Q", defaultValue = "1000000",
      description = "Keys not inserted tested per filter (default: ${DEFAULT-VALUE}).")
  long queries;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
      description = "Seed of the first filter; the others use the next ones (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON array instead of a table.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (elements <= 0 || elements > 10_000_000) {
      throw new UsageException("--n must be in 1..10000000, got " + elements);
    }
    if (seeds < 1 || seeds > 100) {
      throw new UsageException("--seeds must be in 1..100, got " + seeds);
    }
    if (queries <= 0) {
      throw new UsageException("--queries must be positive, got " + queries);
    }
    List<Row> rows = CompressedTable.measure(elements, seeds, queries, seed);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      List<Map<String, Object>> array = new ArrayList<>();
      for (Row r : rows) {
        array.add(toJson(r));
      }
      out.println(SummaryJson.prettyRows(array));
    } else {
      out.printf(Locale.ROOT, "compressed Bloom filters (Mitzenmacher, ToN 2002, Tables I and II): n = %d, "
          + "%d filters per column, %d queries each, seed %d%n", elements, seeds, queries, seed);
      out.println("view: fixed compressed size (Table I) or fixed false-positive rate (Table II); "
          + "z/n: published, model m H(p)/n, measured arithmetic-coded length (header included), "
          + "its deviation from the published z/n, measured Golomb-coded length; "
          + "optimiser: its (m/n, k) for the view's target with m/n at most the column's and k at most the "
          + "uncompressed k");
      TextTable table = TextTable.of(List.of("view", "m/n", "k", "z/n paper", "z/n model", "z/n measured", "dev",
          "z/n golomb", "P paper", "P model", "P measured", "optimiser m/n", "opt k"));
      for (Row r : rows) {
        table.row(r.paper().view() == CompressedTable.View.FIXED_SIZE
                ? "z/n<=" + r.paper().groupBitsPerElement()
                : f("P<=%.3g", CompressedTable.groupFalsePositiveRate(r.paper(), elements)),
            trim(r.paper().bitsPerElement()), r.paper().hashes(),
            f("%.3f", r.paper().compressedBitsPerElement()), f("%.4f", r.predicted().compressedBitsPerElement()),
            f("%.4f", r.compressedBitsPerElement()), f("%+.2f%%", 100 * r.compressedSizeError()),
            f("%.4f", r.golombBitsPerElement()),
            f("%.3g", r.paper().falsePositiveRate()), f("%.3e", r.predicted().falsePositiveRate()),
            f("%.3e", r.falsePositiveRate()),
            f("%.3f", r.optimised().bitsPerElement()), r.optimised().hashes());
      }
      table.print(out);
    }
    out.flush();
    return 0;
  }

  private Map<String, Object> toJson(Row r) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("view", r.paper().view() == CompressedTable.View.FIXED_SIZE ? "fixedSize" : "fixedRate");
    o.put("groupBitsPerElement", r.paper().groupBitsPerElement());
    o.put("bitsPerElement", r.paper().bitsPerElement());
    o.put("k", r.paper().hashes());
    o.put("n", elements);
    o.put("m", r.predicted().bits());
    o.put("seeds", seeds);
    o.put("paperCompressedBitsPerElement", r.paper().compressedBitsPerElement());
    o.put("predictedCompressedBitsPerElement", r.predicted().compressedBitsPerElement());
    o.put("measuredCompressedBitsPerElement", r.compressedBitsPerElement());
    o.put("compressedSizeDeviation", r.compressedSizeError());
    o.put("golombBitsPerElement", r.golombBitsPerElement());
    o.put("entropyBitsPerElement", r.entropyBitsPerElement());
    o.put("paperFalsePositiveRate", r.paper().falsePositiveRate());
    o.put("predictedFalsePositiveRate", r.predicted().falsePositiveRate());
    o.put("measuredFalsePositiveRate", r.falsePositiveRate());
    o.put("falsePositives", r.falsePositives());
    o.put("queries", r.queries());
    o.put("optimiserBitsPerElement", r.optimised().bitsPerElement());
    o.put("optimiserK", r.optimised().hashes());
    o.put("optimiserFalsePositiveRate", r.optimised().falsePositiveRate());
    o.put("optimiserCompressedBitsPerElement", r.optimised().compressedBitsPerElement());
    return o;
  }

  private static String f(String format, double v) {
    return String.format(Locale.ROOT, format, v);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
