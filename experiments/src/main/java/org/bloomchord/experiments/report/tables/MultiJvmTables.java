package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tables of multi-jvm.md written from the runs kept under docs/experiments/data: the
 * quickstart trials of {@code scripts/quickstart-trials} (its {@code runs.tsv}, one line per run
 * started, and each run's {@code summary.json}), the runs of {@code run churn-jvms}, and the runs of
 * the quickstart beside busy loops ({@code meta.txt} beside each {@code summary.json}).
 */
public final class MultiJvmTables {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TSV = "runs.tsv";

  private MultiJvmTables() {
  }

  /**
   * The table {@code scripts/quickstart-trials --markdown} prints, one row per line of the
   * {@code runs.tsv} beside the run folders (a run that failed, without a summary, is a row too);
   * the ring, lookup and membership cells are read from each run's {@code summary.json}, which
   * must agree with what the script wrote in {@code runs.tsv}.
   *
   * @param summaries the runs' {@code summary.json}, in folder-name order
   * @throws IllegalArgumentException when {@code runs.tsv} is missing or disagrees with a summary
   */
  public static String quickstartTrials(List<Path> summaries) {
    Path dir = summaries.get(0).getParent().getParent();
    List<String> lines = readLines(dir.resolve(TSV));
    StringBuilder md = new StringBuilder("| run | started (UTC) | load at start / end | exit | wall (s) | output "
        + "| child logs left | unhandled | ring stable | lookups incorrect | members removed (jvm0 jvm1 jvm2) |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n");
    int passed = 0;
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (f.length < 13) {
        throw new IllegalArgumentException(dir.resolve(TSV) + ": a line of " + f.length + " fields, expected 15: " + line);
      }
      String stable = f[9];
      String incorrect = f[10];
      String total = f[11];
      String removed = f[12];
      Path summary = dir.resolve(f[0]).resolve("summary.json");
      if (Files.isRegularFile(summary)) {
        JsonNode s = readJson(summary);
        stable = s.path("ring").path("stable").asText("-");
        incorrect = s.path("lookups").path("incorrect").asText("-");
        total = s.path("lookups").path("total").asText("-");
        List<String> jvms = new ArrayList<>();
        s.path("traffic").path("byJvm").forEach(j -> jvms.add(j.path("membersRemoved").asText("-")));
        removed = jvms.isEmpty() ? "-" : String.join(" ", jvms);
        if (!stable.equals(f[9]) || !incorrect.equals(f[10]) || !total.equals(f[11]) || !removed.equals(f[12])) {
          throw new IllegalArgumentException(summary + " disagrees with its line in " + TSV + ": " + line);
        }
      }
      if (f[4].equals("0") && stable.equals("true")) {
        passed++;
      }
      md.append(String.format(Locale.ROOT, "| %s | %s | %s / %s | %s | %s | %d KB | %s B | %s | %s | %s of %s | %s |\n",
          f[0], f[1], f[2], f[3], f[4], f[5], Long.parseLong(f[6]) / 1024, f[7], f[8], stable, incorrect, total, removed));
    }
    return md.append(String.format(Locale.ROOT, "\n%d runs started, %d exited 0 with a stable ring.\n",
        lines.size() - 1 - (int) lines.stream().skip(1).filter(String::isBlank).count(), passed)).toString();
  }

  /**
   * One row per run of the quickstart over JVMs beside busy loops: what each run's {@code meta.txt}
   * says of it (build, busy loops beside it, start, load average at start and end, wall time;
   * {@code key=value} lines,
   * written by the trial's script) and what its {@code summary.json} says of the lookups, the
   * traffic and the ring.
   *
   * @param summaries the runs' {@code summary.json}, in folder-name order
   * @throws IllegalArgumentException when a run's {@code meta.txt} lacks a field
   */
  public static String overloadRuns(List<Path> summaries) {
    StringBuilder md = new StringBuilder("| run | build | busy loops | started (UTC) | load at start / end | wall (s) "
        + "| lookups correct | incorrect | failed | of | messages | `FindSuccessor` | ring stable |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Path summary : summaries) {
      MetaFile meta = MetaFile.read(summary.resolveSibling("meta.txt"));
      JsonNode s = readJson(summary);
      JsonNode lookups = s.path("lookups");
      JsonNode traffic = s.path("traffic");
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s / %s | %s | %,d | %,d | %,d | %,d | %,d | %,d | %s |\n",
          summary.getParent().getFileName(), meta.required("build"), meta.required("loops"),
          meta.required("started"), meta.required("load_start"), meta.required("load_end"),
          meta.required("wall_s"), lookups.path("correct").asLong(), lookups.path("incorrect").asLong(),
          lookups.path("failed").asLong(), lookups.path("total").asLong(), traffic.path("messages").asLong(),
          traffic.path("byType").path("FindSuccessor").path("messages").asLong(),
          s.path("ring").path("stable").asText("-")));
    }
    return md.toString();
  }

  /**
   * One row per run of {@code run churn-jvms}: the membership's churn, JVMs taken for dead by
   * another JVM's membership, the lookups' outcome, the stored keys and the ring at the end.
   *
   * @param summaries the runs' {@code summary.json}, in folder-name order
   */
  public static String churnRuns(List<Path> summaries) {
    StringBuilder md = new StringBuilder("| run | joins | leaves | crashes | members removed (jvm0 jvm1 jvm2) "
        + "| lookups correct | incorrect | failed | keys stored | keys lost | ring at the end |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Path summary : summaries) {
      JsonNode s = readJson(summary);
      JsonNode peers = s.path("peers");
      JsonNode lookups = s.path("lookups");
      JsonNode ring = s.path("ring");
      List<String> removed = new ArrayList<>();
      s.path("traffic").path("byJvm").forEach(j -> removed.add(j.path("membersRemoved").asText("-")));
      String end = (ring.path("stable").asBoolean() ? "stable" : "not stable") + ", "
          + ring.path("successorErrors").asLong() + " successor and " + ring.path("fingerErrors").asLong()
          + " finger errors";
      md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %s | %,d | %,d | %,d | %,d | %,d | %s |\n",
          summary.getParent().getFileName(), peers.path("joins").asLong(), peers.path("leaves").asLong(),
          peers.path("crashes").asLong(), removed.isEmpty() ? "-" : String.join(" ", removed),
          lookups.path("correct").asLong(), lookups.path("incorrect").asLong(), lookups.path("failed").asLong(),
          s.path("keys").path("stored").asLong(), s.path("keys").path("lost").asLong(), end));
    }
    return md.toString();
  }

  private static JsonNode readJson(Path file) {
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
  }

  private static List<String> readLines(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("no " + file + " beside the run folders");
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
