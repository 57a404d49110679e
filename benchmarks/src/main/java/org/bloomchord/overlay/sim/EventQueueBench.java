package org.bloomchord.overlay.sim;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Measures the simulator's event queue alone under a Chord-like mix of events, with millions
 * pending: every peer runs periodic timers (every 0.5-5 s); each tick sends a request with a
 * 1-10 s timeout whose message arrives 2-100 ms later and whose reply, as far again, takes the
 * timeout out; one request in ten is lost and times out; one tick in a thousand also schedules an
 * event 100-1,000 s out. Mode "wheel" runs the {@link EventQueue}; mode "heap" runs its
 * {@link EventHeap} alone, which is how the queue worked before it had a wheel. Both fire the same
 * events in the same order, which the printed checksum of the firing order shows.
 *
 * <p>It lives in the simulator's package, in the benchmarks module, because the queue is internal
 * to the simulator. Usage:
 * {@code EventQueueBench wheel|heap PEERS TIMERS_PER_PEER EVENTS [SEED]}, seed 1 by default.
 */
public final class EventQueueBench {

  /** The two queues behind one face; a run loads only one, so calls stay monomorphic. */
  private interface Queue {
    void add(SimEvent e, long time);

    void remove(SimEvent e);

    SimEvent poll();

    int size();
  }

  private static final class Wheel implements Queue {
    private final EventQueue queue = new EventQueue();

    @Override
    public void add(SimEvent e, long time) {
      queue.add(e, time);
    }

    @Override
    public void remove(SimEvent e) {
      queue.remove(e);
    }

    @Override
    public SimEvent poll() {
      return queue.next(Long.MAX_VALUE) == EventQueue.NONE ? null : queue.event();
    }

    @Override
    public int size() {
      return queue.size();
    }
  }

  private static final class Heap implements Queue {
    private final EventHeap heap = new EventHeap();
    private long nextSeq;

    @Override
    public void add(SimEvent e, long time) {
      e.time = time;
      heap.add(e, nextSeq++);
    }

    @Override
    public void remove(SimEvent e) {
      if (e.index >= 0) {
        heap.remove(e);
      }
    }

    @Override
    public SimEvent poll() {
      return heap.poll();
    }

    @Override
    public int size() {
      return heap.size();
    }
  }

  private final Queue queue;
  private final SplittableRandom random;
  private long now;
  private long created;

  private EventQueueBench(Queue queue, long seed) {
    this.queue = queue;
    this.random = new SplittableRandom(seed);
  }

  private abstract class Event extends SimEvent {
    final long id = created++;
  }

  private final class Tick extends Event {
    @Override
    void fire() {
      at(this, 500 + random.nextLong(4_500));
      Timeout timeout = new Timeout();
      at(timeout, 1_000 + random.nextLong(9_000));
      if (random.nextInt(10) != 0) {
        at(new Transfer(timeout, false), 2 + random.nextLong(99));
      }
      if (random.nextInt(1_000) == 0) {
        at(new Transfer(null, false), 100_000 + random.nextLong(900_000));
      }
    }
  }

  private final class Timeout extends Event {
    @Override
    void fire() {
    }
  }

  private final class Transfer extends Event {
    private final Timeout timeout;
    private final boolean reply;

    Transfer(Timeout timeout, boolean reply) {
      this.timeout = timeout;
      this.reply = reply;
    }

    @Override
    void fire() {
      if (timeout == null) {
        return;
      }
      if (reply) {
        queue.remove(timeout);
      } else {
        at(new Transfer(timeout, true), 2 + random.nextLong(99));
      }
    }
  }

  private void at(SimEvent e, long delayMs) {
    queue.add(e, now + delayMs);
  }

  public static void main(String[] args) {
    if (args.length < 4 || !(args[0].equals("wheel") || args[0].equals("heap"))) {
      System.err.println("usage: EventQueueBench wheel|heap PEERS TIMERS_PER_PEER EVENTS [SEED]");
      System.exit(2);
    }
    int peers = Integer.parseInt(args[1]);
    int timers = Integer.parseInt(args[2]);
    long events = Long.parseLong(args[3]);
    long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
    EventQueueBench bench = new EventQueueBench(args[0].equals("wheel") ? new Wheel() : new Heap(), seed);
    bench.run(args[0], peers, timers, events);
  }

  private void run(String mode, int peers, int timers, long events) {
    for (long i = 0; i < (long) peers * timers; i++) {
      at(new Tick(), random.nextLong(5_000));
    }
    long fired = 0;
    long checksum = 0;
    int maxPending = 0;
    long t0 = System.nanoTime();
    while (fired < events) {
      Event e = (Event) queue.poll();
      now = e.time;
      fired++;
      checksum = checksum * 31 + e.id;
      e.fire();
      if ((fired & 1023) == 0) {
        maxPending = Math.max(maxPending, queue.size());
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(Locale.ROOT, "mode=%s peers=%d timersPerPeer=%d events=%d wall=%.2f s rate=%.0f events/s "
        + "maxPending=%d virtual=%d ms checksum=%016x%n",
        mode, peers, timers, fired, seconds, fired / seconds, maxPending, now, checksum);
  }
}
