package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.join.SemiJoinTrial;
import org.bloomchord.overlay.Networks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord semijoin}: two peers hold R(a, b) and S(b, c); R's peer joins with S by a Bloom
 * filter of its join column (sized to minimise filter plus false matches), by its join column and
 * by fetching S whole; one row per selectivity, as a markdown table or JSON with a {@code semijoin}
 * section (exact, bytes, formulaBytes, columnBytes, wholeBytes, falseMatches, ...).
 */
@Command(
    name = "semijoin",
    mixinStandardHelpOptions = true,
    description = "Join two peers' relations with a Bloom filter of the join column; compare its bytes with the"
        + " formula, with shipping the column and with shipping the other relation whole.")
public final class SemiJoinCommand implements Callable<Integer> {

  /** Most rows in a relation. */
  static final int MAX_ROWS = 5_000_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--left-rows", required = true, paramLabel = "N",
      description = "Rows of R(a, b) at the joining peer, N/2 distinct join values (1.." + MAX_ROWS + ").")
  int leftRows;

  @Option(names = "--right-rows", required = true, paramLabel = "M",
      description = "Rows of S(b, c) at the other peer (1.." + MAX_ROWS + ").")
  int rightRows;

  @Option(names = "--selectivity", required = true, paramLabel = "F[,F...]",
      description = "Share of S's rows whose b is in R, 0..1; a comma-separated list runs one row each.")
  String selectivity;

  @Option(names = "--runtime", paramLabel = "R", defaultValue = "sim", description = "sim or vertx (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object with a semijoin section (one row per selectivity).")
  boolean json;

  @Override
  public Integer call() {
    if (leftRows < 1 || leftRows > MAX_ROWS || rightRows < 1 || rightRows > MAX_ROWS) {
      throw new UsageException("--left-rows and --right-rows must be in 1.." + MAX_ROWS + ", got " + leftRows + " and "
          + rightRows);
    }
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
    List<Double> shares = new ArrayList<>();
    for (String part : selectivity.split(",", -1)) {
      double f;
      try {
        f = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        f = Double.NaN;
      }
      if (!(f >= 0 && f <= 1)) {
        throw new UsageException("--selectivity must be a number in 0..1 or a comma-separated list of them, got '"
            + selectivity + "'");
      }
      shares.add(f);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (double f : shares) {
      rows.add(new SemiJoinTrial(runtime, leftRows, rightRows, f, seed).run());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("command", "semijoin");
      doc.put("runtime", runtime);
      doc.put("seed", seed);
      doc.put("semijoin", rows.size() == 1 ? rows.get(0) : rows);
      JsonOutput.print(out, doc);
    } else {
      out.printf(Locale.ROOT, "semijoin on %s, seed %d: R %d rows (%d distinct b), S %d rows, tuples of 16 bytes%n%n",
          runtime, seed, leftRows, Math.max(1, leftRows / 2), rightRows);
      out.println("| F | exact | bytes | formula | vs formula | column | column formula | below column (measured/formula)"
          + " | whole | false matches | expected | filter bits | k |");
      out.println("|---:|:---:|---:|---:|---:|---:|---:|:---:|---:|---:|---:|---:|---:|");
      for (Map<String, Object> r : rows) {
        out.printf(Locale.ROOT, "| %s | %s | %d | %d | %+.2f%% | %d | %d | %s/%s | %d | %d | %.1f | %d | %d |%n",
            r.get("selectivity"), r.get("exact"), r.get("bytes"), r.get("formulaBytes"), 100 * (double) r.get("overFormula"),
            r.get("columnBytes"), r.get("formulaColumnBytes"), r.get("belowColumn"), r.get("formulaBelowColumn"),
            r.get("wholeBytes"), r.get("falseMatches"), (double) r.get("expectedFalseMatches"), r.get("filterBits"),
            r.get("filterHashes"));
      }
    }
    out.flush();
    boolean exact = rows.stream().allMatch(r -> Boolean.TRUE.equals(r.get("exact")));
    return exact ? 0 : BloomchordCli.EXIT_FAILURE;
  }
}
