package org.bloomchord.node;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs membership changes (adding, removing, crashing peers) one at a time on a thread of its own:
 * they block on the peers, which the runtime's driver side forbids on any Vert.x thread (worker
 * threads included). The HTTP API and the live view each keep one.
 */
public final class MembershipQueue implements AutoCloseable {

  private final ExecutorService thread;

  /** A queue whose thread is named {@code name}. */
  public MembershipQueue(String name) {
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    });
  }

  /** Runs {@code task} after the changes queued before it; the future fails once the queue is closed. */
  public <T> Future<T> submit(Callable<T> task) {
    Promise<T> p = Promise.promise();
    try {
      thread.execute(() -> {
        try {
          p.complete(task.call());
        } catch (Exception e) {
          p.fail(e);
        }
      });
    } catch (RejectedExecutionException e) {
      p.fail(new IllegalStateException("the node is shutting down"));
    }
    return p.future();
  }

  /** Stops the thread; changes still queued are dropped. */
  @Override
  public void close() {
    thread.shutdownNow();
  }
}
