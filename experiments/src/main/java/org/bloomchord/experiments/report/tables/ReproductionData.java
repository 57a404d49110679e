package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.ops.OperationCounts;
import org.bloomchord.experiments.runner.results.Reproduction;
import org.bloomchord.experiments.runner.results.RunMetrics;

/**
 * The measured side of a bundled reproduction, one row per setting, read from one of two sources:
 * <ul>
 *   <li>a run folder of the reproduction's sweep (what {@code bloomchord run NAME} writes): its
 *       {@code summaries.json}, whose labels name the scenario; runs that differ only in their seed
 *       are folded into one row (mean, 95% interval, total);</li>
 *   <li>a file of figures recorded from earlier runs ({@code NAME.recorded.json}), for
 *       reproductions too slow to run again for a page: {@code scenario}, {@code source} (where the
 *       figures come from) and {@code rows} of {@code x}, optional {@code others}, {@code runs} and
 *       {@code values}, each metric as {@code [mean]} or {@code [mean, half-width]}.</li>
 * </ul>
 *
 * @param scenario the bundled scenario's name
 * @param published its published values
 * @param source where the measured figures come from, for the reader
 * @param recorded whether they are recorded figures rather than runs' summaries
 * @param rows one per setting, by the other swept values, then by the parameter's value
 */
public record ReproductionData(String scenario, Reproduction published, String source, boolean recorded,
    List<SettingRow> rows) {

  /** The file a run folder of a sweep holds its summaries in. */
  public static final String SUMMARIES = "summaries.json";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private static final String SEED = "seed";

  /** The key under which a setting's runs are counted while folding. */
  private static final String RUNS = "\u0000runs";

  public ReproductionData {
    rows = List.copyOf(rows);
  }

  /**
   * Reads a run folder (a directory holding {@code summaries.json}) or a recorded-figures file.
   *
   * @param source the folder or file
   * @throws IllegalArgumentException naming the file and what is wrong in it
   */
  public static ReproductionData load(Path source) {
    try {
      return Files.isDirectory(source) ? fromRuns(source) : fromRecorded(source);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + source + ": " + e.getMessage());
    }
  }

  /**
   * Reads the run folder of a sweep of our own setting, one with no published figure: its runs are
   * folded by {@code parameter} as a reproduction's are, with every figure {@link
   * ReproductionTables#DETAILS} knows and no compared metric.
   *
   * @param folder the folder holding {@code summaries.json}
   * @param scenario the name its runs must carry
   * @param parameter the swept value that makes the rows, as the runs' {@code sweep} names it
   * @param xLabel the title of the rows' column
   * @throws IllegalArgumentException naming the file and what is wrong in it
   */
  public static ReproductionData loadSweep(Path folder, String scenario, String parameter, String xLabel) {
    try {
      return fromRuns(folder, new Reproduction(null, parameter, xLabel, false, null, List.of()), scenario);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + folder + ": " + e.getMessage());
    }
  }

  private static ReproductionData fromRuns(Path folder) throws IOException {
    return fromRuns(folder, null, null);
  }

  private static ReproductionData fromRuns(Path folder, Reproduction own, String expected) throws IOException {
    Path file = folder.resolve(SUMMARIES);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(folder + " holds no " + SUMMARIES + " (the run folder of a sweep)");
    }
    JsonNode all = JSON.readTree(file.toFile());
    if (!all.isArray() || all.isEmpty()) {
      throw new IllegalArgumentException(file + ": expected a non-empty array of {label, sweep, summary}");
    }
    String scenario = all.get(0).path("label").asText().split(" ", 2)[0];
    if (expected != null && !expected.equals(scenario)) {
      throw new IllegalArgumentException(file + ": runs of '" + scenario + "', not of '" + expected + "'");
    }
    Reproduction published = own != null ? own : publishedOf(scenario, file);
    List<String> metrics = ReproductionTables.metrics(published);
    Map<String, Map<String, List<Double>>> bySetting = new LinkedHashMap<>();
    Map<String, String[]> keys = new LinkedHashMap<>();
    for (JsonNode run : all) {
      if (!run.path("label").asText().split(" ", 2)[0].equals(scenario)) {
        throw new IllegalArgumentException(file + ": runs of more than one scenario (" + scenario + ", "
            + run.path("label").asText() + ")");
      }
      JsonNode sweep = run.path("sweep");
      String x = sweep.path(published.parameter()).asText(null);
      if (x == null) {
        throw new IllegalArgumentException(file + ": run '" + run.path("label").asText() + "' does not sweep "
            + published.parameter());
      }
      List<String> others = new ArrayList<>();
      sweep.fields().forEachRemaining(e -> {
        if (!e.getKey().equals(published.parameter()) && !e.getKey().equals(SEED)) {
          others.add(e.getKey().substring(e.getKey().lastIndexOf('.') + 1) + "=" + e.getValue().asText());
        }
      });
      String other = String.join(", ", others);
      String key = other + "\u0000" + x;
      keys.putIfAbsent(key, new String[] {other, x});
      OperationCounts ops = run.has("operations") ? JSON.treeToValue(run.get("operations"), OperationCounts.class)
          : null;
      Map<String, List<Double>> values = bySetting.computeIfAbsent(key, k -> new LinkedHashMap<>());
      for (String m : metrics) {
        double v = RunMetrics.value(run.path("summary"), ops, m);
        if (!Double.isNaN(v)) {
          values.computeIfAbsent(m, k -> new ArrayList<>()).add(v);
        }
      }
      values.computeIfAbsent(RUNS, k -> new ArrayList<>()).add(1.0);
    }
    List<SettingRow> rows = new ArrayList<>();
    bySetting.forEach((key, values) -> {
      Map<String, Measured> folded = new LinkedHashMap<>();
      values.forEach((m, v) -> {
        if (!m.equals(RUNS)) {
          folded.put(m, Measured.ofRuns(v.stream().mapToDouble(Double::doubleValue).toArray()));
        }
      });
      rows.add(new SettingRow(keys.get(key)[0], keys.get(key)[1], values.get(RUNS).size(), folded));
    });
    return new ReproductionData(scenario, published, folder.getFileName() + "/" + SUMMARIES, false, sorted(rows));
  }

  private static ReproductionData fromRecorded(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    String scenario = text(root, "scenario", file);
    String source = text(root, "source", file);
    Reproduction published = publishedOf(scenario, file);
    JsonNode rowsNode = root.path("rows");
    if (!rowsNode.isArray() || rowsNode.isEmpty()) {
      throw new IllegalArgumentException(file + ": 'rows' must be a non-empty array");
    }
    List<SettingRow> rows = new ArrayList<>();
    int i = 0;
    for (JsonNode row : rowsNode) {
      String where = file + ", rows[" + i++ + "]";
      int runs = row.path("runs").asInt(0);
      if (runs < 1) {
        throw new IllegalArgumentException(where + ": 'runs' must be a positive integer");
      }
      Map<String, Measured> values = new LinkedHashMap<>();
      row.path("values").fields().forEachRemaining(e -> {
        JsonNode v = e.getValue();
        if (!v.isArray() || v.isEmpty() || v.size() > 2 || !v.get(0).isNumber() || (v.size() == 2 && !v.get(1).isNumber())) {
          throw new IllegalArgumentException(where + ": value of " + e.getKey() + " must be [mean] or [mean, half-width]");
        }
        values.put(e.getKey(), Measured.recorded(v.get(0).asDouble(), v.size() == 2 ? v.get(1).asDouble() : 0, runs));
      });
      rows.add(new SettingRow(row.path("others").asText(""), text(row, "x", file), runs, values));
    }
    return new ReproductionData(scenario, published, source, true, sorted(rows));
  }

  private static Reproduction publishedOf(String scenario, Path file) {
    Reproduction published = Reproduction.of(scenario);
    if (published == null) {
      throw new IllegalArgumentException(file + ": scenario '" + scenario + "' has no published values (no "
          + Reproduction.RESOURCES + scenario + ".json)");
    }
    return published;
  }

  private static String text(JsonNode node, String field, Path file) {
    JsonNode v = node.path(field);
    if (!v.isValueNode() || v.asText().isEmpty()) {
      throw new IllegalArgumentException(file + ": '" + field + "' is missing");
    }
    return v.asText();
  }

  /** Rows in the order of their other swept values' first appearance, then by the parameter's value. */
  private static List<SettingRow> sorted(List<SettingRow> rows) {
    List<String> others = rows.stream().map(SettingRow::others).distinct().toList();
    List<SettingRow> out = new ArrayList<>(rows);
    out.sort(Comparator.comparingInt((SettingRow r) -> others.indexOf(r.others()))
        .thenComparingDouble(r -> Experiment.sweptValue(r.x())));
    return out;
  }
}
