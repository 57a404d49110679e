package org.bloomchord.experiments.ring;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress lines of a long run, written to the error stream so that standard output keeps only the
 * result. Lines of one phase are rate-limited to one every {@code minGapMs} of wall time; the
 * first and the closing line of a phase are always written. Every line carries the wall seconds
 * since the run started.
 */
public final class Progress {

  private final PrintWriter err;
  private final long minGapNanos;
  private final long startNanos = System.nanoTime();
  private long lastNanos = Long.MIN_VALUE;

  /** Progress on {@code err}, at most one routine line every {@code minGapMs}. */
  public Progress(PrintWriter err, long minGapMs) {
    this.err = err;
    this.minGapNanos = minGapMs * 1_000_000L;
  }

  /** A progress sink that writes nothing. */
  public static Progress silent() {
    return new Progress(null, 0);
  }

  /** Writes a line now (the start or end of a phase). */
  public void line(String format, Object... args) {
    if (err == null) {
      return;
    }
    lastNanos = System.nanoTime();
    err.printf(Locale.ROOT, "[%7.1f s] ", (lastNanos - startNanos) / 1e9);
    err.printf(Locale.ROOT, format, args);
    err.println();
    err.flush();
  }

  /** Writes a line unless one was written less than the minimum gap ago. */
  public void tick(String format, Object... args) {
    if (err != null && (lastNanos == Long.MIN_VALUE || System.nanoTime() - lastNanos >= minGapNanos)) {
      line(format, args);
    }
  }
}
