package org.bloomchord.overlay.sim;

import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.bloomchord.overlay.AbstractNetwork;
import org.bloomchord.overlay.MetricsRecorder;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.overlay.SimControls;
import org.bloomchord.overlay.SimulatorStats;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The deterministic simulator: every peer runs on the driver's thread inside one discrete-event
 * loop with a virtual clock in milliseconds. Waiting ({@link #call}, {@link #runFor},
 * {@link #awaitUntil}) fires events in (time, scheduling order) and advances the clock; nothing
 * happens between driver calls. The driver contract itself is {@link AbstractNetwork}'s; this class
 * supplies deploying, undeploying, running on a peer (at once, on the driver's thread) and the
 * passing of virtual time. Its settings are {@link NetworkOptions#sim()}.
 *
 * <p>Invariants: the same options, seed and driver calls give the same run, event for event and
 * byte for byte; driver methods may not be called from inside the loop (from a peer's handler);
 * an action started by the driver runs at once, as if on the peer's thread, and the futures it gets
 * complete later, inside the loop.
 *
 * @param <P> the protocol type of the peers
 */
public final class SimNetwork<P extends PeerProtocol> extends AbstractNetwork<P, SimPeer> {

  private final Traffic traffic = Traffic.singleThreaded();
  private final SimTransport transport;
  private final EventLoop loop;
  private final PeerDirectory launched;
  private final SimControls controls = new Controls();

  public SimNetwork(NetworkOptions options, WireRegistry registry) {
    super(options);
    this.transport = new SimTransport(options, Objects.requireNonNull(registry, "registry"), traffic);
    this.loop = transport.loop;
    this.launched = transport.peers;
    transport.onPeerFailed(this::undeploy);
  }

  @Override
  protected SimPeer running(String address) {
    return launched.get(address);
  }

  @Override
  protected List<SimPeer> runningPeers() {
    return launched.inOrder();
  }

  @Override
  @SuppressWarnings("unchecked")
  protected PeerHandle<P> handleOf(SimPeer peer) {
    return (PeerHandle<P>) peer.handle;
  }

  @Override
  protected void reserve(int count) {
    launched.reserve(count);
  }

  @Override
  protected Deployment<SimPeer> deploy(PeerRef ref, P protocol) {
    SimPeer peer = new SimPeer(transport, ref, protocol, options.seed());
    peer.group = transport.groupForNew(ref.address());
    launched.add(peer);
    Future<Void> started;
    try {
      started = peer.protocol.start(peer);
    } catch (RuntimeException e) {
      started = Future.failedFuture(e);
    }
    return new Deployment<>(peer, started);
  }

  @Override
  protected void undeploy(SimPeer peer) {
    if (!peer.alive) {
      return;
    }
    peer.alive = false;
    launched.remove(peer);
    try {
      peer.protocol.stop();
    } catch (Throwable e) {
      transport.handlerError("stop", peer, e);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  protected <T> Future<T> runOnPeer(SimPeer peer, Function<P, Future<T>> action) {
    try {
      return action.apply((P) peer.protocol);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  @Override
  protected void awaitAll(List<? extends Future<?>> futures, long maxMs) {
    loop.runUntil(deadline(maxMs), allComplete(futures));
  }

  @Override
  protected void advance(long ms) {
    loop.runUntil(deadline(ms), () -> false);
  }

  @Override
  protected void failPeer(SimPeer peer, String where, Throwable e) {
    transport.handlerError(where, peer, e);
  }

  @Override
  protected void checkDriverThread() {
    if (loop.running()) {
      throw new IllegalStateException("driver methods must not be called from a peer's handler");
    }
  }

  @Override
  protected boolean driverRunsPeers() {
    return true;
  }

  @Override
  public long now() {
    return loop.now();
  }

  @Override
  public Traffic traffic() {
    return traffic;
  }

  @Override
  public MetricsRecorder metrics() {
    return transport.metrics;
  }

  @Override
  public RuntimeKind runtime() {
    return RuntimeKind.SIM;
  }

  @Override
  public Optional<SimulatorStats> simulator() {
    return Optional.of(new SimulatorStats(loop.fired(), loop.pending()));
  }

  @Override
  public Optional<SimControls> simControls() {
    return Optional.of(controls);
  }

  /**
   * Fault injection: every message (request, reply or one-way) sent during the next {@code ms}
   * milliseconds is lost, as in a partition of every peer or a stall of the whole process. Timers
   * keep running, so pending requests time out.
   */
  public void blackout(long ms) {
    checkDriverThread();
    if (ms < 0) {
      throw new IllegalArgumentException("ms must be >= 0: " + ms);
    }
    transport.blackout(ms);
  }

  /**
   * The round trip the latency model gives between two running peers (both one-way delays; a
   * random model draws them from a fixed generator): the truth that protocol-measured round trips
   * approach on an idle network.
   *
   * @throws IllegalArgumentException if either peer is not running
   */
  public long modelRoundTripMs(String fromAddress, String toAddress) {
    SimPeer a = launched.get(fromAddress);
    SimPeer b = launched.get(toAddress);
    if (a == null || b == null) {
      throw new IllegalArgumentException("not running: " + (a == null ? fromAddress : toAddress));
    }
    LatencyModel model = transport.latency();
    java.util.SplittableRandom random = new java.util.SplittableRandom(0);
    return model.delayMs(a, b, random) + model.delayMs(b, a, random);
  }

  /** Events fired since the network was created: the simulator's unit of work. */
  public long eventsFired() {
    return loop.fired();
  }

  /** Events still queued: messages in flight, pending timeouts, timers. */
  public int eventsPending() {
    return loop.pending();
  }

  @Override
  public void close() {
    List<SimPeer> peers = launched.inOrder();
    launched.clear();
    for (SimPeer p : peers) {
      if (p.alive) {
        p.alive = false;
        try {
          p.protocol.stop();
        } catch (RuntimeException e) {
          transport.handlerError("stop", p, e);
        }
      }
    }
  }

  /** The partition controls, each checked to be called from the driver's thread. */
  private final class Controls implements SimControls {

    @Override
    public void partition(List<? extends Collection<PeerRef>> groups) {
      checkDriverThread();
      transport.partition(new Partition(groups));
    }

    @Override
    public void partition(List<? extends Collection<PeerRef>> groups, List<int[]> cutPairs) {
      checkDriverThread();
      transport.partition(new Partition(groups, List.copyOf(cutPairs)));
    }

    @Override
    public void place(PeerRef peer, int group) {
      checkDriverThread();
      transport.place(peer, group);
    }

    @Override
    public void heal() {
      checkDriverThread();
      transport.heal();
    }

    @Override
    public boolean partitioned() {
      return transport.partitioned();
    }

    @Override
    public int groupOf(PeerRef peer) {
      SimPeer running = launched.get(peer);
      return running != null ? running.group : transport.groupForNew(peer.address());
    }

    @Override
    public long partitionLost() {
      return transport.partitionLost();
    }

    @Override
    public SimulatorStats stats() {
      return new SimulatorStats(loop.fired(), loop.pending());
    }
  }

  /** A condition that holds once every future completed, in O(1) per check. */
  private static BooleanSupplier allComplete(List<? extends Future<?>> futures) {
    int[] open = {0};
    for (Future<?> f : futures) {
      if (!f.isComplete()) {
        open[0]++;
        f.onComplete(ar -> open[0]--);
      }
    }
    return () -> open[0] == 0;
  }
}
