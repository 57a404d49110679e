package org.bloomchord.overlay.log;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.FileHandler;
import java.util.logging.Handler;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Sends this JVM's log to rotating files of bounded size instead of standard error: {@code FILE.0}
 * (the newest), {@code FILE.1} ... {@code FILE.(parts-1)} (only {@code FILE} when {@code parts} is
 * 1), each at most {@code partBytes}, the oldest dropped, so
 * that a long-lived node (or one logging a storm of failures) never fills its disk. The
 * {@link LogLimits rate limit} applies to the files as it did to standard error.
 */
public final class LogFiles {

  /** Part size of a node's log file. */
  public static final long NODE_PART_BYTES = 10L << 20;
  /** Parts of a node's log kept. */
  public static final int NODE_PARTS = 3;

  private LogFiles() {
  }

  /**
   * Replaces the root logger's handlers with one writing to {@code file} in {@code parts} parts of
   * {@code partBytes} at most; appends to what is there.
   *
   * @throws IOException when the file cannot be opened
   */
  public static void capTo(Path file, long partBytes, int parts) throws IOException {
    if (partBytes < 1024 || partBytes > Integer.MAX_VALUE || parts < 1) {
      throw new IllegalArgumentException("partBytes in 1024.." + Integer.MAX_VALUE + " and parts >= 1: "
          + partBytes + ", " + parts);
    }
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    // FileHandler's pattern: %g is the part number, %% a literal percent sign
    String pattern = file.toAbsolutePath().toString().replace("%", "%%") + (parts > 1 ? ".%g" : "");
    FileHandler handler = new FileHandler(pattern, (int) partBytes, parts, true);
    handler.setFormatter(new SimpleFormatter());
    handler.setFilter(LogLimits.install());
    Logger root = Logger.getLogger("");
    for (Handler h : root.getHandlers()) {
      root.removeHandler(h);
      h.close();
    }
    root.addHandler(handler);
  }
}
