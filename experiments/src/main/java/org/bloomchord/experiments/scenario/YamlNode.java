package org.bloomchord.experiments.scenario;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario document as a tree that remembers where each key and value was written, so that
 * every validation message can name its line and column. Maps keep their keys in document order.
 * Overrides edit the tree in place before sweeps copy it.
 */
sealed interface YamlNode {

  /** Where this node starts. */
  Position position();

  /** A short description of the node's shape for messages. */
  String shape();

  /** A copy of this tree with the given nodes (by identity) replaced. */
  YamlNode replace(IdentityHashMap<YamlNode, YamlNode> replacements);

  /** A mapping; {@code keys} holds each key's own position. */
  record Mapping(Position position, LinkedHashMap<String, YamlNode> entries, LinkedHashMap<String, Position> keys)
      implements YamlNode {

    Mapping(Position position) {
      this(position, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    void put(String key, Position keyPosition, YamlNode value) {
      entries.put(key, value);
      keys.putIfAbsent(key, keyPosition);
    }

    @Override
    public String shape() {
      return "a map";
    }

    @Override
    public YamlNode replace(IdentityHashMap<YamlNode, YamlNode> replacements) {
      YamlNode r = replacements.get(this);
      if (r != null) {
        return r;
      }
      Mapping copy = new Mapping(position);
      entries.forEach((k, v) -> copy.put(k, keys.get(k), v.replace(replacements)));
      return copy;
    }
  }

  /** A list. */
  record Sequence(Position position, List<YamlNode> items) implements YamlNode {

    @Override
    public String shape() {
      return "a list";
    }

    @Override
    public YamlNode replace(IdentityHashMap<YamlNode, YamlNode> replacements) {
      YamlNode r = replacements.get(this);
      if (r != null) {
        return r;
      }
      List<YamlNode> copy = new ArrayList<>(items.size());
      items.forEach(i -> copy.add(i.replace(replacements)));
      return new Sequence(position, copy);
    }
  }

  /** A single value as written ({@code null} text for an empty value). */
  record Scalar(Position position, String text) implements YamlNode {

    @Override
    public String shape() {
      return text == null ? "empty" : "a value";
    }

    @Override
    public YamlNode replace(IdentityHashMap<YamlNode, YamlNode> replacements) {
      return replacements.getOrDefault(this, this);
    }
  }

  /** Renders a node compactly for labels and messages. */
  static String text(YamlNode node) {
    if (node instanceof Scalar s) {
      return s.text() == null ? "" : s.text();
    }
    if (node instanceof Sequence q) {
      List<String> parts = new ArrayList<>();
      q.items().forEach(i -> parts.add(text(i)));
      return "[" + String.join(", ", parts) + "]";
    }
    Mapping m = (Mapping) node;
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, YamlNode> e : m.entries().entrySet()) {
      parts.add(e.getKey() + ": " + text(e.getValue()));
    }
    return "{" + String.join(", ", parts) + "}";
  }
}
