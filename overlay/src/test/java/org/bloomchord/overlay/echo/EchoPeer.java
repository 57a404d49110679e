package org.bloomchord.overlay.echo;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.ReplyListener;

/**
 * A tiny protocol for runtime tests: answers pings, logs notes, refuses texts starting with "bad",
 * and offers actions (ping, note, ticking timers, gossip) that tests start through the network.
 * Logs are copy-on-write lists so the driver may read them after the peer is gone.
 */
public final class EchoPeer implements PeerProtocol {

  /** How a timed request ended: the failure (null on success) and the runtime time it took. */
  public record Settled(Message reply, Throwable failure, long elapsedMs) {
  }

  public final List<String> lifecycle = new CopyOnWriteArrayList<>();
  public final List<String> notes = new CopyOnWriteArrayList<>();
  public final List<Long> ticks = new CopyOnWriteArrayList<>();
  public final List<String> trace = new CopyOnWriteArrayList<>();
  /** The texts of the pings this peer answered, in order. */
  public final List<String> served = new CopyOnWriteArrayList<>();
  public volatile PeerRef leaveNotice;
  public volatile long tickStart;
  public volatile boolean afterFired;
  public volatile long afterFiredAt = -1;
  private PeerRuntime runtime;
  private Cancellable ticking;

  @Override
  public Future<Void> start(PeerRuntime runtime) {
    this.runtime = runtime;
    lifecycle.add("start");
    return Future.succeededFuture();
  }

  public PeerRuntime runtime() {
    return runtime;
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    if (message instanceof Ping p) {
      if (p.text().startsWith("bad")) {
        throw new MalformedMessageException("text starts with bad");
      }
      failOn(p.text());
      served.add(p.text());
      return Future.succeededFuture(new Pong(p.seq(), p.text()));
    }
    throw new MalformedMessageException("unexpected request " + message.typeName());
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    if (!(message instanceof Note n) || n.text().startsWith("bad")) {
      throw new MalformedMessageException("refused " + message);
    }
    failOn(n.text());
    notes.add(from.address() + ":" + n.text());
    trace.add(runtime.now() + " note " + from.address() + " " + n.text());
  }

  @Override
  public Future<Void> leave() {
    lifecycle.add("leave");
    if (leaveNotice != null) {
      runtime.send(leaveNotice, new Note("bye"));
    }
    return Future.succeededFuture();
  }

  @Override
  public void stop() {
    lifecycle.add("stop");
    if (ticking != null) {
      ticking.cancel();
    }
  }

  /** Pings {@code to} and returns the pong. */
  public Future<Pong> ping(PeerRef to, long seq, String text, long timeoutMs) {
    return runtime.request(to, new Ping(seq, text), timeoutMs).map(m -> (Pong) m);
  }

  /** Pings {@code to} and reports how and when the request settled; never fails. */
  public Future<Settled> timedPing(PeerRef to, String text, long timeoutMs) {
    long t0 = runtime.now();
    Future<Message> f = runtime.request(to, new Ping(1, text), timeoutMs);
    if (f.isComplete()) {
      return Future.failedFuture(new IllegalStateException("request completed inside request()"));
    }
    return f.transform(ar -> Future.succeededFuture(
        new Settled(ar.result(), ar.cause(), runtime.now() - t0)));
  }

  /**
   * Pings {@code to} with a soft deadline and reports, in order, what the listener heard and when
   * (runtime ms after the send): "overdue@t", then "reply@t" or the failure's class "@t".
   */
  public Future<List<String>> softPing(PeerRef to, String text, long softMs, long timeoutMs) {
    long t0 = runtime.now();
    List<String> heard = new ArrayList<>();
    Promise<List<String>> done = Promise.promise();
    runtime.request(to, new Ping(1, text), softMs, timeoutMs, new ReplyListener() {
      @Override
      public void overdue() {
        heard.add("overdue@" + (runtime.now() - t0));
      }

      @Override
      public void complete(Message reply, Throwable failure) {
        heard.add((failure == null ? "reply" : failure.getClass().getSimpleName()) + "@" + (runtime.now() - t0));
        done.complete(heard);
      }
    });
    return done.future();
  }

  /** Sends a note to {@code to}. */
  public Future<Void> note(PeerRef to, String text) {
    runtime.send(to, new Note(text));
    return Future.succeededFuture();
  }

  /** Sends {@code count} notes to {@code to}. */
  public Future<Void> notes(PeerRef to, int count) {
    for (int i = 0; i < count; i++) {
      runtime.send(to, new Note("n" + i));
    }
    return Future.succeededFuture();
  }

  /** Starts recording {@code now()} every {@code periodMs} with {@code jitter}. */
  public Future<Void> startTicking(long periodMs, double jitter) {
    tickStart = runtime.now();
    ticking = runtime.every(periodMs, jitter, () -> ticks.add(runtime.now()));
    return Future.succeededFuture();
  }

  public Future<Void> stopTicking() {
    ticking.cancel();
    return Future.succeededFuture();
  }

  /** A handler's bug, on request: "throw" an exception, "error" an Error. */
  private static void failOn(String text) {
    if (text.equals("throw")) {
      throw new IllegalStateException("a handler's bug");
    }
    if (text.equals("error")) {
      throw new StackOverflowError("a handler's deep bug");
    }
  }

  /** Schedules a timer after {@code delayMs} whose task fails like {@link #failOn} with {@code text}. */
  public Future<Void> failingTimer(long delayMs, String text) {
    runtime.after(delayMs, () -> failOn(text));
    return Future.succeededFuture();
  }

  /** Schedules a one-shot timer after {@code delayMs} and cancels it at once when asked to. */
  public Future<Long> after(long delayMs, boolean cancel) {
    long t0 = runtime.now();
    Cancellable c = runtime.after(delayMs, () -> {
      afterFired = true;
      afterFiredAt = runtime.now();
    });
    if (cancel) {
      c.cancel();
    }
    return Future.succeededFuture(t0);
  }

  /** Every {@code periodMs} (jitter 0.5) pings and notes a random peer of {@code peers}, logging outcomes. */
  public Future<Void> gossip(List<PeerRef> peers, long periodMs) {
    List<PeerRef> targets = new ArrayList<>(peers);
    ticking = runtime.every(periodMs, 0.5, () -> {
      PeerRef to = targets.get(runtime.random().nextInt(targets.size()));
      long seq = runtime.random().nextLong();
      runtime.send(to, new Note("g" + seq));
      long t0 = runtime.now();
      runtime.request(to, new Ping(seq, "x"), 200).onComplete(ar -> trace.add(
          t0 + "->" + runtime.now() + " " + to.address() + " " + (ar.succeeded() ? ar.result() : ar.cause())));
    });
    return Future.succeededFuture();
  }
}
