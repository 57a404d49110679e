package org.bloomchord.node;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The probing of the other nodes that {@link ClusterDirectory} runs on its probe thread, apart from
 * the wall clock, the thread's timers and the event bus, so that a test drives the same code on a
 * fake clock. A round ends the last one in the {@link NodeReachability} (reporting what it
 * decided), learns the nodes the directory lists and pings every node whose probe is due. A probe
 * is settled by the first of its answer, its failure and its deadline
 * ({@link NodeReachability#PROBE_TIMEOUT_MS}): answered, or silent for a cause; an answer that
 * comes after the deadline is a late answer (the node is alive). After a silent probe the next
 * goes out when {@link NodeReachability#silent} names, not at the next round, and when the last
 * probe waiting settles the round's decisions are reported at once. Every method runs on the probe
 * thread.
 */
final class ProbeRounds {

  /** The timers of the probe thread. */
  interface Timers {

    /**
     * Runs {@code task} on the probe thread in {@code delayMs}.
     *
     * @return what cancels it, or null once the timers have stopped
     */
    Runnable schedule(Runnable task, long delayMs);
  }

  /** The ping of a node. */
  interface Ping {

    /**
     * Pings {@code node}, waiting for its answer up to {@link NodeReachability#LATE_ANSWER_MS};
     * {@code outcome} runs on the probe thread with null when it answered, else the cause of the
     * failure ({@code TIMEOUT}, {@code NO_HANDLERS}, ...).
     */
    void send(String node, Consumer<String> outcome);
  }

  /** The cause of a probe that its deadline settled. */
  static final String TIMEOUT = "TIMEOUT";

  private final NodeReachability reach;
  private final LongSupplier clock;
  private final Timers timers;
  private final Ping ping;
  private int probing;

  /**
   * @param reach what the probes decide in
   * @param clock the time, in milliseconds
   * @param timers the probe thread's timers
   * @param ping how a node is pinged
   */
  ProbeRounds(NodeReachability reach, LongSupplier clock, Timers timers, Ping ping) {
    this.reach = reach;
    this.clock = clock;
    this.timers = timers;
    this.ping = ping;
  }

  /**
   * One round: reports what the last one left unreported (a probe still waiting held it), runs
   * {@code learn} (the read of the directory's nodes) and pings every known node that has no probe
   * waiting.
   */
  void round(Runnable learn) {
    reach.endRound(clock.getAsLong());
    learn.run();
    probeDue();
  }

  /** Pings the nodes whose probe is due: each known node once a round, the next at once after one was silent. */
  void probeDue() {
    long sentAt = clock.getAsLong();
    for (String n : reach.due(sentAt)) {
      probing++;
      AtomicBoolean settled = new AtomicBoolean();
      Runnable deadline = timers.schedule(() -> settle(n, settled, TIMEOUT), NodeReachability.PROBE_TIMEOUT_MS);
      ping.send(n, cause -> {
        if (deadline != null) {
          deadline.run();
        }
        if (settled.get() && cause == null) {
          reach.answeredLate(n, sentAt, clock.getAsLong());
          return;
        }
        settle(n, settled, cause);
      });
    }
  }

  /** Settles a probe of {@code node}, once: answered when {@code silentBy} is null, else silent for that cause. */
  private void settle(String node, AtomicBoolean settled, String silentBy) {
    if (!settled.compareAndSet(false, true)) {
      return;
    }
    long now = clock.getAsLong();
    long confirmAt = -1;
    if (silentBy == null) {
      reach.answered(node, now);
    } else {
      confirmAt = reach.silent(node, now, silentBy);
    }
    if (--probing == 0) {
      reach.endRound(now);
    }
    if (confirmAt >= 0) {
      // not at the next round: a confirmation that waits for it adds up to a period to the time to
      // report a cut
      timers.schedule(this::probeDue, Math.max(0, confirmAt - now));
    }
  }
}
