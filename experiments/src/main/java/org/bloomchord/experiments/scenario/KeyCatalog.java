package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.experiments.workload.Rate;

/**
 * What the scenario binder accepts, as it binds: each section (a map at a dotted path, list
 * indices written {@code []}) with the keys it allows, and for each key it reads the values it
 * expects and the default it falls back to. Recording is off unless {@link #record} runs a binding
 * on the calling thread; {@code Fields} reports to the recording catalog, so the catalog is the
 * binder's own account of its keys, not a copy of it (the scenario reference is written from it).
 *
 * <p>A key read in several contexts (the replicas default follows the successors; a join phase's
 * peers default to the scenario's) keeps every distinct expectation and default it was read with.
 */
public final class KeyCatalog {

  private static final ThreadLocal<KeyCatalog> RECORDING = new ThreadLocal<>();

  /**
   * One key of one section.
   *
   * @param section the section's dotted path, empty for the top level
   * @param key the key
   * @param accepted what the binder expects of its value, as its error messages say it (empty when
   *     no exercise read it through a typed getter)
   * @param defaults the defaults it fell back to, as YAML text; empty when it has none
   * @param alternatives the keys of which exactly one must be given, this one among them; empty if none
   */
  public record Key(String section, String key, Set<String> accepted, Set<String> defaults, List<String> alternatives) {
  }

  private final Map<String, Map<String, Key>> sections = new LinkedHashMap<>();

  private KeyCatalog() {
  }

  /** Runs {@code binding} (loads of scenarios) with recording on and returns what the binder read. */
  public static KeyCatalog record(Runnable binding) {
    KeyCatalog c = new KeyCatalog();
    KeyCatalog before = RECORDING.get();
    RECORDING.set(c);
    try {
      binding.run();
    } finally {
      if (before == null) {
        RECORDING.remove();
      } else {
        RECORDING.set(before);
      }
    }
    return c;
  }

  /** The sections in the order first met, each with its keys in the order the binder allows them. */
  public Map<String, List<Key>> sections() {
    Map<String, List<Key>> out = new LinkedHashMap<>();
    sections.forEach((s, keys) -> out.put(s, keys.values().stream()
        .map(k -> new Key(k.section(), k.key(), Collections.unmodifiableSet(k.accepted()),
            Collections.unmodifiableSet(k.defaults()), List.copyOf(k.alternatives())))
        .toList()));
    return out;
  }

  /** Adds a section the binder checks by hand rather than through {@code Fields} (the phase kinds). */
  public void addSection(String path, List<String> allowed) {
    allowed.forEach(k -> key(path, k));
  }

  static void section(String path, List<String> allowed) {
    KeyCatalog c = RECORDING.get();
    if (c != null) {
      String p = normal(path);
      allowed.forEach(k -> c.key(p, k));
    }
  }

  static void read(String path, String key, String expected, Object fallback) {
    KeyCatalog c = RECORDING.get();
    if (c != null) {
      Key k = c.key(normal(path), key);
      k.accepted().add(expected);
      if (fallback != null) {
        k.defaults().add(text(fallback));
      }
    }
  }

  static void alternatives(String path, List<String> keys) {
    KeyCatalog c = RECORDING.get();
    if (c != null) {
      String p = normal(path);
      for (String k : keys) {
        Key key = c.key(p, k);
        if (key.alternatives().isEmpty()) {
          key.alternatives().addAll(keys);
        }
      }
    }
  }

  private Key key(String path, String key) {
    return sections.computeIfAbsent(path, p -> new LinkedHashMap<>())
        .computeIfAbsent(key, k -> new Key(path, k, new LinkedHashSet<>(), new LinkedHashSet<>(), new ArrayList<>()));
  }

  private static String normal(String path) {
    return path.replaceAll("\\[[0-9]+]", "[]");
  }

  /** A default as it would be written in a scenario. */
  static String text(Object value) {
    if (value instanceof Duration d) {
      return DurationText.format(d);
    }
    if (value instanceof Rate r) {
      return r.toString();
    }
    if (value instanceof String s && s.isEmpty()) {
      return "\"\"";
    }
    return String.valueOf(value);
  }
}
