package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The timing wheel with its overflow heap against an oracle: a sorted set ordered by (time,
 * scheduling order) with its own clock, which is the order the simulator always fired events in.
 * Frames (one-way messages kept as bytes) are entries of the same order; a {@link Probe} with a
 * {@code frame} stands for one in the oracle, and the queue must hand back its sender, receiver
 * and bytes.
 */
class EventQueueTest {

  /** The reference: every queued event in one sorted set, the clock moved as the queue promises. */
  private static final class Oracle {
    final TreeSet<Probe> queued = new TreeSet<>(Probe.BY_TIME_AND_SEQ);
    long now;
    long seq;

    void add(Probe p, long time) {
      p.expectedTime = time;
      p.expectedSeq = seq++;
      queued.add(p);
    }

    boolean remove(Probe p) {
      return queued.remove(p);
    }

    Probe poll(long deadline) {
      if (queued.isEmpty() || queued.first().expectedTime > deadline) {
        now = Math.max(now, deadline);
        return null;
      }
      Probe p = queued.pollFirst();
      now = p.expectedTime;
      return p;
    }
  }

  /** A frame's receiver, standing for the probe in the oracle (a receiver is never an event). */
  private record Receiver(Probe probe) {
  }

  /** Both queues side by side; every step checks they agree. */
  private static final class Twin {
    final EventQueue queue;
    final int windowBits;
    final Oracle oracle = new Oracle();

    Twin(int windowBits) {
      this.windowBits = windowBits;
      queue = new EventQueue(windowBits);
    }

    void add(Probe p, long time) {
      queue.add(p, time);
      oracle.add(p, time);
      check();
    }

    /** Queues {@code p} as a frame of {@code length} bytes if its time is within the window. */
    boolean addFrame(Probe p, int length, long time) {
      byte[] frame = new byte[length];
      for (int i = 0; i < length; i++) {
        frame[i] = (byte) (p.id * 31 + i);
      }
      byte[] padded = new byte[length + 3];
      System.arraycopy(frame, 0, padded, 2, length);
      boolean queued = queue.addFrame("from" + p.id, new Receiver(p), padded, 2, length, time);
      assertEquals(time - queue.now() < 1L << windowBits, queued, "frame at " + time);
      if (queued) {
        p.frame = frame;
        oracle.add(p, time);
      }
      check();
      return queued;
    }

    void remove(Probe p) {
      queue.remove(p);
      oracle.remove(p);
      check();
    }

    Probe poll(long deadline) {
      int kind = queue.next(deadline);
      Probe want = oracle.poll(deadline);
      Object got = kind == EventQueue.NONE ? null : kind == EventQueue.EVENT ? queue.event()
          : ((Receiver) queue.frameTo()).probe();
      assertSame(want, got, () -> "next(" + deadline + ") at now " + oracle.now);
      if (want != null) {
        assertEquals(want.frame != null ? EventQueue.FRAME : EventQueue.EVENT, kind);
      }
      if (kind == EventQueue.FRAME) {
        assertEquals("from" + want.id, queue.frameFrom());
        byte[] bytes = Arrays.copyOfRange(queue.frameBytes(), queue.frameOffset(),
            queue.frameOffset() + queue.frameLength());
        assertArrayEquals(want.frame, bytes, () -> "bytes of " + want);
      }
      check();
      return want;
    }

    void check() {
      assertEquals(oracle.now, queue.now());
      assertEquals(oracle.queued.size(), queue.size());
    }
  }

  private static long later(long now, long delay) {
    long t = now + delay;
    return t < now ? Long.MAX_VALUE : t;
  }

  /** A delay from the mix the simulator sees, plus the edges of the window. */
  private static long delay(SplittableRandom r, long w) {
    int kind = r.nextInt(100);
    if (kind < 10) {
      return 0;
    } else if (kind < 30) {
      return r.nextLong(4);
    } else if (kind < 70) {
      return r.nextLong(w);
    } else if (kind < 76) {
      return w - 1 + r.nextLong(3);
    } else if (kind < 94) {
      return r.nextLong(5 * w);
    } else if (kind < 97) {
      return 1_000_000_000_000L + r.nextLong(3);
    } else {
      return Long.MAX_VALUE;
    }
  }

  /** Frame lengths whose length prefix takes one, two and three bytes, and empty frames. */
  private static int frameLength(SplittableRandom r) {
    int kind = r.nextInt(100);
    return kind < 25 ? 0 : kind < 90 ? r.nextInt(1, 40) : kind < 98 ? r.nextInt(127, 400) : r.nextInt(16_383, 17_000);
  }

  private static void randomRun(long seed, int windowBits, int steps) {
    SplittableRandom r = new SplittableRandom(seed);
    long w = 1L << windowBits;
    Twin twin = new Twin(windowBits);
    List<Probe> queued = new ArrayList<>();
    List<Probe> idle = new ArrayList<>();
    for (int step = 0; step < steps; step++) {
      int op = r.nextInt(100);
      long now = twin.oracle.now;
      if (op < 20) {
        Probe p = new Probe(step);
        twin.add(p, later(now, delay(r, w)));
        queued.add(p);
      } else if (op < 30) {
        twin.addFrame(new Probe(step), frameLength(r), later(now, delay(r, w)));
      } else if (op < 45 && !idle.isEmpty()) {
        Probe p = idle.remove(r.nextInt(idle.size()));
        twin.add(p, later(now, delay(r, w)));
        queued.add(p);
      } else if (op < 55 && !queued.isEmpty()) {
        Probe p = queued.remove(r.nextInt(queued.size()));
        twin.remove(p);
        twin.remove(p);
        idle.add(p);
      } else if (op < 58 && !idle.isEmpty()) {
        twin.remove(idle.get(r.nextInt(idle.size())));
      } else {
        long deadline = op < 95 ? later(now, r.nextLong(w / 8 + 1))
            : op < 98 ? later(now, r.nextLong(4 * w)) : now - r.nextLong(5);
        Probe p;
        while ((p = twin.poll(deadline)) != null) {
          if (p.frame != null) {
            continue;
          }
          queued.remove(p);
          idle.add(p);
          if (r.nextInt(4) == 0) {
            break;
          }
        }
      }
    }
    while (twin.poll(Long.MAX_VALUE) != null) {
      // drains to the end of time, Long.MAX_VALUE included
    }
    assertEquals(0, twin.queue.size());
  }

  @Test
  void leavesInExactlyTheOrderOfASortedSetUnderRandomAddsRemovalsAndReAdds() {
    for (int windowBits : new int[] {6, 8, 11, EventQueue.DEFAULT_WINDOW_BITS}) {
      for (long seed = 1; seed <= 3; seed++) {
        randomRun(seed * 1_000 + windowBits, windowBits, 60_000);
      }
    }
  }

  @Test
  void periodicEventsKeepTheirOrderAsBucketsWrapAroundOverManyWindows() {
    SplittableRandom r = new SplittableRandom(17);
    Twin twin = new Twin(6);
    long[] periods = new long[40];
    Probe[] timers = new Probe[periods.length];
    for (int i = 0; i < timers.length; i++) {
      periods[i] = i % 4 == 0 ? 64 + r.nextLong(200) : 1 + r.nextLong(20);
      timers[i] = new Probe(i);
      twin.add(timers[i], periods[i]);
    }
    long end = 1_000L * 64;
    Probe p;
    while ((p = twin.poll(end)) != null) {
      twin.add(p, twin.oracle.now + periods[p.id]);
    }
    for (int i = 0; i < timers.length; i++) {
      assertEquals(end + periods[i] - end % periods[i], timers[i].expectedTime, "timer " + i);
    }
  }

  @Test
  void aMillisecondWhoseEventsAreMostlyRemovedKeepsItsOrderInSlotsForItsLiveEntries() {
    SplittableRandom r = new SplittableRandom(41);
    Twin twin = new Twin(11);
    long due = 1_500;
    List<Probe> live = new ArrayList<>();
    for (int step = 0; step < 20_000; step++) {
      Probe p = new Probe(step);
      if (r.nextInt(10) == 0) {
        twin.addFrame(p, frameLength(r), due);
      } else {
        twin.add(p, due);
        live.add(p);
      }
      if (live.size() > 8) {
        twin.remove(live.remove(r.nextInt(live.size())));
      }
      if (step % 50 == 0 && twin.oracle.now < due - 1) {
        twin.poll(twin.oracle.now + 1);
      }
    }
    int queued = twin.queue.size();
    assertTrue(twin.queue.slotsAt(due) <= Math.max(8, 4 * queued),
        twin.queue.slotsAt(due) + " slots for " + queued + " live entries");
    // the same while the millisecond is being read: entries added for the current time
    for (int step = 0; step < 20_000; step++) {
      Probe p = new Probe(100_000 + step);
      twin.add(p, due);
      live.add(p);
      twin.remove(live.remove(r.nextInt(live.size())));
      if (step % 7 == 0) {
        live.remove(twin.poll(due));
      }
    }
    while (twin.poll(Long.MAX_VALUE) != null) {
      // the oracle checks every entry's order
    }
  }

  @Test
  void aBurstForOneMillisecondGivesBackItsSlotsAsItsEventsAreRemoved() {
    SplittableRandom r = new SplittableRandom(43);
    Twin twin = new Twin(11);
    long due = 900;
    List<Probe> burst = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      Probe p = new Probe(i);
      if (i % 100 == 0) {
        twin.addFrame(p, frameLength(r), due);
      } else {
        twin.add(p, due);
        burst.add(p);
      }
    }
    assertTrue(twin.queue.slotsAt(due) >= 5_000);
    while (burst.size() > 10) {
      twin.remove(burst.remove(r.nextInt(burst.size())));
    }
    int queued = twin.queue.size();
    assertTrue(twin.queue.slotsAt(due) <= 4 * queued,
        twin.queue.slotsAt(due) + " slots for " + queued + " live entries");
    while (twin.poll(Long.MAX_VALUE) != null) {
      // the oracle checks that the frames and the events left keep their order
    }
  }

  @Test
  void anEventAtTheEndOfTheWindowFiresBeforeThoseAddedLaterForItsTime() {
    Twin twin = new Twin(6);
    Probe inWheel = new Probe(1);
    Probe atEnd = new Probe(2);
    Probe alsoAtEnd = new Probe(3);
    twin.add(inWheel, 63);
    twin.add(atEnd, 64);
    twin.add(alsoAtEnd, 64);
    assertNull(twin.poll(1));
    Probe addedLater = new Probe(4);
    twin.add(addedLater, 64);
    assertSame(inWheel, twin.poll(100));
    assertSame(atEnd, twin.poll(100));
    assertSame(alsoAtEnd, twin.poll(100));
    assertSame(addedLater, twin.poll(100));

    Probe trigger = new Probe(5);
    Probe far = new Probe(6);
    twin.add(trigger, 70);
    twin.add(far, 64 + 64 + 30);
    assertSame(trigger, twin.poll(Long.MAX_VALUE));
    Probe sameTime = new Probe(7);
    twin.add(sameTime, 64 + 64 + 30);
    assertSame(far, twin.poll(Long.MAX_VALUE));
    assertSame(sameTime, twin.poll(Long.MAX_VALUE));
  }

  @Test
  void anEmptyWheelJumpsStraightToTheFarFutureAndTheEndOfTime() {
    Twin twin = new Twin(EventQueue.DEFAULT_WINDOW_BITS);
    Probe last = new Probe(1);
    Probe far = new Probe(2);
    Probe lastToo = new Probe(3);
    twin.add(last, Long.MAX_VALUE);
    twin.add(far, 1_000_000_000_000_000L);
    twin.add(lastToo, Long.MAX_VALUE);
    assertSame(far, twin.poll(Long.MAX_VALUE));
    assertSame(last, twin.poll(Long.MAX_VALUE));
    Probe atTheEnd = new Probe(4);
    twin.add(atTheEnd, Long.MAX_VALUE);
    assertSame(lastToo, twin.poll(Long.MAX_VALUE));
    assertSame(atTheEnd, twin.poll(Long.MAX_VALUE));
    assertNull(twin.poll(Long.MAX_VALUE));
    assertEquals(Long.MAX_VALUE, twin.queue.now());
  }

  @Test
  void removingAnEventThatIsNotQueuedChangesNothing() {
    Twin twin = new Twin(6);
    Probe never = new Probe(1);
    Probe fired = new Probe(2);
    Probe other = new Probe(3);
    twin.add(fired, 5);
    twin.add(other, 500);
    twin.remove(never);
    assertSame(fired, twin.poll(10));
    twin.remove(fired);
    twin.remove(never);
    assertEquals(1, twin.queue.size());
    assertSame(other, twin.poll(Long.MAX_VALUE));
  }

  @Test
  void aCancelledEventAddedAgainFiresOnceAtItsNewPlace() {
    Twin twin = new Twin(6);
    Probe moved = new Probe(1);
    Probe between = new Probe(2);
    Probe farMoved = new Probe(3);
    twin.add(moved, 10);
    twin.add(farMoved, 1_000);
    twin.add(between, 20);
    twin.remove(moved);
    twin.remove(farMoved);
    twin.add(moved, 20);
    twin.add(farMoved, 20);
    Probe p;
    List<Probe> order = new ArrayList<>();
    while ((p = twin.poll(Long.MAX_VALUE)) != null) {
      p.fire();
      order.add(p);
    }
    assertEquals(List.of(between, moved, farMoved), order);
    assertEquals(1, moved.fired);
    assertEquals(1, farMoved.fired);
  }

  @Test
  void framesAndEventsOfOneMillisecondLeaveInSchedulingOrderAndABucketIsReusedAfterItEmpties() {
    Twin twin = new Twin(6);
    Probe first = new Probe(1);
    Probe second = new Probe(2);
    Probe third = new Probe(3);
    Probe removed = new Probe(4);
    twin.addFrame(first, 5, 10);
    twin.add(removed, 10);
    twin.add(second, 10);
    twin.addFrame(third, 0, 10);
    twin.remove(removed);
    assertSame(first, twin.poll(10));
    // a frame added to the millisecond being read goes after the ones already there
    Probe sameTime = new Probe(5);
    twin.addFrame(sameTime, 7, 10);
    assertSame(second, twin.poll(10));
    assertSame(third, twin.poll(10));
    assertSame(sameTime, twin.poll(10));
    // the bucket is empty; a wrap of the wheel later it holds other frames from its start
    assertNull(twin.poll(20));
    Probe wrapped = new Probe(6);
    assertTrue(twin.addFrame(wrapped, 9, 10 + 64));
    assertFalse(twin.addFrame(new Probe(7), 1, 20 + 64), "beyond the window");
    assertSame(wrapped, twin.poll(Long.MAX_VALUE));
    assertNull(twin.poll(Long.MAX_VALUE));
  }

  @Test
  void refusesTimesInThePastAndEventsAlreadyQueued() {
    EventQueue q = new EventQueue(6);
    Probe p = new Probe();
    q.add(p, 5);
    assertThrows(IllegalStateException.class, () -> q.add(p, 7));
    assertEquals(EventQueue.EVENT, q.next(5));
    assertSame(p, q.event());
    assertThrows(IllegalArgumentException.class, () -> q.add(new Probe(), 4));
    assertThrows(IllegalArgumentException.class, () -> q.addFrame("a", "b", new byte[1], 0, 1, 4));
    assertThrows(NullPointerException.class, () -> q.addFrame(null, "b", new byte[1], 0, 1, 6));
    assertThrows(IllegalArgumentException.class, () -> q.addFrame("a", new Probe(), new byte[1], 0, 1, 6));
    assertThrows(IllegalArgumentException.class, () -> new EventQueue(5));
  }
}
