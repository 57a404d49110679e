package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Reproduces the clustered event bus' close race (see {@link BusExceptions}): a member floods
 * another with messages and the other goes away, so the writes queued on the connection fail;
 * Vert.x reports each as an unhandled "Promise already completed". The node counts them instead
 * of logging a stack trace per message.
 */
class BusCloseRaceTest {

  private static final long WAIT_MS = 20_000;

  @Test
  void writesFailedByAClosingConnectionAreCountedNotLogged() throws Exception {
    List<LogRecord> unhandled = new CopyOnWriteArrayList<>();
    Logger contexts = Logger.getLogger("io.vertx.core.impl.ContextImpl");
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.SEVERE.intValue()) {
          unhandled.add(r);
        }
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    contexts.addHandler(capture);
    ClusterOptions base = ClusterOptions.loopback().withPort(0).withClusterName("race-" + UUID.randomUUID());
    ClusterNode sender = ClusterNode.start(base.withNodeName("sender"), 1);
    ClusterNode receiver = ClusterNode.start(base.withNodeName("receiver").withMembers(List.of(sender.memberAddress())), 1);
    try {
      receiver.vertx().eventBus().<Buffer>consumer("sink", m -> { }).completion()
          .toCompletionStage().toCompletableFuture().get();
      Buffer chunk = Buffer.buffer(new byte[32 * 1024]);
      // opens the connection and lets the registration reach the sender
      long deadline = System.currentTimeMillis() + WAIT_MS;
      while (receiver.wireBytesRead() < chunk.length() && System.currentTimeMillis() < deadline) {
        sender.vertx().eventBus().send("sink", chunk);
        Thread.sleep(50);
      }
      for (int i = 0; i < 4_000; i++) {
        sender.vertx().eventBus().send("sink", chunk);
      }
      receiver.close();
      while (sender.closeRaces() == 0 && System.currentTimeMillis() < deadline) {
        for (int i = 0; i < 200; i++) {
          sender.vertx().eventBus().send("sink", chunk);
        }
        Thread.sleep(20);
      }
      assertTrue(sender.closeRaces() > 0, "the race did not occur: no write failed on the closing connection");
      assertEquals(List.of(), unhandled.stream().map(r -> String.valueOf(r.getThrown())).toList(),
          "unhandled exceptions logged");
    } finally {
      contexts.removeHandler(capture);
      sender.close();
    }
  }

  @Test
  void onlyTheRaceIsRecognised() {
    assertFalse(BusExceptions.isCloseRace(new IllegalStateException("Promise already completed")),
        "an exception without the event bus' stack is not the race");
    assertFalse(BusExceptions.isCloseRace(new IllegalArgumentException("Promise already completed")));
    IllegalStateException race = new IllegalStateException("Promise already completed");
    race.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("io.vertx.core.Promise", "fail", "Promise.java", 104),
        new StackTraceElement("io.vertx.core.Promise", "complete", "Promise.java", 63),
        new StackTraceElement("io.vertx.core.impl.future.FutureBase", "lambda$emitResult$0", "FutureBase.java", 59)});
    assertTrue(BusExceptions.isCloseRace(race));
  }
}
