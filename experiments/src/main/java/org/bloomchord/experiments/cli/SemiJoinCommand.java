package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.join.JoinInput;
import org.bloomchord.experiments.join.JoinRow;
import org.bloomchord.experiments.join.RelationCsv;
import org.bloomchord.experiments.join.SemiJoinTable;
import org.bloomchord.experiments.join.SemiJoinTrial;
import org.bloomchord.experiments.join.StoreJoinTrial;
import org.bloomchord.overlay.Networks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord semijoin}: R(a, b) at one peer is joined with S(b, c) by a Bloom filter of its
 * join column (sized to minimise filter plus false matches), by its join column and by fetching S
 * whole. {@code --over peer} (default): S is at one other peer. {@code --over store}: S is
 * partitioned by b over a ring of {@code --peers} peers and each owner gets its own filter. The
 * relations are generated (one row per selectivity) or read from CSV files ({@code --left},
 * {@code --right}); output is a markdown table or JSON with a {@code semijoin} section (exact,
 * bytes, formulaBytes, columnBytes, wholeBytes, falseMatches, ...; over the store also owners,
 * messages, lookups) and a {@code relations} section (their source and R's distinct join values),
 * from which {@link SemiJoinTable} writes the same table.
 */
@Command(
    name = "semijoin",
    mixinStandardHelpOptions = true,
    description = "Join two relations with a Bloom filter of the join column, between two peers or over a relation"
        + " partitioned over the ring; compare its bytes with the formula, with shipping the column and with"
        + " shipping the other relation whole.")
public final class SemiJoinCommand implements Callable<Integer> {

  /** Most rows in a relation. */
  static final int MAX_ROWS = 5_000_000;
  /** Most peers of the ring over the store. */
  static final int MAX_PEERS = 1024;
  /** Where S is. */
  static final String OVER_PEER = "peer";
  static final String OVER_STORE = "store";

  private static final ObjectMapper JSON = new ObjectMapper();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--left-rows", paramLabel = "N",
      description = "Rows of generated R(a, b) at the joining peer, N/2 distinct join values (1.." + MAX_ROWS + ").")
  Integer leftRows;

  @Option(names = "--right-rows", paramLabel = "M",
      description = "Rows of generated S(b, c) (1.." + MAX_ROWS + ").")
  Integer rightRows;

  @Option(names = "--selectivity", paramLabel = "F[,F...]",
      description = "Share of generated S's rows whose b is in R, 0..1; a comma-separated list runs one row each.")
  String selectivity;

  @Option(names = "--left", paramLabel = "FILE",
      description = "R from a CSV file of a,b rows (a header line optional), instead of --left-rows.")
  Path leftFile;

  @Option(names = "--right", paramLabel = "FILE",
      description = "S from a CSV file of b,c rows (a header line optional), instead of --right-rows.")
  Path rightFile;

  @Option(names = "--over", paramLabel = "WHERE", defaultValue = OVER_PEER,
      description = "peer: S at one other peer; store: S partitioned by b over a ring of --peers peers, one filter"
          + " per owner (default: ${DEFAULT-VALUE}).")
  String over;

  @Option(names = "--peers", paramLabel = "P", defaultValue = "16",
      description = "Peers of the ring with --over store (2.." + MAX_PEERS + "; default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--runtime", paramLabel = "R", defaultValue = "sim", description = "sim or vertx (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print one JSON object with a semijoin section (one row per selectivity).")
  boolean json;

  @Override
  public Integer call() {
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
    if (!OVER_PEER.equals(over) && !OVER_STORE.equals(over)) {
      throw new UsageException("--over must be peer or store, got '" + over + "'");
    }
    if (peers < 2 || peers > MAX_PEERS) {
      throw new UsageException("--peers must be in 2.." + MAX_PEERS + ", got " + peers);
    }
    List<JoinInput> inputs = inputs();
    List<JoinRow> rows = new ArrayList<>();
    for (JoinInput input : inputs) {
      rows.add(OVER_STORE.equals(over) ? new StoreJoinTrial(runtime, input, peers, seed).run()
          : new SemiJoinTrial(runtime, input, seed).run());
    }
    PrintWriter out = spec.commandLine().getOut();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("command", "semijoin");
    doc.put("runtime", runtime);
    doc.put("over", over);
    if (OVER_STORE.equals(over)) {
      doc.put("peers", peers);
    }
    doc.put("seed", seed);
    Map<String, Object> relations = new LinkedHashMap<>();
    relations.put("source", leftFile != null ? leftFile + " and " + rightFile : "generated relations");
    relations.put("distinct", inputs.get(0).distinct());
    doc.put("relations", relations);
    doc.put("semijoin", rows.size() == 1 ? rows.get(0) : rows);
    if (json) {
      JsonOutput.print(out, doc);
    } else {
      out.print(SemiJoinTable.document(JSON.valueToTree(doc)));
    }
    out.flush();
    boolean exact = rows.stream().allMatch(r -> r.relations().exact());
    return exact ? 0 : BloomchordCli.EXIT_FAILURE;
  }

  // generated (one per selectivity) or read from the two files
  private List<JoinInput> inputs() {
    boolean files = leftFile != null || rightFile != null;
    boolean generated = leftRows != null || rightRows != null || selectivity != null;
    if (files && generated) {
      throw new UsageException("give either --left and --right or --left-rows, --right-rows and --selectivity, not both");
    }
    if (files) {
      if (leftFile == null || rightFile == null) {
        throw new UsageException("--left and --right go together: R's file and S's file");
      }
      try {
        return List.of(JoinInput.of(RelationCsv.read(leftFile, "a,b", MAX_ROWS),
            RelationCsv.read(rightFile, "b,c", MAX_ROWS)));
      } catch (RelationCsv.FormatException e) {
        throw new UsageException(e.getMessage());
      }
    }
    if (leftRows == null || rightRows == null || selectivity == null) {
      throw new UsageException("give --left-rows, --right-rows and --selectivity (or --left and --right files)");
    }
    if (leftRows < 1 || leftRows > MAX_ROWS || rightRows < 1 || rightRows > MAX_ROWS) {
      throw new UsageException("--left-rows and --right-rows must be in 1.." + MAX_ROWS + ", got " + leftRows + " and "
          + rightRows);
    }
    List<JoinInput> out = new ArrayList<>();
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
      out.add(JoinInput.generated(leftRows, rightRows, f, seed));
    }
    return out;
  }
}
