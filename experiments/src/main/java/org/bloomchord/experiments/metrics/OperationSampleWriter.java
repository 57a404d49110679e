package org.bloomchord.experiments.metrics;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes every n-th operation completed inside the {@link MeasurementWindow} as one CSV line
 * ({@link OperationSample#HEADER}). Safe to call from many threads: lines are never interleaved,
 * though concurrent offers may land in either order. The header is written when the file is
 * opened. Close it at the run's end.
 */
public final class OperationSampleWriter implements AutoCloseable {

  private final MeasurementWindow window;
  private final int every;
  private final AtomicLong offered = new AtomicLong();
  private final BufferedWriter out;
  private long written;

  /**
   * Opens (replacing) {@code file}; with {@code file} null the samples are counted and dropped (a
   * run that writes no files, such as {@code bloomchord ring}).
   *
   * @param every keep one operation in this many (1 keeps all)
   * @throws IllegalArgumentException if every is below 1
   */
  public OperationSampleWriter(Path file, int every, MeasurementWindow window) {
    if (every < 1) {
      throw new IllegalArgumentException("every must be >= 1, was " + every);
    }
    this.window = window;
    this.every = every;
    if (file == null) {
      this.out = new BufferedWriter(java.io.Writer.nullWriter());
      return;
    }
    try {
      this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      out.write(OperationSample.HEADER);
      out.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private volatile java.util.function.Consumer<OperationSample> listener;

  /**
   * Sets the listener every offered operation is shown to (inside the window or not), on the thread
   * that completed it; it must not block. The live view of a run samples paths from it.
   */
  public void listen(java.util.function.Consumer<OperationSample> listener) {
    this.listener = listener;
  }

  /** Offers one completed operation; it is written if it is inside the window and its turn came. */
  public void offer(OperationSample sample) {
    java.util.function.Consumer<OperationSample> l = listener;
    if (l != null) {
      l.accept(sample);
    }
    if (!window.includes(sample.atMs())) {
      return;
    }
    if (offered.getAndIncrement() % every != 0) {
      return;
    }
    String line = sample.toCsv();
    synchronized (this) {
      if (closed) {
        // operations that end while the peers stop, after the run's files were closed
        return;
      }
      try {
        out.write(line);
        out.write('\n');
        written++;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write operation sample", e);
      }
    }
  }

  private boolean closed;

  /** Lines written so far (without the header). */
  public synchronized long written() {
    return written;
  }

  @Override
  public synchronized void close() {
    closed = true;
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close operation samples", e);
    }
  }
}
