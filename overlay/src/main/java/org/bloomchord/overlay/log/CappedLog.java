package org.bloomchord.overlay.log;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A log file of at most two parts of {@code partBytes} each: {@code FILE} being written and
 * {@code FILE.1}, the part before it. When the current part is full it becomes {@code FILE.1}
 * (replacing the older one) and a new {@code FILE} starts, so the log never exceeds twice the
 * part size and always holds the newest output, which is what says why a process failed.
 *
 * <p>Thread-safe; {@link #pump} copies a stream (a child process' standard error) into it on a
 * thread of its own.
 */
public final class CappedLog implements AutoCloseable {

  /** Part size of a child JVM's log: two parts of 4 MiB. */
  public static final long CHILD_PART_BYTES = 4L << 20;

  private final Path file;
  private final long partBytes;
  private OutputStream out;
  private long written;
  private long rotations;

  /** A capped log at {@code file} (created or truncated) with parts of {@code partBytes}. */
  public CappedLog(Path file, long partBytes) throws IOException {
    if (partBytes < 1024) {
      throw new IllegalArgumentException("partBytes must be >= 1024: " + partBytes);
    }
    this.file = file;
    this.partBytes = partBytes;
    this.out = open();
  }

  private OutputStream open() throws IOException {
    return Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.WRITE);
  }

  /** The file being written. */
  public Path file() {
    return file;
  }

  /** The part written before the current one ({@code FILE.1}); it exists once the log rotated. */
  public Path previousPart() {
    return file.resolveSibling(file.getFileName() + ".1");
  }

  /** How many times a full part was set aside. */
  public synchronized long rotations() {
    return rotations;
  }

  /** Appends {@code len} bytes, starting a new part first when they would overflow this one. */
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    if (written > 0 && written + len > partBytes) {
      out.close();
      Files.move(file, previousPart(), StandardCopyOption.REPLACE_EXISTING);
      out = open();
      written = 0;
      rotations++;
    }
    int n = (int) Math.min(len, partBytes);
    out.write(b, off + len - n, n);
    out.flush();
    written += n;
  }

  /**
   * Copies {@code in} into this log until it ends, on a daemon thread named {@code threadName}; the
   * log is closed at the end of the stream.
   */
  public Thread pump(InputStream in, String threadName) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[8192];
      try (in) {
        for (int n; (n = in.read(buf)) >= 0; ) {
          write(buf, 0, n);
        }
      } catch (IOException e) {
        // the process is gone or the log could not be written: nothing left to copy
      } finally {
        close();
      }
    }, threadName);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Deletes both parts (a run that succeeded keeps no log). */
  public void delete() {
    close();
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(previousPart());
    } catch (IOException e) {
      // a part left in the temporary directory is bounded and harmless
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      // nothing more can be written anyway
    }
  }
}
