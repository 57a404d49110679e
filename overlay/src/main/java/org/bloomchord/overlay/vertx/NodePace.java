package org.bloomchord.overlay.vertx;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Whether a silent peer of another node may still be alive: its node is heard from and has not
 * reported the peer gone ({@link #slowNotGone}). A peer that crashed or left on a live node is
 * reported at once: its node's gateway answers that no such peer is there ({@code NO_PEER}). So on
 * a node that keeps talking, a request that times out without that answer met a peer that is
 * behind (its event loop busy with a burst, a collection, cores shared with other JVMs), not a
 * failed one. A node silent for longer than its own pauses suggest ({@link #silenceBoundMs}: twice
 * the longest gap between its words lately, 1 s at least and 10 s at most) may be dead or cut off:
 * its peers' silences count again. So a JVM killed on a quiet machine is noticed about a second
 * after its last word, while a loaded one that went quiet for 4 s between bursts is given 8 s.
 *
 * <p>Why: on two cores shared by three JVMs and other work, round trips between the JVMs grew past
 * the request timeouts' ceiling; each peer took the peers of the other JVMs for failed after two
 * such timeouts, the peers of each JVM formed a ring of their own, and lookups named wrong owners
 * until the rings merged again.
 *
 * <p>Thread-safe; times are milliseconds of {@link #now}.
 */
final class NodePace {

  /** The shortest silence after which a node may be dead or cut off. */
  static final long MIN_SILENCE_MS = 1_000;
  /** The longest: a node silent this long is taken as dead or cut off whatever its past pauses. */
  static final long MAX_SILENCE_MS = 10_000;
  /** The longest recent gap is halved this often, so that a past storm is forgotten. */
  static final long GAP_DECAY_MS = 30_000;
  /** Peers reported gone are remembered this long (a peer that comes back is heard from first). */
  static final long GONE_MEMORY_MS = 120_000;
  /** Above this many peers reported gone, those older than {@link #GONE_MEMORY_MS} are forgotten. */
  private static final int GONE_SWEEP_AT = 4_096;

  /** What is known of one node's words: when it was last heard, and its longest recent gap. */
  private static final class Words {
    long heardAt;
    long longestGap;
    long decayedAt;

    Words(long now) {
      heardAt = now;
      decayedAt = now;
    }

    synchronized void heard(long now) {
      long gap = now - heardAt;
      if (now - decayedAt >= GAP_DECAY_MS) {
        longestGap /= 2;
        decayedAt = now;
      }
      // a gap longer than the ceiling (a cut, a restart) says no more than the ceiling does
      longestGap = Math.max(longestGap, Math.min(gap, MAX_SILENCE_MS));
      heardAt = Math.max(heardAt, now);
    }

    synchronized boolean silentFor(long now) {
      return now - heardAt > bound();
    }

    synchronized long bound() {
      return Math.min(MAX_SILENCE_MS, Math.max(MIN_SILENCE_MS, 2 * longestGap));
    }
  }

  private final Map<String, Words> words = new ConcurrentHashMap<>();
  private final Map<String, Long> goneAt = new ConcurrentHashMap<>();
  private final LongSupplier clock;

  /** Paces read on this JVM's monotonic clock. */
  NodePace() {
    this(() -> System.nanoTime() / 1_000_000);
  }

  /** Paces read on {@code clock} (milliseconds). */
  NodePace(LongSupplier clock) {
    this.clock = clock;
  }

  /** This pace's clock, in milliseconds. */
  long now() {
    return clock.getAsLong();
  }

  /** Something arrived from {@code node}. */
  void heard(String node) {
    long now = now();
    Words w = words.get(node);
    if (w == null) {
      words.putIfAbsent(node, new Words(now));
    } else {
      w.heard(now);
    }
  }

  /** The peer at {@code address} answered: its node is heard from and the peer is there. */
  void answered(String node, String address) {
    heard(node);
    if (!goneAt.isEmpty()) {
      goneAt.remove(address);
    }
  }

  /** {@code node} reported that no peer at {@code address} is there. */
  void gone(String node, String address) {
    heard(node);
    long now = now();
    goneAt.put(address, now);
    if (goneAt.size() > GONE_SWEEP_AT) {
      goneAt.values().removeIf(t -> now - t > GONE_MEMORY_MS);
    }
  }

  /**
   * Whether a node reported that no peer at {@code address} is there, within the last
   * {@link #GONE_MEMORY_MS}, and the peer has not answered since.
   */
  boolean reportedGone(String address) {
    Long at = goneAt.get(address);
    return at != null && now() - at <= GONE_MEMORY_MS;
  }

  /**
   * Whether the silence of the peer at {@code address} on {@code node} says nothing about it yet: its
   * node was heard from within its {@link #silenceBoundMs} and has not reported it gone.
   */
  boolean slowNotGone(String node, String address) {
    Words w = words.get(node);
    return w != null && !w.silentFor(now()) && !goneAt.containsKey(address);
  }

  /**
   * How long {@code node} may be silent and still be taken as alive: twice its longest gap between
   * words lately, within [{@link #MIN_SILENCE_MS}, {@link #MAX_SILENCE_MS}]; the minimum for a node
   * never heard.
   */
  long silenceBoundMs(String node) {
    Words w = words.get(node);
    return w == null ? MIN_SILENCE_MS : w.bound();
  }
}
