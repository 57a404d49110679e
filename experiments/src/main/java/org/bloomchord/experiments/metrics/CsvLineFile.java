package org.bloomchord.experiments.metrics;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A CSV file of a run written a line at a time from many threads: a header when it is opened, then
 * whole lines, never interleaved, each ended by {@code \n}. Lines offered after {@link #close()}
 * (operations that end while the peers stop, after the run's files were closed) are dropped. With
 * no file the lines are counted and dropped, for runs that write no files.
 */
public final class CsvLineFile implements AutoCloseable {

  private final String name;
  private final BufferedWriter out;
  private long written;
  private boolean closed;

  /**
   * Opens (replacing) {@code file} and writes {@code header} as its first line; with {@code file}
   * null nothing is written.
   *
   * @param name what the file holds, named in the messages of its I/O errors
   * @throws UncheckedIOException if the file cannot be opened
   */
  public CsvLineFile(Path file, String header, String name) {
    this.name = name;
    if (file == null) {
      this.out = new BufferedWriter(Writer.nullWriter());
      return;
    }
    try {
      this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      out.write(header);
      out.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** Writes {@code line} (without its line end) unless the file is closed. */
  public synchronized void write(String line) {
    if (closed) {
      return;
    }
    try {
      out.write(line);
      out.write('\n');
      written++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + name, e);
    }
  }

  /** Lines written so far, without the header. */
  public synchronized long written() {
    return written;
  }

  /** Flushes and closes the file; later lines are dropped. Closing twice does nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + name, e);
    }
  }
}
