package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bloomchord.experiments.bench.BloomJmhTable;
import org.bloomchord.experiments.bench.MemoryLatencyTable;
import org.bloomchord.experiments.bench.RatelessDecodeTable;
import org.bloomchord.experiments.cache.CacheTable;
import org.bloomchord.experiments.cache.SummaryCacheReproduction;
import org.bloomchord.experiments.fuzz.FuzzTable;
import org.bloomchord.experiments.hotkeys.HotKeysTable;
import org.bloomchord.experiments.join.SemiJoinTable;
import org.bloomchord.experiments.locate.LocateTable;
import org.bloomchord.experiments.partition.MergeComparison;
import org.bloomchord.experiments.reconcile.ReconcileStreamingTable;
import org.bloomchord.experiments.similar.SimilarTable;
import org.bloomchord.experiments.sketch.HeavyHittersTable;
import org.bloomchord.experiments.summary.TracebackTable;
import org.bloomchord.experiments.writes.ChurnWritesTable;
import org.bloomchord.experiments.writes.RepairRunsTable;
import org.bloomchord.experiments.writes.WritesTable;

/**
 * The experiment pages of a documentation folder and the data their tables are written from: every
 * block {@code <!-- tables NAME: begin ... -->} of a page {@code DIR/*.md} is written from
 * {@code DIR/data/NAME/} (a run folder's {@code summaries.json}) or, for figures recorded from
 * earlier runs, {@code DIR/data/NAME.recorded.json}; the block {@code compressed-table} from
 * {@code DIR/data/compressed-table.json}, the output of {@code bloomchord sketch compressed-table --json};
 * a block of {@link #RUN_TABLES} (a measurement whose own command prints its table from runs'
 * {@code summary.json}, such as {@code traceback --table}) from the runs kept as
 * {@code DIR/data/NAME/RUN/summary.json}, in the order of their folder names; a block of
 * {@link #SWEEP_TABLES} (a sweep of our own setting, no published figure) from
 * {@code DIR/data/NAME/summaries.json}; a block of
 * {@link #TEXT_TABLES} (what a script such as {@code scripts/hosts-bench}, {@code scripts/relay-vs-peersim} or
 * {@code scripts/rings-at-scale} printed) from the files
 * {@code DIR/data/NAME/*.txt}, in name order; a block
 * {@code PAGE.PART} of {@link #COMMAND_TABLES} (a command that prints its table from its own
 * {@code --json} output, such as {@code cache}) from {@code DIR/data/PAGE/PART.json}. The README two
 * folders up, when there is one, has the figures of its "What it measured" table written from the
 * same data ({@link ReadmeFigures}).
 */
public final class ExperimentPages {

  /** The folder of the data, under the pages' folder. */
  public static final String DATA = "data";

  /** The suffix of a recorded-figures file. */
  public static final String RECORDED = ".recorded.json";

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  /**
   * The blocks written by a command's own table from the runs under {@code data/NAME/}: each
   * takes the runs' {@code summary.json} files, in folder-name order.
   */
  public static final Map<String, Function<List<Path>, String>> RUN_TABLES = Map.ofEntries(
      Map.entry("traceback", TracebackTable::markdown),
      Map.entry("writes-across-splits", WritesTable::markdown),
      Map.entry("summary-cache", CacheTable::scenarioMarkdown),
      Map.entry("quickstart-jvms", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-6919395", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-eaad687", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-6694c67", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-0f14df0", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-busy", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-busy-before", MultiJvmTables::quickstartTrials),
      Map.entry("quickstart-jvms-overload", MultiJvmTables::overloadRuns),
      Map.entry("quickstart-jvms-overload-tried", MultiJvmTables::overloadRuns),
      Map.entry("churn-jvms", MultiJvmTables::churnRuns),
      Map.entry("partitions-scenario", PartitionScenarioTable::markdown),
      Map.entry("writes-repair", RepairRunsTable::markdown));

  /**
   * The blocks written from what a script printed, kept as {@code data/NAME/*.txt}, one file per
   * run: each takes the files in name order.
   */
  public static final Map<String, Function<List<Path>, String>> TEXT_TABLES = Map.of(
      "hosts-jgroups", HostsBenchTable::markdown,
      "simulator-speed", SimulatorSpeedTable::markdown,
      "simulator-speed-fb8e984", SimulatorSpeedTable::markdown,
      "rings-at-scale", RingsAtScaleTable::markdown,
      "bench-ring", BenchRingTable::markdown,
      "node-idle", NodeIdleTable::markdown);

  /**
   * The blocks written from the run folder of a sweep of our own setting, one with no published
   * figure ({@code data/NAME/summaries.json}, the runs {@code bloomchord run FILE} made of the
   * scenario file kept under {@code data/}): by block, the swept value that makes the rows and the
   * title of their column ({@link ReproductionTables#sweepMarkdown}).
   */
  public static final Map<String, Map.Entry<String, String>> SWEEP_TABLES = Map.of(
      "crash-churn", Map.entry("phases[2].churn.rate", "R (crashes per second)"),
      "short-sessions", Map.entry("chord.stabilize", "stabilize"));

  /**
   * The blocks {@code PAGE.PART} written by a command's own table from its {@code --json} output,
   * kept as {@code data/PAGE/PART.json} (one JSON value, an array of them, or one per line), by
   * {@code PAGE}: each takes the output's runs in order.
   */
  public static final Map<String, Function<List<JsonNode>, String>> COMMAND_TABLES = Map.ofEntries(
      Map.entry("cache", CacheTable::markdown),
      Map.entry("hot-keys", HotKeysTable::markdown),
      Map.entry("similarity", SimilarTable::markdown),
      Map.entry("semijoin", SemiJoinTable::markdown),
      Map.entry("heavy-hitters", HeavyHittersTable::markdown),
      Map.entry("fuzz", FuzzTable::markdown),
      Map.entry("reconcile-streaming", ReconcileStreamingTable::markdown),
      Map.entry("riblt-decoding", RatelessDecodeTable::markdown),
      Map.entry("bloom-filters", BloomJmhTable::markdown),
      Map.entry("simulator-speed", MemoryLatencyTable::markdown),
      Map.entry("rogue-peers", RoguePeersTable::markdown),
      Map.entry("location", LocateTable::markdown),
      Map.entry("writes", ChurnWritesTable::markdown),
      Map.entry("partitions", MergeComparison::markdownOfJson),
      Map.entry("state-hour", StateHourTable::markdown),
      Map.entry("pns", PnsTable::markdown),
      Map.entry("location-upkeep", LocationUpkeepTable::markdown),
      Map.entry("churn-hour", ChurnHourTable::markdown),
      Map.entry("reconciliation", ReconcileMethodsTable::markdown),
      Map.entry("chord-path-length", RingPathLengthTable::markdown),
      Map.entry("idle-ring", IdleRingTable::markdown));

  /**
   * The blocks whose data file is named here rather than by the block: the file under {@code data/}
   * (read as {@link #commandRuns}; for some, the data of another block) and the table.
   */
  public static final Map<String, Map.Entry<String, Function<List<JsonNode>, String>>> QUOTED_TABLES = Map.of(
      "cache-aims-met", Map.entry("cache/aims.json", CacheAimsTable::markdown),
      "compressed-codecs", Map.entry(CompressedTableMarkdown.NAME + ".json", CompressedTableMarkdown::codecs),
      "sender-limits", Map.entry("heavy-hitters/sender-limits.json", SenderLimitsTable::markdown),
      "summary-cache-reproduction", Map.entry("cache/reproduction.json", SummaryCacheReproduction::markdown));

  private static final Pattern BEGIN = Pattern.compile("(?m)^<!-- tables ([A-Za-z0-9._-]+): begin");

  private ExperimentPages() {
  }

  /** The block names of {@code page}, in order. */
  public static List<String> blocks(String page) {
    List<String> out = new ArrayList<>();
    Matcher m = BEGIN.matcher(page);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * The data source of block {@code name} under {@code dir}: a command's output for a block of
   * {@link #COMMAND_TABLES}, else the run folder if there is one, else the recorded file.
   */
  public static Path source(Path dir, String name) {
    if (name.equals(CompressedTableMarkdown.NAME)) {
      return dir.resolve(DATA).resolve(name + ".json");
    }
    if (QUOTED_TABLES.containsKey(name)) {
      return dir.resolve(DATA).resolve(QUOTED_TABLES.get(name).getKey());
    }
    if (commandTable(name) != null) {
      int dot = name.indexOf('.');
      return dir.resolve(DATA).resolve(name.substring(0, dot)).resolve(name.substring(dot + 1) + ".json");
    }
    Path runs = dir.resolve(DATA).resolve(name);
    return Files.isDirectory(runs) ? runs : dir.resolve(DATA).resolve(name + RECORDED);
  }

  /** The table writer of block {@code PAGE.PART} when {@code PAGE} is one of {@link #COMMAND_TABLES}, else null. */
  static Function<List<JsonNode>, String> commandTable(String name) {
    int dot = name.indexOf('.');
    return dot <= 0 || dot == name.length() - 1 ? null : COMMAND_TABLES.get(name.substring(0, dot));
  }

  /**
   * The runs of a command's {@code --json} output: every top-level JSON value of {@code file} in
   * order, the elements of an array taken one by one.
   */
  public static List<JsonNode> commandRuns(Path file) {
    List<JsonNode> out = new ArrayList<>();
    try (JsonParser values = JSON.createParser(file.toFile())) {
      while (values.nextToken() != null) {
        JsonNode v = JSON.readTree(values);
        if (v.isArray()) {
          v.forEach(out::add);
        } else {
          out.add(v);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(file + " holds no run");
    }
    return out;
  }

  /** The {@code summary.json} of every run kept under {@code runs}, in folder-name order. */
  public static List<Path> runSummaries(Path runs) {
    try (Stream<Path> folders = Files.list(runs)) {
      List<Path> out = folders.filter(Files::isDirectory).sorted().map(f -> f.resolve("summary.json"))
          .filter(Files::isRegularFile).toList();
      if (out.isEmpty()) {
        throw new IllegalArgumentException("no run folder with a summary.json under " + runs);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + runs, e);
    }
  }

  /** The {@code .txt} files directly under {@code runs}, in name order. */
  public static List<Path> textRuns(Path runs) {
    try (Stream<Path> files = Files.list(runs)) {
      List<Path> out = files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".txt")).sorted().toList();
      if (out.isEmpty()) {
        throw new IllegalArgumentException("no .txt file under " + runs);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + runs, e);
    }
  }

  /** The markdown of one source's tables. */
  public static String tables(Path source) {
    return ReproductionTables.markdown(ReproductionData.load(source));
  }

  /**
   * Every page of {@code dir} that has blocks, with its blocks written anew from the data.
   *
   * @return the pages' new texts by path, in file-name order (unchanged pages included)
   * @throws IllegalArgumentException naming the page and block whose data is missing or wrong
   */
  public static Map<Path, String> regenerate(Path dir) {
    Map<Path, String> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path page : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        List<String> names = blocks(text);
        if (names.isEmpty()) {
          continue;
        }
        for (String name : names) {
          Path source = source(dir, name);
          if (!Files.exists(source)) {
            throw new IllegalArgumentException(page + ": block '" + name + "' has no data (" + (commandTable(name) != null
                || QUOTED_TABLES.containsKey(name)
                ? source.toString() : dir.resolve(DATA).resolve(name) + "/ or " + name + RECORDED) + ")");
          }
          try {
            if (name.equals(CompressedTableMarkdown.NAME)) {
              text = MarkedBlocks.replace(text, name, CompressedTableMarkdown.markdown(JSON.readTree(source.toFile())));
              continue;
            }
            Function<List<JsonNode>, String> command = QUOTED_TABLES.containsKey(name)
                ? QUOTED_TABLES.get(name).getValue() : commandTable(name);
            if (command != null) {
              String md = command.apply(commandRuns(source));
              text = MarkedBlocks.replace(text, name, md.endsWith("\n") ? md : md + "\n");
              continue;
            }
            if (TEXT_TABLES.containsKey(name)) {
              String md = TEXT_TABLES.get(name).apply(textRuns(source));
              text = MarkedBlocks.replace(text, name, md.endsWith("\n") ? md : md + "\n");
              continue;
            }
            if (RUN_TABLES.containsKey(name)) {
              String md = RUN_TABLES.get(name).apply(runSummaries(source));
              text = MarkedBlocks.replace(text, name, md.endsWith("\n") ? md : md + "\n");
              continue;
            }
            if (SWEEP_TABLES.containsKey(name)) {
              Map.Entry<String, String> sweep = SWEEP_TABLES.get(name);
              text = MarkedBlocks.replace(text, name, ReproductionTables.sweepMarkdown(
                  ReproductionData.loadSweep(source, name, sweep.getKey(), sweep.getValue())));
              continue;
            }
            ReproductionData data = ReproductionData.load(source);
            if (!data.scenario().equals(name)) {
              throw new IllegalArgumentException("block '" + name + "' is written from " + source + ", whose runs are of '"
                  + data.scenario() + "'");
            }
            text = MarkedBlocks.replace(text, name, ReproductionTables.markdown(data));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(page + ": " + e.getMessage());
          }
        }
        out.put(page, text);
      }
      Path readme = ReadmeFigures.readmeOf(dir);
      if (readme != null) {
        try {
          out.put(readme, ReadmeFigures.regenerate(Files.readString(readme, StandardCharsets.UTF_8), dir.resolve(DATA)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(readme + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the pages of " + dir, e);
    }
    return out;
  }
}
