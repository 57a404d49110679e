package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.PrintWriter;

/**
 * The {@code --json} output of the commands whose result is a plain document (an ordered map or a
 * list of them) rather than a summary: indented, keys in insertion order, null values written.
 */
final class JsonOutput {

  private static final ObjectWriter PRETTY = new ObjectMapper().writerWithDefaultPrettyPrinter();

  private JsonOutput() {
  }

  /** Prints {@code document} as indented JSON and a line separator. */
  static void print(PrintWriter out, Object document) {
    try {
      out.println(PRETTY.writeValueAsString(document));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("not serialisable as JSON: " + e.getOriginalMessage(), e);
    }
  }
}
