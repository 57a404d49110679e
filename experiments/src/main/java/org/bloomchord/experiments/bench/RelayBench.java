package org.bloomchord.experiments.bench;

import io.vertx.core.Future;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Seeds;
import org.bloomchord.overlay.sim.LatencyModel;
import org.bloomchord.overlay.sim.SimNetwork;

/**
 * Workload W on the simulator, the reference PeerSim's event-driven engine runs too: N
 * {@link RelayPeer}s, each sending {@link #HOPS_PER_PEER} hops at time 0; every delivered hop is
 * relayed to a uniformly random peer after a delay drawn uniformly from the integers in [10, 100]
 * ms; the run counts the hops delivered before {@code untilMs} (PeerSim's stop control runs before
 * the events of its own millisecond, so a delivery at exactly {@code untilMs} does not count).
 *
 * <p>Every hop is encoded, counted in bytes and decoded, as in any simulator run with default
 * options. The timed loop starts after the kick (as PeerSim's starts after its initializer) and
 * ends when the clock reaches {@code untilMs - 1}.
 */
public final class RelayBench {

  /** Hops each peer sends at time 0 (K of workload W). */
  public static final int HOPS_PER_PEER = 4;
  /** The transport delay of workload W: uniform integer milliseconds in [10, 100]. */
  public static final LatencyModel DELAY = LatencyModel.uniform(10, 100);

  private RelayBench() {
  }

  /**
   * What one run did and took.
   *
   * @param peers N
   * @param untilMs T: hops delivered at or after T are not counted
   * @param seed the network seed
   * @param delivered hops delivered before T
   * @param hopSum sum of the delivered hops' counters, a checksum of the payloads
   * @param messagesSent hops sent (kick included), as the network's traffic counts them
   * @param bytesSent their encoded bytes
   * @param launchSeconds wall time to build the peer list and launch the peers
   * @param loopSeconds wall time of the event loop, from the end of the kick to T
   * @param loopCpuSeconds CPU time of the simulator's thread over the same interval (waiting for a
   *     core on a busy machine does not count; garbage collection on other threads does not either)
   * @param heapBytesPerPeer heap held after launch (refs, peers, runtime) per peer, or -1 when
   *     not measured (measuring runs full collections)
   */
  public record Result(int peers, long untilMs, long seed, long delivered, long hopSum,
      long messagesSent, long bytesSent, double launchSeconds, double loopSeconds, double loopCpuSeconds,
      long heapBytesPerPeer) {

    /** Deliveries per second of loop time. */
    public double messagesPerSecond() {
      return loopSeconds > 0 ? delivered / loopSeconds : 0;
    }

    /** A builder with every component unset (zero, false or null). */
    private static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Result} by name; {@link #build()} runs the record's checks. */
    private static final class Builder {
      private int peers;
      private long untilMs;
      private long seed;
      private long delivered;
      private long hopSum;
      private long messagesSent;
      private long bytesSent;
      private double launchSeconds;
      private double loopSeconds;
      private double loopCpuSeconds;
      private long heapBytesPerPeer;

      private Builder() {
      }

      /** Sets {@link Result#peers()}. */
      public Builder peers(int value) {
        peers = value;
        return this;
      }

      /** Sets {@link Result#untilMs()}. */
      public Builder untilMs(long value) {
        untilMs = value;
        return this;
      }

      /** Sets {@link Result#seed()}. */
      public Builder seed(long value) {
        seed = value;
        return this;
      }

      /** Sets {@link Result#delivered()}. */
      public Builder delivered(long value) {
        delivered = value;
        return this;
      }

      /** Sets {@link Result#hopSum()}. */
      public Builder hopSum(long value) {
        hopSum = value;
        return this;
      }

      /** Sets {@link Result#messagesSent()}. */
      public Builder messagesSent(long value) {
        messagesSent = value;
        return this;
      }

      /** Sets {@link Result#bytesSent()}. */
      public Builder bytesSent(long value) {
        bytesSent = value;
        return this;
      }

      /** Sets {@link Result#launchSeconds()}. */
      public Builder launchSeconds(double value) {
        launchSeconds = value;
        return this;
      }

      /** Sets {@link Result#loopSeconds()}. */
      public Builder loopSeconds(double value) {
        loopSeconds = value;
        return this;
      }

      /** Sets {@link Result#loopCpuSeconds()}. */
      public Builder loopCpuSeconds(double value) {
        loopCpuSeconds = value;
        return this;
      }

      /** Sets {@link Result#heapBytesPerPeer()}. */
      public Builder heapBytesPerPeer(long value) {
        heapBytesPerPeer = value;
        return this;
      }

      /** The record. */
      public Result build() {
        return new Result(peers, untilMs, seed, delivered, hopSum, messagesSent, bytesSent,
            launchSeconds, loopSeconds, loopCpuSeconds, heapBytesPerPeer);
      }
    }
  }

  /**
   * Runs workload W once.
   *
   * @throws IllegalArgumentException if {@code peers < 1} or {@code untilMs < 1}
   */
  public static Result run(int peers, long untilMs, long seed, boolean measureHeap) {
    if (peers < 1) {
      throw new IllegalArgumentException("peers must be >= 1: " + peers);
    }
    if (untilMs < 1) {
      throw new IllegalArgumentException("untilMs must be >= 1: " + untilMs);
    }
    long heapBefore = measureHeap ? usedHeap() : 0;
    long t0 = System.nanoTime();
    List<PeerRef> refs = new ArrayList<>(peers);
    for (int i = 0; i < peers; i++) {
      String address = "p" + i;
      refs.add(new PeerRef(address, Seeds.hash(address)));
    }
    List<PeerRef> everyone = List.copyOf(refs);
    RelayPeer.Tally tally = new RelayPeer.Tally();
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed).withSim(s -> s.withLatency(DELAY)).withMaxRecordedEvents(0);
    try (SimNetwork<RelayPeer> net = new SimNetwork<>(options, RelayPeer.registry())) {
      List<PeerHandle<RelayPeer>> handles = net.launchAll(everyone, r -> new RelayPeer(everyone, tally));
      double launchSeconds = (System.nanoTime() - t0) / 1e9;
      long heap = measureHeap ? (usedHeap() - heapBefore) / peers : -1;
      net.callAll(handles, p -> {
        p.kick(HOPS_PER_PEER);
        return Future.succeededFuture();
      }, 0);
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long c1 = threads.getCurrentThreadCpuTime();
      long t1 = System.nanoTime();
      net.runFor(untilMs - 1);
      double loopSeconds = (System.nanoTime() - t1) / 1e9;
      double loopCpuSeconds = (threads.getCurrentThreadCpuTime() - c1) / 1e9;
      return Result.builder().peers(peers).untilMs(untilMs).seed(seed).delivered(tally.delivered())
          .hopSum(tally.hopSum()).messagesSent(net.traffic().messages()).bytesSent(net.traffic().bytes())
          .launchSeconds(launchSeconds).loopSeconds(loopSeconds).loopCpuSeconds(loopCpuSeconds)
          .heapBytesPerPeer(heap).build();
    }
  }

  /** Heap in use after one full collection (the default collectors' System.gc() is a full one). */
  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    return rt.totalMemory() - rt.freeMemory();
  }
}
