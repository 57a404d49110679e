package org.bloomchord.experiments.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads YAML text into a {@link YamlNode} tree with positions, through Jackson's streaming YAML
 * parser. Duplicate keys and syntax errors become {@link ScenarioException}s naming the place.
 */
final class YamlReader {

  private static final YAMLFactory FACTORY = new YAMLFactory();

  private final String source;
  private final boolean withLines;

  private YamlReader(String source, boolean withLines) {
    this.source = source;
    this.withLines = withLines;
  }

  /** Parses a whole document; {@code source} names it in messages. */
  static YamlNode parse(String source, String text) {
    return new YamlReader(source, true).read(text);
  }

  /** Parses an override's value; positions name the override only. */
  static YamlNode parseValue(String source, String text) {
    if (text.isBlank()) {
      return new YamlNode.Scalar(Position.of(source), null);
    }
    return new YamlReader(source, false).read(text);
  }

  private YamlNode read(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new ScenarioException(new Position(source, 1, 1), "the scenario is empty");
      }
      return node(p, t);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      Position where = at == null ? Position.of(source) : position(at);
      String why = e.getOriginalMessage().lines().findFirst().orElse("syntax error").strip();
      throw new ScenarioException(where, "not valid YAML: " + why);
    } catch (IOException e) {
      throw new ScenarioException(Position.of(source), "cannot read: " + e.getMessage());
    }
  }

  private Position position(JsonLocation at) {
    if (!withLines || at.getLineNr() <= 0) {
      return Position.of(source);
    }
    return new Position(source, at.getLineNr(), Math.max(1, at.getColumnNr()));
  }

  private YamlNode node(JsonParser p, JsonToken t) throws IOException {
    Position at = position(p.currentTokenLocation());
    switch (t) {
      case START_OBJECT -> {
        YamlNode.Mapping m = new YamlNode.Mapping(at);
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          Position keyAt = position(p.currentTokenLocation());
          String key = p.currentName();
          if (m.entries().containsKey(key)) {
            throw new ScenarioException(keyAt, "duplicate key '" + key + "'");
          }
          YamlNode value = node(p, p.nextToken());
          m.put(key, keyAt, value);
        }
        return m;
      }
      case START_ARRAY -> {
        List<YamlNode> items = new ArrayList<>();
        for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
          items.add(node(p, i));
        }
        return new YamlNode.Sequence(at, items);
      }
      case VALUE_NULL -> {
        return new YamlNode.Scalar(at, null);
      }
      default -> {
        return new YamlNode.Scalar(at, p.getText());
      }
    }
  }
}
