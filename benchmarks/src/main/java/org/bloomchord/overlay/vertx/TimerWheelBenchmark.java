package org.bloomchord.overlay.vertx;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;
import org.bloomchord.overlay.Jitter;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.wire.WireRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The peers' periodic tasks on the network's {@link TimerWheel} against the same tasks on Netty's
 * {@link HashedWheelTimer} (5 ms ticks, 4,096 per turn, like the wheel): {@code peers} Vert.x peers
 * of one {@link VertxNetwork} keep {@code timers} periodic timers pending in all, each of
 * {@code periodMs} with jitter 0.5 (1.5 to 4.5 s), re-armed on its peer's context when it fires,
 * the way {@code PeerRuntime.every} does. Mode {@code wheel} is {@code every} itself (a
 * {@link VertxTimer}); mode {@code netty} is a timer task doing what {@link VertxTimer} does:
 * checks its cancel flag, hands itself to the peer's context, re-arms there with a new
 * {@code Timeout} kept for cancelling.
 *
 * <p>The score is fires per second, which equals the offered rate ({@code timers / periodMs}, about
 * 333,000 a second) while a timer keeps up. What tells them apart is printed per iteration: the
 * process CPU time per fire (driver thread, event loops, GC; the hand-over to the context is in
 * both), and, once after arming, the heap retained per pending timer (heap after full GCs with
 * every timer pending, less the heap after full GCs with the same peers and no timer). With
 * {@code -prof gc}, {@code gc.alloc.rate.norm} is the allocation per fire. It lives in the
 * runtime's package because {@link TimerWheel} and {@link VertxTimer} are internal to it.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class TimerWheelBenchmark {

  /** Fires counted as one JMH operation's batch. */
  static final int BATCH = 1_000;

  @Param({"wheel", "netty"})
  public String timer;

  @Param("1000000")
  public int timers;

  @Param("1000")
  public int peers;

  @Param("3000")
  public long periodMs;

  static final double JITTER = 0.5;

  private final LongAdder fired = new LongAdder();
  private final AtomicLong armed = new AtomicLong();
  private VertxNetwork<TimerPeer> network;
  private HashedWheelTimer netty;
  private final List<TimerPeer> started = new ArrayList<>();
  private long target;
  private long iterationCpu;
  private long iterationFired;
  private long iterationStart;

  /** A peer that does nothing but keep its share of the periodic timers. */
  final class TimerPeer implements PeerProtocol {
    private PeerRuntime runtime;
    private Context context;
    private final List<Object> handles = new ArrayList<>();

    @Override
    public Future<Void> start(PeerRuntime runtime) {
      this.runtime = runtime;
      this.context = Vertx.currentContext();
      synchronized (started) {
        started.add(this);
      }
      return Future.succeededFuture();
    }

    void arm(int count) {
      context.runOnContext(v -> {
        for (int i = 0; i < count; i++) {
          if (netty == null) {
            handles.add(runtime.every(periodMs, JITTER, fired::increment));
          } else {
            NettyPeriodic p = new NettyPeriodic(context, runtime.random(), fired::increment);
            p.schedule(Jitter.interval(periodMs, JITTER, runtime.random()));
            handles.add(p);
          }
        }
        armed.addAndGet(count);
      });
    }

    @Override
    public Future<Message> onRequest(PeerRef from, Message message) {
      return Future.failedFuture("no requests");
    }

    @Override
    public void onMessage(PeerRef from, Message message) {
    }
  }

  /** What {@link VertxTimer} does, on Netty's wheel. */
  final class NettyPeriodic implements TimerTask {
    private final Context context;
    private final RandomGenerator random;
    private final Runnable task;
    private volatile boolean cancelled;
    private volatile Timeout current;

    NettyPeriodic(Context context, RandomGenerator random, Runnable task) {
      this.context = context;
      this.random = random;
      this.task = task;
    }

    void schedule(long delayMs) {
      current = netty.newTimeout(this, Math.max(1, delayMs), TimeUnit.MILLISECONDS);
    }

    @Override
    public void run(Timeout timeout) {
      if (!cancelled) {
        context.runOnContext(v -> fire());
      }
    }

    private void fire() {
      if (cancelled) {
        return;
      }
      schedule(Jitter.interval(periodMs, JITTER, random));
      task.run();
    }

    void cancel() {
      cancelled = true;
      Timeout t = current;
      if (t != null) {
        t.cancel();
      }
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    if (timer.equals("netty")) {
      netty = new HashedWheelTimer(r -> {
        Thread t = new Thread(r, "netty-wheel");
        t.setDaemon(true);
        return t;
      }, TimerWheel.TICK_MS, TimeUnit.MILLISECONDS, 4096);
      netty.start();
    }
    network = new VertxNetwork<>(NetworkOptions.defaults(), new WireRegistry());
    List<PeerRef> refs = new ArrayList<>();
    for (int i = 0; i < peers; i++) {
      refs.add(new PeerRef("p" + i, i));
    }
    network.launchAll(refs, r -> new TimerPeer());
    long before = heapAfterGc();
    for (TimerPeer p : started) {
      p.arm(timers / peers);
    }
    long want = (long) (timers / peers) * peers;
    while (armed.get() < want) {
      LockSupport.parkNanos(10_000_000);
    }
    long after = heapAfterGc();
    System.out.printf(Locale.ROOT, "%n[%s] retained heap per pending timer: %.1f bytes (%d timers, %.1f MB)%n",
        timer, (after - before) / (double) want, want, (after - before) / 1e6);
  }

  private static long heapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
      LockSupport.parkNanos(200_000_000);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  @Setup(Level.Iteration)
  public void startIteration() {
    iterationCpu = processCpuNanos();
    iterationFired = fired.sum();
    iterationStart = System.nanoTime();
    target = iterationFired;
  }

  @TearDown(Level.Iteration)
  public void endIteration() {
    long n = fired.sum() - iterationFired;
    double seconds = (System.nanoTime() - iterationStart) / 1e9;
    System.out.printf(Locale.ROOT, "%n[%s] %d fires in %.2f s (%.0f/s, offered %.0f/s), %.0f ns of process CPU per fire%n",
        timer, n, seconds, n / seconds, timers * 1000.0 / periodMs, (processCpuNanos() - iterationCpu) / (double) n);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (netty != null) {
      netty.stop();
    }
    network.close();
  }

  /** Waits for the next {@link #BATCH} fires: the score is fires per second. */
  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @OperationsPerInvocation(BATCH)
  public long fires() {
    target += BATCH;
    long n;
    while ((n = fired.sum()) < target) {
      LockSupport.parkNanos(100_000);
    }
    return n;
  }
}
