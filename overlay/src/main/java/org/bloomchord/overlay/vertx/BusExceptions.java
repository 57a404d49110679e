package org.bloomchord.overlay.vertx;

import io.vertx.core.Handler;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The exception handler of a clustered Vert.x instance: what its contexts could not hand to
 * anyone. It counts the clustered event bus' close race and logs everything else (through the
 * JVM's {@link org.bloomchord.overlay.log.LogLimits rate limit}).
 *
 * <p><b>The close race.</b> The clustered event bus writes a message to another member as
 * {@code socket.write(data).onComplete(sendContext)} (Vert.x 5.0's {@code OutboundConnection}),
 * where the send context is a {@code Promise} whose {@code tryFail} notifies the sender and then
 * returns {@code false}; {@code Promise.complete(null, failure)} therefore throws
 * {@code IllegalStateException("Promise already completed")} after the sender was told. So every
 * message still queued or unflushed on a connection that closes (a ping unanswered, an idle
 * timeout, a reset) reports one unhandled exception with its stack trace, tens of thousands for a
 * busy connection, which filled the child JVMs' logs with 85 to 600 MB and took the CPU the JVM
 * needed to answer. The exception carries no information the sender does not already have (its
 * write failed and was reported); Vert.x 5.2.3 has the same code (its {@code SendContext}), so it
 * is recognised by its stack and counted as {@link #closeRaces()} instead.
 */
final class BusExceptions implements Handler<Throwable> {

  private static final Logger LOG = Logger.getLogger(BusExceptions.class.getName());

  private final String node;
  private final LongAdder closeRaces = new LongAdder();
  private final LongAdder others = new LongAdder();

  BusExceptions(String node) {
    this.node = node;
  }

  @Override
  public void handle(Throwable t) {
    if (isCloseRace(t)) {
      closeRaces.increment();
      return;
    }
    others.increment();
    LOG.log(Level.WARNING, "node " + node + ": unhandled exception on a Vert.x context", t);
  }

  /**
   * Whether {@code t} is the close race: the {@code IllegalStateException} that
   * {@code Promise.complete} throws when a failed write of the clustered event bus completes its
   * send context.
   */
  static boolean isCloseRace(Throwable t) {
    if (!(t instanceof IllegalStateException) || !"Promise already completed".equals(t.getMessage())) {
      return false;
    }
    boolean complete = false;
    for (StackTraceElement e : t.getStackTrace()) {
      if (e.getClassName().equals("io.vertx.core.Promise") && e.getMethodName().equals("complete")) {
        complete = true;
      } else if (complete && e.getClassName().startsWith("io.vertx.core.impl.future.")) {
        return true;
      }
    }
    return false;
  }

  /** Close races counted (each a failed write the sender was already told of). */
  long closeRaces() {
    return closeRaces.sum();
  }

  /** Other unhandled exceptions (each logged). */
  long others() {
    return others.sum();
  }
}
