package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loop's clock and firing rules around the queue. */
class EventLoopTest {

  private final List<Throwable> errors = new ArrayList<>();
  private final List<String> fired = new ArrayList<>();
  private final EventLoop loop = new EventLoop((event, e) -> errors.add(e),
      (from, to, bytes, offset, length) -> fired.add(to + "<-" + from + ":" + length + "@" + this.loop.now()));

  private SimEvent event(String name) {
    return new SimEvent() {
      @Override
      void fire() {
        fired.add(name + "@" + loop.now());
      }
    };
  }

  @Test
  void delaysPastTheEndOfTimeWaitAtMaxValueInSchedulingOrder() {
    loop.runUntil(1_000, () -> false);
    loop.schedule(event("negative"), -1);
    loop.schedule(event("overflowing"), Long.MAX_VALUE - 10);
    loop.schedule(event("soon"), 5);
    assertFalse(loop.runUntil(Long.MAX_VALUE - 1, () -> false));
    assertEquals(List.of("soon@1005"), fired);
    assertEquals(Long.MAX_VALUE - 1, loop.now());
    assertFalse(loop.runUntil(Long.MAX_VALUE, () -> false));
    assertEquals(List.of("soon@1005", "negative@" + Long.MAX_VALUE, "overflowing@" + Long.MAX_VALUE), fired);
    assertEquals(0, loop.pending());
    assertEquals(3, loop.fired());
  }

  @Test
  void runUntilStopsWhenDoneOrAtTheDeadlineAndTheClockNeverGoesBack() {
    loop.schedule(event("a"), 10);
    loop.schedule(event("b"), 10);
    loop.schedule(event("c"), 70_000);
    assertTrue(loop.runUntil(100, () -> fired.size() == 1));
    assertEquals(10, loop.now());
    assertFalse(loop.runUntil(50, () -> false));
    assertEquals(List.of("a@10", "b@10"), fired);
    assertEquals(50, loop.now());
    assertFalse(loop.runUntil(20, () -> false));
    assertEquals(50, loop.now());
    SimEvent cancelled = event("cancelled");
    loop.schedule(cancelled, 0);
    loop.cancel(cancelled);
    loop.cancel(cancelled);
    assertFalse(loop.runUntil(1_000_000, () -> false));
    assertEquals(List.of("a@10", "b@10", "c@70000"), fired);
    assertEquals(1_000_000, loop.now());
  }

  @Test
  void anExceptionOrErrorFromAnEventGoesToTheHandlerAndTheLoopGoesOn() {
    loop.schedule(new SimEvent() {
      @Override
      void fire() {
        throw new IllegalStateException("boom");
      }
    }, 1);
    loop.schedule(new SimEvent() {
      @Override
      void fire() {
        throw new StackOverflowError("deep");
      }
    }, 2);
    loop.schedule(event("after"), 3);
    assertFalse(loop.runUntil(10, () -> false));
    assertEquals(2, errors.size());
    assertTrue(errors.get(1) instanceof StackOverflowError);
    assertEquals(List.of("after@3"), fired);
  }

  @Test
  void framesFireInSchedulingOrderAmongEventsAndBeyondTheWindowAreRefused() {
    loop.schedule(event("a"), 10);
    assertTrue(loop.scheduleFrame("p", "q", new byte[] {1, 2, 3}, 2, 10));
    loop.schedule(event("b"), 10);
    assertTrue(loop.scheduleFrame("r", "s", new byte[0], 0, 5));
    assertFalse(loop.scheduleFrame("r", "s", new byte[1], 1, 70_000));
    assertFalse(loop.runUntil(100, () -> false));
    assertEquals(List.of("s<-r:0@5", "a@10", "q<-p:2@10", "b@10"), fired);
    assertEquals(4, loop.fired());
    assertEquals(0, loop.pending());
  }

  @Test
  void anExceptionFromAFrameDeliveryGoesToTheHandlerWithoutAnEvent() {
    List<SimEvent> events = new ArrayList<>();
    EventLoop failing = new EventLoop((event, e) -> {
      events.add(event);
      errors.add(e);
    }, (from, to, bytes, offset, length) -> {
      throw new IllegalStateException("bad frame");
    });
    failing.scheduleFrame("p", "q", new byte[1], 1, 1);
    failing.schedule(new SimEvent() {
      @Override
      void fire() {
        fired.add("after");
      }
    }, 2);
    assertFalse(failing.runUntil(10, () -> false));
    assertEquals(1, errors.size());
    assertEquals(java.util.Collections.singletonList(null), events);
    assertEquals(List.of("after"), fired);
  }
}
