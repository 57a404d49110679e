package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The clock of {@link TimerWheel}, driven by the test on a clock it moves: stalls of the JVM are left out. */
class TimerWheelClockTest {

  private static final long MS = 1_000_000;

  private final AtomicLong clock = new AtomicLong(7 * MS);
  private final TimerWheel wheel = new TimerWheel(clock::get, false);

  /** Runs the driver every tick for {@code ms} of the clock. */
  private void runFor(long ms) {
    for (long t = 0; t < ms; t += TimerWheel.TICK_MS) {
      clock.addAndGet(TimerWheel.TICK_MS * MS);
      wheel.advance();
    }
  }

  @Test
  void aDriverOnTimeKeepsTheClock() {
    runFor(2_000);
    assertEquals(2_000 * MS, wheel.nowNanos());
    assertEquals(0, wheel.stalls());
  }

  @Test
  void aLateDriverWithinTheStallBoundKeepsTheClock() {
    runFor(100);
    clock.addAndGet(TimerWheel.STALL_MS * MS);
    wheel.advance();
    assertEquals((100 + TimerWheel.STALL_MS) * MS, wheel.nowNanos(), "a late run is load, not a stall");
    assertEquals(0, wheel.stalls());
  }

  @Test
  void aStallIsLeftOutBeyondTheBound() {
    runFor(100);
    clock.addAndGet(5_000 * MS);
    assertEquals((100 + TimerWheel.STALL_MS) * MS, wheel.nowNanos(), "before the driver runs, the clock waits at the bound");
    wheel.advance();
    assertEquals((100 + TimerWheel.STALL_MS) * MS, wheel.nowNanos(), "the driver's run resumes it from there");
    assertEquals(1, wheel.stalls());
    assertEquals((5_000 - TimerWheel.STALL_MS) * MS, wheel.stalledNanos());
    runFor(50);
    assertEquals((150 + TimerWheel.STALL_MS) * MS, wheel.nowNanos(), "after the stall the clock runs on");
  }

  @Test
  void theClockNeverRunsBackwards() {
    long last = wheel.nowNanos();
    long[] steps = {5, 5, 99, 101, 5, 3_000, 1, 250, 5, 5, 40_000, 5};
    for (long step : steps) {
      for (int i = 0; i < 4; i++) {
        clock.addAndGet(step * MS / 4);
        long now = wheel.nowNanos();
        assertTrue(now >= last, "read between runs of the driver");
        last = now;
      }
      wheel.advance();
      long now = wheel.nowNanos();
      assertTrue(now >= last, "read right after a run of the driver");
      last = now;
    }
  }

  @Test
  void aTimerSetBeforeAStallKeepsWhatWasLeftOfItsDelay() {
    runFor(100);
    // never handed to a peer in this test: it stays in its slot, 1 s away
    VertxTimer timeout = new VertxTimer(null, wheel, () -> { }, 0, 0);
    timeout.schedule(1_000);
    runFor(200);
    clock.addAndGet(6_000 * MS);
    wheel.advance();
    assertEquals((800 - TimerWheel.STALL_MS) * MS, timeout.dueNanos - wheel.nowNanos(),
        "a request's timeout keeps what it had when the JVM stopped, but for the bound");
  }
}
