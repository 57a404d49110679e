package org.bloomchord.overlay.log;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * A {@link Filter} that lets through at most {@code perWindow} records of one kind per window and
 * counts the rest: the first record of the next window that is let through says how many like it
 * were suppressed. A kind is the logger's name and the message with its digits and hex ids
 * blanked, so that "Connecting to server 3fa4... failed" to any member, or a refused handshake
 * from any port, is one kind. Records below {@link Level#WARNING} are not limited.
 *
 * <p>Why: a member whose reconnects are refused, or a connection whose writes fail, logged one
 * line (often with a stack trace) per attempt or per message, tens of thousands a minute, which
 * filled /tmp and cost the CPU the node needed to recover. Only the first record of a window keeps
 * its stack trace.
 */
public final class LogLimits implements Filter {

  /** Records of one kind let through per window by {@link #install()}. */
  public static final int PER_WINDOW = 5;
  /** The window of {@link #install()}. */
  public static final long WINDOW_MS = 60_000;
  /** Kinds remembered at most; beyond it the oldest windows are forgotten. */
  private static final int MAX_KINDS = 1_000;

  private static volatile LogLimits installed;

  private final int perWindow;
  private final long windowMs;
  private final LongSupplier clock;
  private final Map<String, Window> windows = new ConcurrentHashMap<>();

  private static final class Window {
    long start;
    int passed;
    long suppressed;
  }

  /**
   * A limit of {@code perWindow} records of one kind per {@code windowMs} of {@code clock} (milliseconds).
   */
  public LogLimits(int perWindow, long windowMs, LongSupplier clock) {
    if (perWindow < 1 || windowMs < 1) {
      throw new IllegalArgumentException("perWindow and windowMs must be >= 1: " + perWindow + ", " + windowMs);
    }
    this.perWindow = perWindow;
    this.windowMs = windowMs;
    this.clock = clock;
  }

  /**
   * Puts a limit of {@link #PER_WINDOW} per {@link #WINDOW_MS} on every handler of the root logger
   * (once per JVM; later calls return the same limit). Returns it, for its counts.
   */
  public static synchronized LogLimits install() {
    if (installed == null) {
      LogLimits limits = new LogLimits(PER_WINDOW, WINDOW_MS, System::currentTimeMillis);
      for (Handler h : Logger.getLogger("").getHandlers()) {
        Filter previous = h.getFilter();
        h.setFilter(previous == null ? limits : r -> previous.isLoggable(r) && limits.isLoggable(r));
      }
      installed = limits;
    }
    return installed;
  }

  @Override
  public boolean isLoggable(LogRecord record) {
    if (record.getLevel().intValue() < Level.WARNING.intValue()) {
      return true;
    }
    String kind = kind(record);
    long now = clock.getAsLong();
    if (windows.size() > MAX_KINDS) {
      windows.clear();
    }
    Window w = windows.computeIfAbsent(kind, k -> new Window());
    long suppressedBefore;
    synchronized (w) {
      if (w.passed == 0 || now - w.start >= windowMs) {
        suppressedBefore = w.suppressed;
        w.start = now;
        w.passed = 1;
        w.suppressed = 0;
      } else if (w.passed < perWindow) {
        w.passed++;
        suppressedBefore = 0;
        record.setThrown(null);
      } else {
        w.suppressed++;
        return false;
      }
    }
    if (suppressedBefore > 0) {
      record.setMessage(record.getMessage() + " [" + suppressedBefore + " more like this suppressed in the last "
          + windowMs / 1000 + " s]");
    }
    return true;
  }

  /** Records suppressed so far and not yet reported, over every kind. */
  public long suppressed() {
    long n = 0;
    for (Window w : windows.values()) {
      synchronized (w) {
        n += w.suppressed;
      }
    }
    return n;
  }

  /** The kind of a record: its logger and its message with numbers and hex ids blanked. */
  static String kind(LogRecord record) {
    String msg = record.getMessage() == null ? "" : record.getMessage();
    if (msg.length() > 120) {
      msg = msg.substring(0, 120);
    }
    String thrown = record.getThrown() == null ? "" : record.getThrown().getClass().getName();
    return record.getLoggerName() + '|' + msg.replaceAll("[0-9a-fA-F]*[0-9][0-9a-fA-F]*", "#") + '|' + thrown;
  }
}
