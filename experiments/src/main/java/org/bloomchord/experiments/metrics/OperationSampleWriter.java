package org.bloomchord.experiments.metrics;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

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
  private final CsvLineFile out;
  private volatile Consumer<OperationSample> listener;

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
    this.out = new CsvLineFile(file, OperationSample.HEADER, "operation samples");
  }

  /**
   * Sets the listener every offered operation is shown to (inside the window or not), on the thread
   * that completed it; it must not block. The live view of a run samples paths from it.
   */
  public void listen(Consumer<OperationSample> listener) {
    this.listener = listener;
  }

  /**
   * Offers one completed operation; it is written if it is inside the window and its turn came, and
   * dropped if it ends after the writer was closed (while the peers stop).
   */
  public void offer(OperationSample sample) {
    Consumer<OperationSample> l = listener;
    if (l != null) {
      l.accept(sample);
    }
    if (!window.includes(sample.atMs())) {
      return;
    }
    if (offered.getAndIncrement() % every != 0) {
      return;
    }
    out.write(sample.toCsv());
  }

  /** Lines written so far (without the header). */
  public long written() {
    return out.written();
  }

  @Override
  public void close() {
    out.close();
  }
}
