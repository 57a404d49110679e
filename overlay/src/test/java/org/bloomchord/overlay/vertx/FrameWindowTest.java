package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The window of frames in flight to one node, on a fake clock and without Vert.x contexts. */
class FrameWindowTest {

  private final AtomicLong clock = new AtomicLong();
  private final FlowStats stats = new FlowStats();
  private final List<String> started = new ArrayList<>();
  private final List<String> dropped = new ArrayList<>();
  private final List<Runnable> inFlight = new ArrayList<>();

  private FrameWindow.Frame frame(String name) {
    return new FrameWindow.Frame() {
      @Override
      public void start(long remainingMs, Runnable done) {
        started.add(name + "@" + remainingMs);
        inFlight.add(done);
      }

      @Override
      public void drop() {
        dropped.add(name);
      }
    };
  }

  @Test
  void aBurstWaitsAndStartsInOrderAsFramesEnd() {
    FrameWindow w = new FrameWindow(2, 10, clock::get, stats);
    for (int i = 0; i < 5; i++) {
      w.submit(frame("f" + i), 1_000, null);
    }
    assertEquals(List.of("f0@1000", "f1@1000"), started);
    assertEquals(3, w.queued());
    clock.set(300);
    inFlight.remove(0).run();
    assertEquals(List.of("f0@1000", "f1@1000", "f2@700"), started, "the oldest waiting frame, with what is left of its deadline");
    inFlight.remove(0).run();
    inFlight.remove(0).run();
    assertEquals(5, started.size());
    assertEquals(2, w.inFlight());
    assertEquals(0, w.queued());
    assertEquals(3, stats.queued());
    assertEquals(3, stats.longestQueue());
  }

  @Test
  void aFrameWhoseDeadlinePassedInTheQueueIsDroppedUnsent() {
    FrameWindow w = new FrameWindow(1, 10, clock::get, stats);
    w.submit(frame("busy"), 10_000, null);
    w.submit(frame("short"), 100, null);
    w.submit(frame("long"), 5_000, null);
    clock.set(150);
    w.sweep();
    assertEquals(List.of("short"), dropped, "dropped at its deadline, not when room appears");
    clock.set(6_000);
    inFlight.remove(0).run();
    assertEquals(List.of("short", "long"), dropped, "an expired frame is not started when room appears");
    assertEquals(List.of("busy@10000"), started);
    assertEquals(0, w.inFlight());
    assertEquals(2, stats.expired());
  }

  @Test
  void aFullQueueShedsNewFramesAtOnce() {
    FrameWindow w = new FrameWindow(1, 2, clock::get, stats);
    for (int i = 0; i < 5; i++) {
      w.submit(frame("f" + i), 1_000, null);
    }
    assertEquals(List.of("f3", "f4"), dropped);
    assertEquals(2, stats.shed());
    assertEquals(2, w.queued());
  }

  @Test
  void aFrameWhoseEndIsNeverReportedIsReleasedAtTheSweepAfterItsDeadline() {
    FrameWindow w = new FrameWindow(1, 10, clock::get, stats);
    List<String> released = new ArrayList<>();
    Runnable written = w.releaseByDeadline(() -> released.add("written"), 5_000);
    w.releaseByDeadline(() -> released.add("lost"), 5_000);
    written.run();
    written.run();
    assertEquals(List.of("written"), released, "released once, when its write ended");
    clock.set(4_999);
    w.sweep();
    assertEquals(List.of("written"), released, "not before its deadline");
    clock.set(5_000);
    w.sweep();
    assertEquals(List.of("written", "lost"), released, "a write that never ends is released at its deadline");
  }
}
