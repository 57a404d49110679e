package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bloomchord.experiments.workload.Rate;

/**
 * Typed reading of one mapping of a scenario with its allowed keys. Creating one rejects the first
 * unknown key; each getter validates its value and throws a {@link ScenarioException} naming the
 * value's position, its dotted path and what was expected.
 */
final class Fields {

  private static final Map<String, Boolean> BOOLEANS = Map.of("true", true, "false", false);

  private final YamlNode.Mapping node;
  private final String path;

  /**
   * @param node the mapping
   * @param path its dotted path ({@code chord}, {@code phases[2].churn}); empty for the top level
   * @param allowed its keys, in the order messages list them
   */
  Fields(YamlNode node, String path, List<String> allowed) {
    this.path = path;
    this.node = asMapping(node, path);
    KeyCatalog.section(path, allowed);
    for (Map.Entry<String, Position> k : this.node.keys().entrySet()) {
      if (!allowed.contains(k.getKey())) {
        throw new ScenarioException(k.getValue(), "unknown key '" + k.getKey() + "' in " + where()
            + " (expected one of: " + String.join(", ", allowed) + ")");
      }
    }
  }

  static YamlNode.Mapping asMapping(YamlNode node, String path) {
    if (node instanceof YamlNode.Mapping m) {
      return m;
    }
    throw new ScenarioException(node.position(), (path.isEmpty() ? "the scenario" : path)
        + " must be a map of keys, found " + node.shape() + " '" + YamlNode.text(node) + "'");
  }

  String where() {
    return path.isEmpty() ? "the scenario" : path;
  }

  String path(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  Position position() {
    return node.position();
  }

  boolean has(String key) {
    return node.entries().containsKey(key);
  }

  /** The raw node of a key (null when absent). */
  YamlNode raw(String key) {
    return node.entries().get(key);
  }

  ScenarioException missing(String key) {
    return new ScenarioException(node.position(), "missing key '" + key + "' in " + where());
  }

  ScenarioException bad(String key, String expected) {
    YamlNode v = raw(key);
    return new ScenarioException(v.position(), "bad value '" + YamlNode.text(v) + "' for " + path(key)
        + ": expected " + expected);
  }

  /** A {@code true} or {@code false} at {@code key}, or {@code fallback} when absent. */
  boolean bool(String key, boolean fallback) {
    return choice(key, fallback, BOOLEANS);
  }

  /** Reads a key's text and converts it; absent gives {@code fallback}, or an error if that is null. */
  <T> T value(String key, T fallback, String expected, Function<String, T> convert) {
    return value(key, fallback, fallback, expected, convert);
  }

  /** As {@link #value(String, Object, String, Function)}, with the default as a scenario writes it. */
  <T> T value(String key, T fallback, Object fallbackText, String expected, Function<String, T> convert) {
    KeyCatalog.read(path, key, expected, fallbackText);
    YamlNode v = raw(key);
    if (v == null) {
      if (fallback == null) {
        throw missing(key);
      }
      return fallback;
    }
    if (!(v instanceof YamlNode.Scalar s) || s.text() == null) {
      throw bad(key, expected);
    }
    try {
      T out = convert.apply(s.text().strip());
      if (out == null) {
        throw bad(key, expected);
      }
      return out;
    } catch (IllegalArgumentException e) {
      throw bad(key, expected);
    }
  }

  int integer(String key, Integer fallback, int min, int max) {
    String expected = max == Integer.MAX_VALUE ? "a whole number >= " + min : "a whole number from " + min + " to " + max;
    return value(key, fallback, expected, t -> {
      int n = Integer.parseInt(t.replace("_", ""));
      return n >= min && n <= max ? n : null;
    });
  }

  long longValue(String key, Long fallback) {
    return value(key, fallback, "a whole number", t -> Long.parseLong(t.replace("_", "")));
  }

  double number(String key, Double fallback, double min, double max, String expected) {
    return value(key, fallback, expected, t -> {
      double d = Double.parseDouble(t);
      return d >= min && d <= max ? d : null;
    });
  }

  double fraction(String key, Double fallback) {
    return number(key, fallback, 0, 1, "a fraction from 0 to 1");
  }

  Duration duration(String key, Duration fallback) {
    return value(key, fallback, "a duration like 500ms, 10s, 2m or 1h, at most 366 days", DurationText::parse);
  }

  Duration positiveDuration(String key, Duration fallback) {
    return value(key, fallback, "a duration above zero like 500ms, 10s, 2m or 1h, at most 366 days", t -> {
      Duration d = DurationText.parse(t);
      return d.isZero() ? null : d;
    });
  }

  Rate rate(String key, Rate fallback) {
    return value(key, fallback, "a rate like 200/s, 0.05/s or 30/min", Rate::parse);
  }

  String string(String key, String fallback) {
    return value(key, fallback, "a text", t -> t.isEmpty() ? null : t);
  }

  <E> E choice(String key, E fallback, Map<String, E> choices) {
    String label = choices.entrySet().stream().filter(e -> e.getValue().equals(fallback)).map(Map.Entry::getKey)
        .findFirst().orElse(null);
    return value(key, fallback, label, "one of: " + String.join(", ", new java.util.TreeSet<>(choices.keySet())),
        choices::get);
  }

  Fields map(String key, List<String> allowed) {
    YamlNode v = raw(key);
    if (v == null) {
      return new Fields(new YamlNode.Mapping(node.position()), path(key), allowed);
    }
    return new Fields(v, path(key), allowed);
  }

  /** The keys present, in document order. */
  List<String> keys() {
    return new ArrayList<>(node.entries().keySet());
  }

  Position keyPosition(String key) {
    return node.keys().get(key);
  }

  /** Rejects the map unless exactly one of {@code keys} is present; returns it. */
  String exactlyOne(List<String> keys) {
    KeyCatalog.alternatives(path, keys);
    List<String> present = keys.stream().filter(this::has).toList();
    if (present.size() == 1) {
      return present.get(0);
    }
    if (present.isEmpty()) {
      throw new ScenarioException(node.position(), where() + " needs one of: " + String.join(", ", keys));
    }
    throw new ScenarioException(keyPosition(present.get(1)), where() + " takes only one of: "
        + String.join(", ", keys) + " (found " + String.join(" and ", present) + ")");
  }
}
