package org.bloomchord.overlay.vertx;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the flow control of one JVM's gateways ({@link FrameWindow}) did: frames that had to wait,
 * the longest queue, and frames dropped unsent because their deadline passed in the queue or the
 * queue was full.
 */
public final class FlowStats {

  private final LongAdder queued = new LongAdder();
  private final LongAccumulator longestQueue = new LongAccumulator(Math::max, 0);
  private final LongAdder expired = new LongAdder();
  private final LongAdder shed = new LongAdder();

  void countQueued(int queueLength) {
    queued.increment();
    longestQueue.accumulate(queueLength);
  }

  void countExpired() {
    expired.increment();
  }

  void countShed() {
    shed.increment();
  }

  /** Frames that waited for room in a window. */
  public long queued() {
    return queued.sum();
  }

  /** The longest queue of frames for one node seen. */
  public long longestQueue() {
    return longestQueue.get();
  }

  /** Frames dropped unsent because their deadline passed while they waited. */
  public long expired() {
    return expired.sum();
  }

  /** Frames dropped at once because the queue for their node was full. */
  public long shed() {
    return shed.sum();
  }
}
