package org.bloomchord.overlay.vertx;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the gateways of one JVM sent to other JVMs: frames, their bytes with the envelope, and the
 * bytes of the protocol messages inside them. The event bus' own framing comes on top; the TCP
 * bytes that really left are in {@link ClusterNode#wireBytesWritten()}.
 */
public final class CrossTraffic {

  private final LongAdder frames = new LongAdder();
  private final LongAdder frameBytes = new LongAdder();
  private final LongAdder payloadBytes = new LongAdder();
  private final FlowStats flow = new FlowStats();

  void sent(int frameLength, int payloadLength) {
    frames.increment();
    frameBytes.add(frameLength);
    payloadBytes.add(payloadLength);
  }

  /** Gateway frames sent (requests, one-way messages and relayed replies). */
  public long frames() {
    return frames.sum();
  }

  /** Bytes of those frames, envelope included. */
  public long frameBytes() {
    return frameBytes.sum();
  }

  /** What the gateways' flow control did: frames queued, dropped unsent. */
  public FlowStats flow() {
    return flow;
  }

  /** Bytes of the protocol messages inside those frames. */
  public long payloadBytes() {
    return payloadBytes.sum();
  }
}
