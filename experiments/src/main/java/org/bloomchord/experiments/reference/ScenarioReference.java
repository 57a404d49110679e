package org.bloomchord.experiments.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.experiments.scenario.KeyCatalog;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.scenario.ScenarioException;
import org.bloomchord.experiments.scenario.ScenarioLoader;

/**
 * The scenario keys reference (docs/reference/scenario.md, block {@value #BLOCK}) written from the
 * binder itself: the binder binds a set of exercise scenarios that together take every branch of
 * it ({@link #EXERCISES}) while a {@link KeyCatalog} records each section, the keys it allows, what
 * it expects of each value and the default it falls back to. Only the description column is
 * written by hand; regenerating keeps it, key by key, and marks a new key's as
 * {@value #UNDESCRIBED}.
 *
 * <p>Where the binder reads a key differently in different contexts (the default of a join phase's
 * peers is the scenario's peers; proximity candidates are bounded by the successors) the
 * exercises differ in that context and the page lists each reading, joined by "or".
 */
public final class ScenarioReference {

  /** The name of the generated block. */
  public static final String BLOCK = "scenario";
  /** The description a key gets until someone writes one. */
  public static final String UNDESCRIBED = "(not described yet)";

  /**
   * Scenarios that take every branch of the binder: every section and phase kind, each churn
   * model and session distribution, each latency model, both shapes of workload keys, a
   * {@code fail} of a JVM (bound as for {@code run --jvms 2}, the number after {@code #jvms=}).
   * A key the binder accepts but none of these reads shows an empty "accepted values" cell.
   */
  static final List<String> EXERCISES = List.of(
      """
      name: everything
      description: every section and phase kind
      seed: 7
      runtime: sim
      peers: 1000
      chord: { idBits: 64, successors: 8, replicas: 3, stabilize: 500ms, fixFingers: 500ms, checkPredecessor: 1s,
               stabilizeMax: 1s, fixFingersMax: 1s, jitter: 0.2, requestTimeout: 500ms, lookupTimeout: 10s,
               virtualNodes: 1, lookup: recursive, nextHop: fingers, placement: fixed, quota: 100, writeQuorum: 2,
               readQuorum: 1, repair: push, proximity: true, proximityCandidates: 4, successorPush: true,
               hotKeys: { relief: on, threshold: 2/s, lease: 10s, budget: 2/s } }
      routing: { depth: 3, bitsPerLevel: 4096, hashes: 3, refresh: 1s, lease: 30s, queryTimeout: 5s }
      rogue: { peers: 5, behaviours: [forgedNotify], every: 1s }
      traceback: { trace: forged, sample: 0.001, window: 10s, windows: 6, fpRate: 0.001 }
      cache: { protocols: summary, names: url, objects: 100000, zipf: 0.8, capacity: 2000, requests: 20000,
               warmup: 5000, rate: 100/s, bitsPerEntry: 8, hashes: 4, updateThreshold: 0.01, deltas: true }
      latency: { model: uniform, min: 10ms, max: 100ms }
      phases:
        - join: { peers: 1000, over: 10s }
        - publish: { objects: 100, holdersPerObject: 2, over: 1s }
        - workload: { for: 10s, lookups: 10/s, gets: 1/s, puts: 1/s, locates: 1/s, keys: { zipf: 0.9, population: 10 }, warmup: 1s }
        - churn: { for: 10s, session: { distribution: exponential, mean: 20s }, crashes: 0.5, warmup: 1s }
          workload: { lookups: 1/s, keys: uniform }
        - fail: { fraction: 0.1, over: 1s }
        - leave: { peers: 3, over: 1s }
        - reconcile: { method: iblt, size: 100, diff: 10, pairs: 1 }
        - wait: 1s
        - maintenance: paused
        - partition: { groups: [0.5, 0.3, 0.2], for: 10min, settle: 10min }
          workload: { lookups: 1/s }
        - measure: { lookups: 10, gets: 1, puts: 1, locates: 1, keys: { zipf: 0.5 }, pace: 100/s }
      """,
      """
      runtime: sim
      peers: 64
      chord: { successors: 4, proximity: true }
      latency: { model: geographic, diagonal: 100ms, accessMin: 2ms, accessMax: 20ms }
      phases:
        - join: {}
        - churn: { for: 10s, session: { distribution: weibull, median: 20s, shape: 0.6 } }
        - churn: { for: 10s, session: { distribution: pareto, scale: 20s, shape: 1.5 } }
        - churn: { for: 10s, session: { distribution: exponential, median: 20s } }
        - churn: { for: 10s, rate: 1/s }
        - churn: { for: 10s, trace: trace.csv }
        - fail: { peers: 2 }
        - leave: { fraction: 0.1 }
        - wait: { for: 1s }
        - maintenance: { state: running }
        - reconcile: { method: bloom, size: 10, diff: 1 }
        - workload: { for: 1s, lookups: 1/s, keys: { zipf: 0.9 } }
        - measure: { lookups: 10, keys: { zipf: 0.9 } }
      """,
      """
      runtime: sim
      peers: 10
      latency: { model: coordinates, diagonal: 100ms }
      phases:
        - join: { peers: 10 }
      """,
      """
      runtime: sim
      peers: 10
      latency: { delay: 10ms }
      phases:
        - join: { peers: 10 }
      """,
      """
      #jvms=2
      peers: 10
      phases:
        - join: { peers: 10 }
        - fail: { jvm: 1 }
      """);

  /** The file name every exercise is read as: a scenario's name defaults to its file's. */
  private static final String EXERCISE_FILE = "my-scenario.yaml";

  private static final Pattern HEADING = Pattern.compile("^### (?:`([^`]*)`|Top level)$");

  private final Map<String, List<KeyCatalog.Key>> sections;

  private ScenarioReference(Map<String, List<KeyCatalog.Key>> sections) {
    this.sections = sections;
  }

  /** Binds the exercises and keeps what the binder read. */
  public static ScenarioReference fromBinder() {
    Path dir;
    try {
      dir = Files.createTempDirectory("bloomchord-scenario-keys");
      Files.writeString(dir.resolve("trace.csv"), "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      KeyCatalog catalog = KeyCatalog.record(() -> {
        for (int i = 0; i < EXERCISES.size(); i++) {
          String text = EXERCISES.get(i);
          int jvms = text.startsWith("#jvms=") ? Integer.parseInt(text.substring(6, text.indexOf('\n'))) : 0;
          try {
            ScenarioLoader.parse(EXERCISE_FILE, text, List.of(), dir, jvms);
          } catch (ScenarioException e) {
            throw new IllegalStateException("exercise " + i + " of ScenarioReference.EXERCISES no longer binds ("
                + e.getMessage() + "): update it to the binder", e);
          }
        }
      });
      catalog.addSection("phases[]", Phase.KINDS);
      return new ScenarioReference(ordered(catalog.sections()));
    } finally {
      try {
        Files.deleteIfExists(dir.resolve("trace.csv"));
        Files.deleteIfExists(dir);
      } catch (IOException e) {
        // a temporary folder left behind is harmless
      }
    }
  }

  /** The sections: the top level, the settings sections, then the phases and what is inside them. */
  private static Map<String, List<KeyCatalog.Key>> ordered(Map<String, List<KeyCatalog.Key>> met) {
    Map<String, List<KeyCatalog.Key>> out = new LinkedHashMap<>();
    met.forEach((s, k) -> {
      if (s.isEmpty()) {
        out.put(s, k);
      }
    });
    met.forEach((s, k) -> {
      if (!s.isEmpty() && !s.startsWith("phases[]")) {
        out.put(s, k);
      }
    });
    out.put("phases[]", met.get("phases[]"));
    met.forEach((s, k) -> {
      if (s.startsWith("phases[].")) {
        out.put(s, k);
      }
    });
    return out;
  }

  public Map<String, List<KeyCatalog.Key>> sections() {
    return sections;
  }

  /** Every {@code "section key"} the binder accepts ({@code "chord idBits"}, {@code " peers"} at the top). */
  public Set<String> entries() {
    Set<String> out = new LinkedHashSet<>();
    sections.forEach((s, keys) -> keys.forEach(k -> out.add(qualified(s, k.key()))));
    return out;
  }

  /** A key's name on the page and in messages: its dotted path. */
  public static String qualified(String section, String key) {
    return section.isEmpty() ? key : section + "." + key;
  }

  /** The keys a page's generated block documents, by their dotted path, with their descriptions. */
  public static Map<String, String> documented(String page) {
    Map<String, String> out = new LinkedHashMap<>();
    String block = GeneratedBlocks.extract(page, BLOCK);
    if (block == null) {
      return out;
    }
    String section = null;
    for (String line : block.split("\n")) {
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        section = h.group(1) == null ? "" : h.group(1);
      } else if (section != null && line.startsWith("| `")) {
        String[] cells = line.substring(2, line.length() - 2).split("(?<!\\\\) \\| ", -1);
        String key = cells[0].replace("`", "").strip();
        out.put(qualified(section, key), cells.length >= 4 ? cells[3].strip() : "");
      }
    }
    return out;
  }

  /** The generated block, with the descriptions of {@code page} kept for the keys it already has. */
  public String markdown(String page) {
    Map<String, String> descriptions = documented(page);
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, List<KeyCatalog.Key>> s : sections.entrySet()) {
      String section = s.getKey();
      b.append(section.isEmpty() ? "### Top level" : "### `" + section + "`").append("\n\n");
      b.append("| Key | Accepted values | Default | Description |\n| --- | --- | --- | --- |\n");
      for (KeyCatalog.Key k : s.getValue()) {
        String path = qualified(section, k.key());
        String description = descriptions.getOrDefault(path, "");
        b.append("| `").append(k.key()).append("` | ").append(accepted(k)).append(" | ").append(defaults(k))
            .append(" | ").append(description.isEmpty() ? UNDESCRIBED : description).append(" |\n");
      }
      b.append('\n');
    }
    return b.toString();
  }

  private String accepted(KeyCatalog.Key k) {
    String nested = qualified(k.section(), k.key());
    if (k.section().equals("phases[]")) {
      nested = "phases[]." + k.key();
    }
    List<String> parts = new ArrayList<>();
    k.accepted().forEach(a -> parts.add(CliReference.cell(a)));
    if (sections.containsKey(nested + "[]")) {
      parts.add("a list, see [`" + nested + "[]`](#" + CliReference.anchor(nested + "[]") + ")");
    }
    if (sections.containsKey(nested)) {
      parts.add("a map, see [`" + nested + "`](#" + CliReference.anchor(nested) + ")");
    }
    return String.join(" or ", parts);
  }

  private static String defaults(KeyCatalog.Key k) {
    List<String> parts = new ArrayList<>();
    k.defaults().forEach(d -> parts.add(CliReference.code(d)));
    String out = parts.isEmpty() ? "-" : String.join(" or ", parts);
    if (!k.alternatives().isEmpty()) {
      List<String> names = new ArrayList<>();
      k.alternatives().forEach(a -> names.add("`" + a + "`"));
      out += " (exactly one of " + String.join(", ", names) + ")";
    }
    return out;
  }
}
