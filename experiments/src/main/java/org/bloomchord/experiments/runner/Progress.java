package org.bloomchord.experiments.runner;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * The progress bar on stderr: the phase's number and name, a bar and percentage, and the elapsed
 * wall time, redrawn in place a few times a second by a daemon thread. When stderr is not a
 * terminal (a pipe, a test) it prints one plain line per phase instead, so logs stay readable;
 * {@link #silent()} prints nothing.
 *
 * <p>Invariant: the bar only reads volatile fields written by the driver, never runtime state.
 */
public final class Progress implements AutoCloseable {

  private static final int WIDTH = 30;

  private final PrintStream out;
  private final boolean live;
  private final long startNanos = System.nanoTime();
  private volatile String label = "";
  private volatile DoubleSupplier fraction = () -> 0;
  private volatile boolean running = true;
  private Thread painter;

  private Progress(PrintStream out, boolean live) {
    this.out = out;
    this.live = live;
  }

  /** A bar on {@code System.err}, redrawn in place when stderr is a terminal. */
  public static Progress onStderr() {
    Progress p = new Progress(System.err, System.console() != null);
    if (p.live) {
      p.painter = new Thread(p::paintLoop, "progress");
      p.painter.setDaemon(true);
      p.painter.start();
    }
    return p;
  }

  /** A progress that prints nothing. */
  public static Progress silent() {
    return new Progress(null, false);
  }

  /** A new phase begins; {@code fraction} tells how far it is (0..1), read from the painter thread. */
  void phase(String text, DoubleSupplier fraction) {
    this.label = text;
    this.fraction = fraction;
    if (out != null && !live) {
      out.println("bloomchord: " + text + " (" + elapsed() + " elapsed)");
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
