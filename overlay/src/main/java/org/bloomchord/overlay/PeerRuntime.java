package org.bloomchord.overlay;

import io.vertx.core.Future;
import java.util.random.RandomGenerator;

/**
 * What a peer's protocol code sees of the world. Two runtimes implement it: the Vert.x actor runtime
 * and the deterministic simulator; protocol code is written once against this interface and never
 * touches Vert.x runtime classes.
 *
 * <p>Threading: every callback of one peer (message handlers, timer tasks, completions of the
 * futures returned here) runs on that peer's own single logical thread, so protocol state needs no
 * locks.
 */
public interface PeerRuntime {

  /** This peer's identity. */
  PeerRef self();

  /**
   * Sends a request and returns the reply. The future fails with {@link RequestTimeoutException}
   * when no reply arrives within {@code timeoutMs} (also when the peer is gone: absence is only
   * learnt by waiting, as on a network), and with {@link RemoteRejectedException} when the receiver
   * rejected the message.
   */
  Future<Message> request(PeerRef to, Message message, long timeoutMs);

  /**
   * Sends a request and tells {@code listener} of its reply or failure, as {@link #request(PeerRef,
   * Message, long)} would complete its future, and before that, when {@code softMs < timeoutMs}
   * and no answer came within {@code softMs}, that the soft deadline passed
   * ({@link ReplyListener#overdue}). A sender that gives up at the soft deadline but still wants to
   * measure a late reply needs no timer of its own: the simulator keeps both deadlines in one
   * queue entry. By default a timer of this runtime and the future of {@link #request(PeerRef,
   * Message, long)}.
   */
  default void request(PeerRef to, Message message, long softMs, long timeoutMs, ReplyListener listener) {
    Cancellable soft = softMs < timeoutMs ? after(softMs, listener::overdue) : null;
    request(to, message, timeoutMs).onComplete((reply, failure) -> {
      if (soft != null) {
        soft.cancel();
      }
      listener.complete(reply, failure);
    });
  }

  /**
   * Whether a silence of {@code to} says nothing about it yet: it runs on another node that this
   * runtime hears from and that has not reported it gone, so a request to it that timed out met a
   * peer behind a backlog (a burst, a collection, cores shared with other JVMs), not a failed one.
   * Protocols count no failure against such a peer. The simulator's peers and the peers of one JVM
   * are never behind: their silence is failure.
   */
  default boolean behind(PeerRef to) {
    return false;
  }

  /**
   * Whether this runtime knows that no peer runs at {@code to}'s address: its node answered a
   * request to it with "no such peer" and it has not answered since (a crash or a departure, not a
   * cut or a backlog). Protocols may take such a peer for failed at once, without asking others to
   * confirm. The simulator's peers and the peers of one JVM never know it: false.
   */
  default boolean gone(PeerRef to) {
    return false;
  }

  /** Sends a one-way message; delivery is not confirmed. */
  void send(PeerRef to, Message message);

  /** Runs {@code task} once after {@code delayMs} milliseconds of this runtime's clock. */
  Cancellable after(long delayMs, Runnable task);

  /**
   * Runs {@code task} every {@code periodMs} milliseconds, each interval drawn uniformly from
   * {@code periodMs * [1 - jitter, 1 + jitter]} with this peer's random generator; the first run
   * comes after one such interval. {@code jitter} is in [0, 1).
   */
  Cancellable every(long periodMs, double jitter, Runnable task);

  /**
   * As {@link #every}, but the first run comes after a delay drawn uniformly from [1, periodMs]:
   * for a peer that starts as part of a ring already running (placed in it, or restarted with its
   * tables), whose periodic work should fall at any phase of the period, as a running ring's does,
   * rather than all together one period after a launch that starts many peers at once.
   */
  default Cancellable everyFromRandomPhase(long periodMs, double jitter, Runnable task) {
    Cancellable[] current = new Cancellable[1];
    boolean[] cancelled = new boolean[1];
    current[0] = after(Jitter.phase(periodMs, random()), () -> {
      if (!cancelled[0]) {
        current[0] = every(periodMs, jitter, task);
        task.run();
      }
    });
    return () -> {
      cancelled[0] = true;
      current[0].cancel();
    };
  }

  /**
   * {@link #everyFromRandomPhase} when {@code randomPhase}, else {@link #every}: for a task that
   * starts either way, by whether its peer starts in a running ring.
   */
  default Cancellable every(long periodMs, double jitter, boolean randomPhase, Runnable task) {
    return randomPhase ? everyFromRandomPhase(periodMs, jitter, task) : every(periodMs, jitter, task);
  }

  /** Milliseconds of this runtime's clock (virtual time in the simulator). */
  long now();

  /** This peer's own seeded random generator. */
  RandomGenerator random();

  /** Where the protocol reports its own counters and events. */
  MetricsSink metrics();

  /**
   * The encoded size of {@code message} in bytes, as the traffic metrics count it (what a
   * per-sender byte quota charges); 0 when this runtime cannot tell.
   */
  default int sizeOf(Message message) {
    return 0;
  }
}
