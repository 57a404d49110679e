package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock an authority's directory is changed under: an exclusive lock on {@value #FILE} in it
 * (the operating system's advisory file lock, so that two {@code bloomchord ca} processes take
 * turns), and, since a JVM holds a file lock for the whole process, a lock of this JVM per
 * directory taken first (so that two threads take turns too). Held while an operation reads the
 * directory and writes its result: issue, sign, revoke and init.
 */
final class AuthorityLock implements AutoCloseable {

  /** The lock file in the authority's directory (empty; its lock is what counts). */
  static final String FILE = "ca.lock";

  private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

  private final ReentrantLock local;
  private final FileChannel channel;
  private final FileLock lock;

  private AuthorityLock(ReentrantLock local, FileChannel channel, FileLock lock) {
    this.local = local;
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits for and takes the lock of the directory {@code dir}, which must exist. */
  static AuthorityLock take(Path dir) throws IOException {
    Path real = dir.toRealPath();
    ReentrantLock local = IN_JVM.computeIfAbsent(real, d -> new ReentrantLock());
    if (local.isHeldByCurrentThread()) {
      throw new IllegalStateException("the lock of " + real + " is already held by this thread");
    }
    local.lock();
    FileChannel channel = null;
    try {
      Path file = real.resolve(FILE);
      if (!Files.exists(file) && Files.getFileStore(real).supportsFileAttributeView("posix")) {
        try {
          Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (java.nio.file.FileAlreadyExistsException raced) {
          // another process made it first: lock it all the same
        }
      }
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      return new AuthorityLock(local, channel, channel.lock());
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      local.unlock();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
      channel.close();
    } finally {
      local.unlock();
    }
  }
}
