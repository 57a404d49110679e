package org.bloomchord.experiments.runner;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * What a measuring command tells the user while it runs, always on the error stream so that
 * standard output keeps only the result. Two kinds of output:
 * <ul>
 *   <li>phases ({@link #phase}): on a terminal, a bar with the phase's number and name, a
 *       percentage and the elapsed wall time, redrawn in place a few times a second by a daemon
 *       thread; elsewhere (a pipe, a test) one plain line per phase, so logs stay readable;</li>
 *   <li>lines ({@link #line}, and {@link #tick} for routine ones, at most one every minimum gap
 *       of wall time), each prefixed with the wall seconds since the start.</li>
 * </ul>
 * {@link #silent()} writes nothing.
 *
 * <p>Invariant: the bar only reads volatile fields written by the driver, never runtime state.
 */
public final class Progress implements AutoCloseable {

  private static final int WIDTH = 30;

  private final PrintWriter out;
  private final boolean live;
  private final long minGapNanos;
  private final long startNanos = System.nanoTime();
  private long lastLineNanos = Long.MIN_VALUE;
  private volatile String label = "";
  private volatile DoubleSupplier fraction = () -> 0;
  private volatile boolean running = true;
  private Thread painter;

  private Progress(PrintWriter out, boolean live, long minGapMs) {
    this.out = out;
    this.live = live;
    this.minGapNanos = minGapMs * 1_000_000L;
  }

  /** A bar on {@code System.err}, redrawn in place when stderr is a terminal. */
  public static Progress onStderr() {
    Progress p = new Progress(new PrintWriter(System.err, true), System.console() != null, 0);
    if (p.live) {
      p.painter = new Thread(p::paintLoop, "progress");
      p.painter.setDaemon(true);
      p.painter.start();
    }
    return p;
  }

  /** Plain lines on {@code err}, at most one routine line ({@link #tick}) every {@code minGapMs}. */
  public static Progress lines(PrintWriter err, long minGapMs) {
    return new Progress(err, false, minGapMs);
  }

  /** A progress that prints nothing. */
  public static Progress silent() {
    return new Progress(null, false, 0);
  }

  /** A new phase begins; {@code fraction} tells how far it is (0..1), read from the painter thread. */
  public void phase(String text, DoubleSupplier fraction) {
    this.label = text;
    this.fraction = fraction;
    if (out != null && !live) {
      out.println("bloomchord: " + text + " (" + elapsed() + " elapsed)");
      out.flush();
    }
  }

  /** Writes a line now (the start or end of a step). */
  public synchronized void line(String format, Object... args) {
    if (out == null) {
      return;
    }
    lastLineNanos = System.nanoTime();
    if (live) {
      out.print("\r" + " ".repeat(WIDTH + 60) + "\r");
    }
    out.printf(Locale.ROOT, "[%7.1f s] ", (lastLineNanos - startNanos) / 1e9);
    out.printf(Locale.ROOT, format, args);
    out.println();
    out.flush();
  }

  /** Writes a line unless one was written less than the minimum gap ago. */
  public synchronized void tick(String format, Object... args) {
    if (out != null && (lastLineNanos == Long.MIN_VALUE || System.nanoTime() - lastLineNanos >= minGapNanos)) {
      line(format, args);
    }
  }

  private String elapsed() {
    return String.format(Locale.ROOT, "%.1fs", (System.nanoTime() - startNanos) / 1e9);
  }

  private void paintLoop() {
    while (running) {
      paint();
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized void paint() {
    double f = Math.max(0, Math.min(1, fraction.getAsDouble()));
    int filled = (int) Math.round(f * WIDTH);
    String line = String.format(Locale.ROOT, "\r%-44s [%s%s] %3d%%  %s", clip(label),
        "#".repeat(filled), ".".repeat(WIDTH - filled), Math.round(f * 100), elapsed());
    out.print(line);
    out.flush();
  }

  private static String clip(String s) {
    return s.length() <= 44 ? s : s.substring(0, 43) + "~";
  }

  @Override
  public void close() {
    running = false;
    if (painter != null) {
      painter.interrupt();
      try {
        painter.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      paint();
      out.println();
      out.flush();
    }
  }
}
