package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes {@link Summary} as JSON: pretty-printed for {@code summary.json}, one line for
 * {@code --json}. Null sections and null optional fields are left out; field order follows the
 * records' declared order; a command's own fields ({@link Summary#withFields}) follow the header in
 * their order, null values written. Reading ignores names it does not know (a command's own fields
 * among them), so newer files stay readable.
 */
public final class SummaryJson {

  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private static final List<String> HEADER = List.of("command", "runtime", "seed");

  private SummaryJson() {
  }

  /** The summary as one line of JSON (for {@code --json}). */
  public static String compact(Summary summary) {
    try {
      return MAPPER.writeValueAsString(value(summary));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("summary not serialisable", e);
    }
  }

  /** The summary as indented JSON, ending with a newline (for {@code summary.json}). */
  public static String pretty(Summary summary) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value(summary)) + System.lineSeparator();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("summary not serialisable", e);
    }
  }

  /**
   * One summary as indented JSON as {@link #pretty(Summary)} without the final newline, several as
   * an indented array of them (a command that measured several settings).
   */
  public static String pretty(List<Summary> summaries) {
    try {
      Object value = summaries.size() == 1 ? value(summaries.get(0)) : summaries.stream().map(SummaryJson::value).toList();
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("summary not serialisable", e);
    }
  }

  /** The summary as a JSON tree, fields in contract order. */
  public static JsonNode tree(Summary summary) {
    Object value = value(summary);
    return value instanceof JsonNode node ? node : MAPPER.valueToTree(summary);
  }

  /**
   * Rows of a table as an indented JSON array of objects, keys in each row's order, null values
   * written (a command whose result is one object per row of a published table).
   */
  public static String prettyRows(List<? extends Map<String, ?>> rows) {
    ArrayNode array = MAPPER.createArrayNode();
    rows.forEach(r -> array.add(object(r)));
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(array);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("rows not serialisable", e);
    }
  }

  /**
   * What is serialised: the summary itself, or, when it has fields of its command, a tree with
   * those fields right after the header ({@code command, runtime, seed}).
   */
  private static Object value(Summary summary) {
    if (summary.fields() == null) {
      return summary;
    }
    ObjectNode sections = MAPPER.valueToTree(summary);
    ObjectNode root = MAPPER.createObjectNode();
    for (String header : HEADER) {
      if (sections.has(header)) {
        root.set(header, sections.remove(header));
      }
    }
    root.setAll(object(summary.fields()));
    root.setAll(sections);
    return root;
  }

  private static ObjectNode object(Map<String, ?> map) {
    ObjectNode node = MAPPER.createObjectNode();
    map.forEach((k, v) -> node.set(k, v == null ? NullNode.getInstance() : MAPPER.valueToTree(v)));
    return node;
  }

  /** Writes the pretty form to {@code file}, replacing it. */
  public static void write(Summary summary, Path file) {
    try {
      Files.writeString(file, pretty(summary), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** Parses a summary written by {@link #compact} or {@link #pretty}. */
  public static Summary parse(String json) {
    try {
      return MAPPER.readValue(json, Summary.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a summary: " + e.getOriginalMessage(), e);
    }
  }

  /** Reads a {@code summary.json}. */
  public static Summary read(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
