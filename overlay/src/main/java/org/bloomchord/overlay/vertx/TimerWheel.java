package org.bloomchord.overlay.vertx;

import java.util.ArrayList;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
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
 *
 * <p><b>The wheel's clock leaves stalls of the JVM out.</b> The driver runs every tick, and the
 * wheel's clock ({@link #nowNanos}) never runs more than {@link #STALL_MS} past the driver's last
 * run: a longer gap means that the whole JVM was stopped or starved (a collection that stopped the
 * world, cores taken by other processes, a suspended machine), and every peer with it, so the rest
 * of the gap is left out of the clock. Each pending timer then fires that much later: a request
 * sent before the stall still waits what was left of its timeout in time the peers could run, and
 * its answer, delayed by the same stall, is not taken for a failed peer's silence. Without this,
 * every request in flight when a collection of some seconds stopped a large ring timed out at
 * once after it, each a strike against a live peer (docs/experiments/rings-at-scale.md, "A JVM
 * stopped under a stream of joins"). Periodic tasks are shifted the same way, and so are the
 * deadlines after which a peer drops a request unread. The clock of
 * {@link org.bloomchord.overlay.PeerRuntime#now} is not changed.
 */
final class TimerWheel implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(TimerWheel.class.getName());

  /** The resolution of the wheel. */
  static final long TICK_MS = 5;
  private static final long TICK_NANOS = TICK_MS * 1_000_000;
  /** 4,096 slots of 5 ms: one turn is 20.48 s; later timers wait in their slot for their turn. */
  private static final int SLOTS = 1 << 12;
  /** How far the wheel's clock runs past the driver's last run; beyond it the JVM is taken as stalled. */
  static final long STALL_MS = 100;
  private static final long STALL_NANOS = STALL_MS * 1_000_000;

  private final Queue<VertxTimer> incoming = new ConcurrentLinkedQueue<>();
  @SuppressWarnings("unchecked")
  private final ArrayList<VertxTimer>[] slots = new ArrayList[SLOTS];
  private final LongSupplier clock;

  /**
   * The underlying clock's reading at the wheel's time 0 (moved later by every stall left out) and
   * at the driver's last run: replaced as one by the driver, so any thread reads a consistent pair.
   */
  private record Base(long originNanos, long lastRunNanos) {
  }

  private volatile Base base;
  /** The underlying clock's reading when the wheel was made: the origin before any stall. */
  private final long startNanos;
  /** Stalls left out of the wheel's clock so far; written by the driver only. */
  private volatile long stalls;
  private final ScheduledExecutorService driver;
  /** The tick processed last: every timer due up to its end has been handed over. */
  private long tick;

  /** A wheel on {@link System#nanoTime()}, driven by its own thread. */
  TimerWheel() {
    this(System::nanoTime, true);
  }

  /**
   * A wheel on {@code clock} (nanoseconds, monotonic); with {@code drive} false no thread runs it
   * and a caller calls {@link #advance} (tests).
   */
  TimerWheel(LongSupplier clock, boolean drive) {
    this.clock = clock;
    this.startNanos = clock.getAsLong();
    this.base = new Base(startNanos, startNanos);
    if (!drive) {
      driver = null;
      return;
    }
    driver = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "bloomchord-timer-wheel");
      t.setDaemon(true);
      return t;
    });
    driver.scheduleAtFixedRate(this::advance, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
  }

  /** Sets {@code timer} to fire {@code delayMs} from now; safe from any thread. */
  void add(VertxTimer timer, long delayMs) {
    timer.dueNanos = nowNanos() + Math.max(1, delayMs) * 1_000_000;
    incoming.add(timer);
  }

  /**
   * The wheel's clock: nanoseconds since the wheel was made, stalls of the JVM left out; monotonic,
   * and safe from any thread. While the driver has not run for longer than {@link #STALL_MS} it
   * stands still at that bound, where the driver's next run resumes it.
   */
  long nowNanos() {
    Base b = base;
    return Math.min(clock.getAsLong(), b.lastRunNanos() + STALL_NANOS) - b.originNanos();
  }

  /** The time left out of the wheel's clock as stalls of the JVM, in nanoseconds. */
  long stalledNanos() {
    return base.originNanos() - startNanos;
  }

  /** The stalls left out so far. */
  long stalls() {
    return stalls;
  }

  /** The first tick at whose start {@code t} is due: a timer never fires early. */
  private static long tickOf(VertxTimer t) {
    return (t.dueNanos + TICK_NANOS - 1) / TICK_NANOS;
  }

  /** One run of the driver: leaves a stall out of the clock, then hands over every timer now due. */
  void advance() {
    try {
      long now = clock.getAsLong();
      Base b = base;
      long origin = b.originNanos();
      long left = now - b.lastRunNanos() - STALL_NANOS;
      if (left > 0) {
        origin += left;
        stalls++;
      }
      base = new Base(origin, now);
      long target = (now - origin) / TICK_NANOS;
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
    if (driver != null) {
      driver.shutdownNow();
    }
  }
}
