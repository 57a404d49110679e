package org.bloomchord.overlay.vertx;

import java.util.ArrayList;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The timers of every peer of one network on one timing wheel, driven by a single thread that
 * ticks every {@link #TICK_MS} ms and hands each due timer to its peer's context. One Vert.x timer
 * per peer task would put every timer of every peer into the event loops' scheduled-task heap; at
 * a million peers that heap holds millions of entries, and the event loops spent their time
 * polling it (docs/BENCHMARKS.md, "Placed launch"). Here setting a timer is an append to a
 * concurrent queue, and firing one is a task on the peer's context.
 *
 * <p>A timer fires at the earliest {@code delay} after it was set and at most about one tick later
 * (plus the time its peer's context takes to run it). Cancelled timers are dropped when their slot
 * comes round. Owned by the driver thread: slots are touched only there; other threads only add.
 *
 * <p>Why not Netty's {@code io.netty.util.HashedWheelTimer}, which is on the class path: it meets
 * the contract above (never early, one driver thread, cancel, a task that hands over to the
 * context), but every {@code newTimeout} allocates a {@code Timeout} of its own, held while pending
 * and dropped when it fires, so a periodic timer costs a new object per period and one more object
 * per pending timer. Here the timer itself is the entry and is set again as it is. Measured with a
 * million periodic timers of 1.5 to 4.5 s on 1,000 peers ({@code TimerWheelBenchmark} in the
 * benchmarks module; docs/BENCHMARKS.md, "Peer timers"): both keep up with the 333,000 fires a
 * second offered, but Netty's takes 1.90x the process CPU per fire (2,630 against 1,386 ns) and
 * 1.62x the heap per pending timer (131.9 against 81.5 bytes). Cancelling is where Netty's is
 * better: it drops a cancelled timeout at its next tick, this wheel only when the slot comes round.
 */
final class TimerWheel implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(TimerWheel.class.getName());

  /** The resolution of the wheel. */
  static final long TICK_MS = 5;
  private static final long TICK_NANOS = TICK_MS * 1_000_000;
  /** 4,096 slots of 5 ms: one turn is 20.48 s; later timers wait in their slot for their turn. */
  private static final int SLOTS = 1 << 12;

  private final Queue<VertxTimer> incoming = new ConcurrentLinkedQueue<>();
  @SuppressWarnings("unchecked")
  private final ArrayList<VertxTimer>[] slots = new ArrayList[SLOTS];
  private final long originNanos = System.nanoTime();
  private final ScheduledExecutorService driver;
  /** The tick processed last: every timer due up to its end has been handed over. */
  private long tick;

  TimerWheel() {
    driver = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "bloomchord-timer-wheel");
      t.setDaemon(true);
      return t;
    });
    driver.scheduleAtFixedRate(this::advance, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
  }

  /** Sets {@code timer} to fire {@code delayMs} from now; safe from any thread. */
  void add(VertxTimer timer, long delayMs) {
    timer.dueNanos = System.nanoTime() - originNanos + Math.max(1, delayMs) * 1_000_000;
    incoming.add(timer);
  }

  /** The first tick at whose start {@code t} is due: a timer never fires early. */
  private static long tickOf(VertxTimer t) {
    return (t.dueNanos + TICK_NANOS - 1) / TICK_NANOS;
  }

  private void advance() {
    try {
      long target = (System.nanoTime() - originNanos) / TICK_NANOS;
      for (VertxTimer t; (t = incoming.poll()) != null; ) {
        place(t);
      }
      while (tick < target) {
        tick++;
        fire(tick);
      }
    } catch (RuntimeException e) {
      // a failed hand-over must never stop the wheel (an exception would end the fixed-rate task)
      LOG.log(Level.WARNING, "timer wheel: " + e, e);
    }
  }

  private void place(VertxTimer t) {
    long due = tickOf(t);
    if (due <= tick) {
      t.fire();
      return;
    }
    int slot = (int) (due & (SLOTS - 1));
    ArrayList<VertxTimer> list = slots[slot];
    if (list == null) {
      list = new ArrayList<>();
      slots[slot] = list;
    }
    list.add(t);
  }

  private void fire(long at) {
    ArrayList<VertxTimer> list = slots[(int) (at & (SLOTS - 1))];
    if (list == null || list.isEmpty()) {
      return;
    }
    int kept = 0;
    for (int i = 0; i < list.size(); i++) {
      VertxTimer t = list.get(i);
      if (tickOf(t) <= at) {
        t.fire();
      } else if (!t.cancelled()) {
        list.set(kept++, t);
      }
    }
    list.subList(kept, list.size()).clear();
  }

  @Override
  public void close() {
    driver.shutdownNow();
  }
}
