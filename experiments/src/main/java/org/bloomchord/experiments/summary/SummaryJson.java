package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes {@link Summary} as JSON: pretty-printed for {@code summary.json}, one line for
 * {@code --json}. Null sections and null optional fields are left out; field order follows the
 * records' declared order. Reading ignores names it does not know, so newer files stay readable.
 */
public final class SummaryJson {

  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private SummaryJson() {
  }

  /** The summary as one line of JSON (for {@code --json}). */
  public static String compact(Summary summary) {
    try {
      return MAPPER.writeValueAsString(summary);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("summary not serialisable", e);
    }
  }

  /** The summary as indented JSON, ending with a newline (for {@code summary.json}). */
  public static String pretty(Summary summary) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary) + System.lineSeparator();
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
      Object value = summaries.size() == 1 ? summaries.get(0) : summaries;
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("summary not serialisable", e);
    }
  }

  /** The summary as a JSON tree, fields in contract order. */
  public static JsonNode tree(Summary summary) {
    return MAPPER.valueToTree(summary);
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
