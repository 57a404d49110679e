package org.bloomchord.overlay.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rate-limited warnings on a fake clock, and a log file capped at two parts. */
class LogLimitsTest {

  private static LogRecord record(Level level, String msg) {
    LogRecord r = new LogRecord(level, msg);
    r.setLoggerName("io.vertx.core.eventbus.impl.clustered.ClusteredEventBus");
    r.setThrown(new java.net.ConnectException("Connection refused"));
    return r;
  }

  @Test
  void aRepeatedWarningPassesFiveTimesAMinuteAndTheNextSaysHowManyWereSuppressed() {
    AtomicLong clock = new AtomicLong();
    LogLimits limits = new LogLimits(5, 60_000, clock::get);
    int passed = 0;
    for (int i = 0; i < 1_000; i++) {
      // a different member id and port each time: still one kind
      if (limits.isLoggable(record(Level.WARNING, "Connecting to server 3fa4" + i + " at 127.0.0.1:" + (40_000 + i) + " failed"))) {
        passed++;
      }
    }
    assertEquals(5, passed);
    assertEquals(995, limits.suppressed());
    assertTrue(limits.isLoggable(record(Level.INFO, "Connecting to server 1 failed")), "below WARNING: not limited");
    assertTrue(limits.isLoggable(record(Level.WARNING, "another message")), "another kind has its own count");

    clock.set(60_000);
    LogRecord next = record(Level.WARNING, "Connecting to server 77 at 127.0.0.1:41000 failed");
    assertTrue(limits.isLoggable(next));
    assertTrue(next.getMessage().endsWith("[995 more like this suppressed in the last 60 s]"), next.getMessage());
    assertNotNull(next.getThrown(), "the first of a window keeps its stack trace");
    LogRecord second = record(Level.WARNING, "Connecting to server 78 at 127.0.0.1:41001 failed");
    assertTrue(limits.isLoggable(second));
    assertNull(second.getThrown(), "the others of the window do not");
    assertEquals(0, limits.suppressed());
  }

  @Test
  void aCappedLogKeepsTheNewestOutputInTwoPartsAtMost(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("child.log");
    CappedLog log = new CappedLog(file, 1_024);
    for (int i = 0; i < 1_000; i++) {
      byte[] line = ("line " + i + "\n").getBytes(StandardCharsets.UTF_8);
      log.write(line, 0, line.length);
    }
    log.close();
    long total = Files.size(file) + Files.size(log.previousPart());
    assertTrue(total <= 2 * 1_024, "two parts at most: " + total);
    assertTrue(Files.readString(file).endsWith("line 999\n"), "the newest output is kept");
    assertTrue(log.rotations() > 0);
    log.delete();
    assertFalse(Files.exists(file));
    assertFalse(Files.exists(log.previousPart()));
  }
}
