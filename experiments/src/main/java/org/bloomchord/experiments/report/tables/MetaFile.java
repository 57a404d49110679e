package org.bloomchord.experiments.report.tables;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The {@code key=value} file a trial's script writes beside a run's data (the build, the command,
 * when it ran and the load average), read as {@link Properties}: one reader for every table that
 * names its runs from such a file.
 */
final class MetaFile {

  private final Path file;
  private final Properties values;

  private MetaFile(Path file, Properties values) {
    this.file = file;
    this.values = values;
  }

  /**
   * Reads {@code file}.
   *
   * @throws IllegalArgumentException if it cannot be read
   */
  static MetaFile read(Path file) {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    return new MetaFile(file, p);
  }

  /**
   * The value of {@code key}, without surrounding blanks.
   *
   * @throws IllegalArgumentException naming the file and the key when it is missing or blank
   */
  String required(String key) {
    String v = values.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(file + ": no " + key);
    }
    return v.trim();
  }

  /** The value of {@code key} without surrounding blanks, or {@code fallback} when it is missing. */
  String get(String key, String fallback) {
    String v = values.getProperty(key);
    return v == null ? fallback : v.trim();
  }
}
