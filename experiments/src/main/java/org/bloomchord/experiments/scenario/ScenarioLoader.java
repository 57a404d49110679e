package org.bloomchord.experiments.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads scenario files into concrete {@link Scenario}s. Steps: parse the YAML with positions,
 * apply {@code --set} overrides, expand sweeps, validate each instance. Every mistake is one
 * {@link ScenarioException} naming the file, line and column (or the override) and the key.
 *
 * <p><b>Sweeps.</b> A list where a single value belongs ({@code peers: [64, 128, 256]}, also inside
 * phases: {@code - fail: { fraction: [0.1, 0.2] }}) makes the scenario run once per value. Several
 * sweeps combine as a cartesian product, the first swept key varying slowest, at most
 * {@value #MAX_RUNS} runs. Only
 * {@code phases}, {@code rogue.behaviours} and a partition's {@code groups} are real lists. Each instance records its values in {@link Scenario#sweep()} under
 * the key's dotted path ({@code peers}, {@code phases[3].fail.fraction}; phases count from 0).
 *
 * <p><b>Overrides.</b> {@code key=value} with a dotted path ({@code chord.successors=4},
 * {@code phases[3].fail.fraction=0.3} or {@code phases.3.fail.fraction=0.3}); the value is read as
 * YAML, so {@code peers=[64,128]} sweeps. Missing maps on the path are created; a phase index must
 * exist. Overrides apply in order, before sweeps expand.
 */
public final class ScenarioLoader {

  /** Where bundled scenarios live on the class path. */
  public static final String BUNDLED = "scenarios/";

  /** Most runs one sweep may expand to. */
  public static final int MAX_RUNS = 10_000;

  private static final Pattern SEGMENT = Pattern.compile("([A-Za-z][A-Za-z0-9]*)((?:\\[[0-9]+])*)");

  private ScenarioLoader() {
  }

  /** Reads a scenario file; the file's path as given names it in messages. */
  public static List<Scenario> load(Path file, List<String> overrides) {
    return load(file, overrides, 0);
  }

  /**
   * Reads a scenario file to run over {@code jvms} JVMs ({@code run --jvms}; 0 when not given):
   * what cannot run over several JVMs, and a {@code fail: { jvm: K }} naming no child JVM, are
   * errors of the file.
   */
  public static List<Scenario> load(Path file, List<String> overrides, int jvms) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ScenarioException(Position.of(file.toString()), "cannot read the scenario file ("
          + e.getClass().getSimpleName() + ")");
    }
    Path dir = file.toAbsolutePath().getParent();
    return parse(file.toString(), text, overrides, dir == null ? Path.of(".") : dir, jvms);
  }

  /**
   * Reads a bundled scenario by file name ({@code quickstart.yaml}).
   *
   * @throws ScenarioException if there is none of that name
   */
  public static List<Scenario> loadBundled(String name, List<String> overrides) {
    return loadBundled(name, overrides, 0);
  }

  /** Reads a bundled scenario to run over {@code jvms} JVMs (0: not given), as {@link #load(Path, List, int)}. */
  public static List<Scenario> loadBundled(String name, List<String> overrides, int jvms) {
    try (InputStream in = ScenarioLoader.class.getClassLoader().getResourceAsStream(BUNDLED + name)) {
      if (in == null) {
        throw new ScenarioException(Position.of(name), "no bundled scenario of that name");
      }
      return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), overrides, Path.of("."), jvms);
    } catch (IOException e) {
      throw new ScenarioException(Position.of(name), "cannot read the bundled scenario");
    }
  }

  /**
   * Reads a {@code chord} section on its own, as {@link ChordSettings#toYaml} writes it; what a
   * child JVM of {@code run --jvms} is given.
   *
   * @throws ScenarioException naming {@code source} if the text is not a valid chord section
   */
  public static ChordSettings chordSettings(String source, String text) {
    YamlNode root = YamlReader.parse(source, text);
    return SettingsBinder.chord(new Fields(root, "chord", ChordSettings.KEYS));
  }

  /**
   * Reads scenario text.
   *
   * @param source the name used in messages and as the default scenario name
   * @param text the YAML
   * @param overrides {@code key=value} overrides, applied in order
   * @param baseDir directory that relative trace files are resolved against
   */
  public static List<Scenario> parse(String source, String text, List<String> overrides, Path baseDir) {
    return parse(source, text, overrides, baseDir, 0);
  }

  /** Reads scenario text to run over {@code jvms} JVMs (0: not given), as {@link #load(Path, List, int)}. */
  public static List<Scenario> parse(String source, String text, List<String> overrides, Path baseDir, int jvms) {
    YamlNode root = YamlReader.parse(source, text);
    Fields.asMapping(root, "");
    for (String o : overrides) {
      override((YamlNode.Mapping) root, o);
    }
    List<Scenario> out = new ArrayList<>();
    for (Expansion e : expand(root)) {
      out.add(new ScenarioBinder(source, baseDir, jvms).bind(e.root(), e.values()));
    }
    return out;
  }

  private record Expansion(YamlNode root, Map<String, String> values) {
  }

  private record Axis(String path, YamlNode.Sequence list) {
  }

  private static List<Expansion> expand(YamlNode root) {
    List<Axis> axes = new ArrayList<>();
    collect(root, "", axes);
    long runs = 1;
    for (Axis a : axes) {
      runs = Math.min(runs * a.list().items().size(), MAX_RUNS + 1L);
    }
    if (runs > MAX_RUNS) {
      throw new ScenarioException(axes.get(0).list().position(), "the sweeps over "
          + axes.stream().map(Axis::path).toList() + " make more than " + MAX_RUNS + " runs");
    }
    List<Expansion> out = new ArrayList<>();
    int[] index = new int[axes.size()];
    while (true) {
      IdentityHashMap<YamlNode, YamlNode> pick = new IdentityHashMap<>();
      Map<String, String> values = new LinkedHashMap<>();
      for (int a = 0; a < axes.size(); a++) {
        YamlNode chosen = axes.get(a).list().items().get(index[a]);
        pick.put(axes.get(a).list(), chosen);
        values.put(axes.get(a).path(), YamlNode.text(chosen));
      }
      out.add(new Expansion(root.replace(pick), values));
      int a = axes.size() - 1;
      while (a >= 0 && ++index[a] == axes.get(a).list().items().size()) {
        index[a--] = 0;
      }
      if (a < 0) {
        return out;
      }
    }
  }

  private static void collect(YamlNode node, String path, List<Axis> axes) {
    if (node instanceof YamlNode.Mapping m) {
      m.entries().forEach((k, v) -> collect(v, path.isEmpty() ? k : path + "." + k, axes));
    } else if (node instanceof YamlNode.Sequence s) {
      if (path.equals("phases")) {
        for (int i = 0; i < s.items().size(); i++) {
          collect(s.items().get(i), "phases[" + i + "]", axes);
        }
        return;
      }
      if (path.equals("rogue.behaviours") || path.matches("phases\\[\\d+]\\.partition\\.groups")) {
        return;
      }
      if (s.items().isEmpty()) {
        throw new ScenarioException(s.position(), "the sweep over " + path + " lists no values");
      }
      for (YamlNode item : s.items()) {
        if (!(item instanceof YamlNode.Scalar)) {
          throw new ScenarioException(item.position(), "the sweep over " + path + " must list single values, found "
              + item.shape());
        }
      }
      axes.add(new Axis(path, s));
    }
  }

  /** A list index of an override; digits beyond an int are an index no list has. */
  private static int index(String digits, Position at) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new ScenarioException(at, "list index " + digits + " is out of range");
    }
  }

  private static void override(YamlNode.Mapping root, String text) {
    Position at = Position.of("--set " + text);
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new ScenarioException(at, "expected key=value, like chord.successors=4");
    }
    List<Object> path = new ArrayList<>();
    for (String segment : text.substring(0, eq).strip().split("\\.", -1)) {
      if (!path.isEmpty() && segment.matches("[0-9]+")) {
        path.add(index(segment, at));
        continue;
      }
      Matcher m = SEGMENT.matcher(segment);
      if (!m.matches()) {
        throw new ScenarioException(at, "bad key path '" + text.substring(0, eq) + "' (expected dotted keys like chord.successors)");
      }
      path.add(m.group(1));
      for (String idx : m.group(2).replace("]", "").split("\\[")) {
        if (!idx.isEmpty()) {
          path.add(index(idx, at));
        }
      }
    }
    YamlNode value = YamlReader.parseValue(at.source(), text.substring(eq + 1).strip());
    YamlNode current = root;
    StringBuilder walked = new StringBuilder();
    for (int i = 0; i < path.size(); i++) {
      Object step = path.get(i);
      boolean last = i == path.size() - 1;
      if (step instanceof Integer n) {
        if (!(current instanceof YamlNode.Sequence s)) {
          throw new ScenarioException(at, walked + " is not a list, so [" + n + "] does not apply");
        }
        if (n >= s.items().size()) {
          throw new ScenarioException(at, "no " + walked + "[" + n + "] (" + walked + " has " + s.items().size()
              + " entries, counted from 0)");
        }
        if (last) {
          s.items().set(n, value);
        }
        walked.append('[').append(n).append(']');
        current = s.items().get(n);
      } else {
        String key = (String) step;
        if (!(current instanceof YamlNode.Mapping m)) {
          throw new ScenarioException(at, walked + " is not a map, so ." + key + " does not apply");
        }
        if (last) {
          m.put(key, at, value);
        } else if (!m.entries().containsKey(key)) {
          m.put(key, at, new YamlNode.Mapping(at));
        }
        walked.append(walked.length() == 0 ? "" : ".").append(key);
        current = m.entries().get(key);
      }
    }
  }
}
