package org.bloomchord.node;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs calls that block on the peers (membership changes, reads of a peer's tables) on threads of
 * their own: the runtime's driver side forbids blocking on any Vert.x thread (worker threads
 * included). With one thread, calls run one at a time in the order given, as membership changes
 * must. The HTTP API, the node's live view and a run's live view each keep one.
 */
public final class DriverCalls implements AutoCloseable {

  private final ExecutorService threads;
  private final String whenClosed;

  /**
   * @param name the threads' name
   * @param count how many threads
   * @param whenClosed the message a call fails with once these calls were closed
   */
  public DriverCalls(String name, int count, String whenClosed) {
    this.threads = Executors.newFixedThreadPool(count, r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    });
    this.whenClosed = whenClosed;
  }

  /** Runs {@code task} on one of the threads; the future fails once these calls are closed. */
  public <T> Future<T> submit(Callable<T> task) {
    Promise<T> p = Promise.promise();
    try {
      threads.execute(() -> {
        try {
          p.complete(task.call());
        } catch (Exception e) {
          p.fail(e);
        }
      });
    } catch (RejectedExecutionException e) {
      p.fail(new IllegalStateException(whenClosed));
    }
    return p.future();
  }

  /** Stops the threads; calls still queued are dropped. */
  @Override
  public void close() {
    threads.shutdownNow();
  }
}
