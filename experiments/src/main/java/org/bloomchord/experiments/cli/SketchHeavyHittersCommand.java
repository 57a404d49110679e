package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.sketch.HeavyHitterTrial;
import org.bloomchord.experiments.sketch.HeavyHittersTable;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.routing.heavy.UpdateRule;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord sketch heavy-hitters}: counts a Zipf stream in which exactly H of N items reach
 * the threshold T with a counting filter of M counters and K probes, plain or conservative, and
 * judges every item against its exact count. The JSON keys are a contract: items, threshold,
 * counters, hashes, conservative, zipf, stream, flagged, heavy, falseNegatives, falsePositives,
 * expectedFalsePositives (the Markov bound of docs/architecture/heavy-hitters.md), memoryBytes.
 */
@Command(
    name = "heavy-hitters",
    mixinStandardHelpOptions = true,
    description = "Flag the items of a Zipf stream over a threshold with a counting filter; judge against exact counts.")
public final class SketchHeavyHittersCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", required = true, paramLabel = "N", description = "Distinct items (positive).")
  int items;

  @Option(names = "--heavy", required = true, paramLabel = "H", description = "Items at or above the threshold, 0..N.")
  int heavy;

  @Option(names = "--threshold", required = true, paramLabel = "T", description = "Occurrences that make an item heavy (at least 2).")
  long threshold;

  @Option(names = "--counters", required = true, split = ",", paramLabel = "M",
      description = "Counters of the filter (positive); several, comma-separated, give one row each.")
  List<Integer> counterList;

  @Option(names = "--hashes", required = true, paramLabel = "K", description = "Counters per item, 1..16.")
  int hashes;

  @Option(names = "--conservative", description = "Conservative update (Estan and Varghese) instead of plain.")
  boolean conservative;

  @Option(names = "--zipf", paramLabel = "A", defaultValue = "1.0",
      description = "Zipf exponent of the counts, > 0 (default: ${DEFAULT-VALUE}).")
  double zipf;

  @Option(names = "--seed", split = ",", paramLabel = "S", defaultValue = "42",
      description = "Random seeds (default: ${DEFAULT-VALUE}); several give the mean and range in a markdown table.")
  List<Long> seeds;

  @Option(names = "--compare", description = "Run plain and conservative update on the same streams, one row each.")
  boolean compare;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public Integer call() {
    if (items < 1) {
      throw new UsageException("--items must be positive, got " + items);
    }
    if (heavy < 0 || heavy > items) {
      throw new UsageException("--heavy must be in 0..--items (" + items + "), got " + heavy);
    }
    if (threshold < 2) {
      throw new UsageException("--threshold must be at least 2, got " + threshold);
    }
    for (int counters : counterList) {
      if (counters < 1 || counters > (1 << 28)) {
        throw new UsageException("--counters must be in 1.." + (1 << 28) + ", got " + counters);
      }
    }
    if (hashes < 1 || hashes > 16) {
      throw new UsageException("--hashes must be in 1..16, got " + hashes);
    }
    if (!(zipf > 0) || Double.isInfinite(zipf)) {
      throw new UsageException("--zipf must be positive and finite, got " + zipf);
    }
    List<UpdateRule> rules = compare ? List.of(UpdateRule.PLAIN, UpdateRule.CONSERVATIVE)
        : List.of(conservative ? UpdateRule.CONSERVATIVE : UpdateRule.PLAIN);
    PrintWriter out = spec.commandLine().getOut();
    boolean table = !json && (seeds.size() > 1 || counterList.size() > 1 || compare);
    List<Summary> summaries = new ArrayList<>();
    for (int counters : counterList) {
      for (UpdateRule rule : rules) {
        for (long seed : seeds) {
          HeavyHitterTrial t = new HeavyHitterTrial(items, heavy, threshold, counters, hashes, rule, zipf, seed);
          HeavyHitterTrial.Result r;
          try {
            r = t.run();
          } catch (IllegalArgumentException e) {
            throw new UsageException("--items, --heavy, --threshold and --zipf give " + e.getMessage());
          }
          Map<String, Object> fields = t.fields(r);
          summaries.add(Summary.of("sketch heavy-hitters", null, seed).withFields(fields));
          if (!json && !table) {
            fields.forEach((k, v) -> out.printf(Locale.ROOT, "%-24s %s%n", k,
                v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : v));
          }
        }
      }
    }
    if (table) {
      List<JsonNode> runs = new ArrayList<>();
      try {
        JsonNode all = JSON.readTree(SummaryJson.pretty(summaries));
        if (all.isArray()) {
          all.forEach(runs::add);
        } else {
          runs.add(all);
        }
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("the runs' summaries are not JSON: " + e.getOriginalMessage(), e);
      }
      out.print(HeavyHittersTable.markdown(runs));
    }
    if (json) {
      out.println(SummaryJson.pretty(summaries));
    }
    out.flush();
    return 0;
  }
}
