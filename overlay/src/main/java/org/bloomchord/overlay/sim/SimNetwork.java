package org.bloomchord.overlay.sim;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.bloomchord.overlay.MetricsRecorder;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The deterministic simulator: every peer runs on the driver's thread inside one discrete-event
 * loop with a virtual clock in milliseconds. Waiting ({@link #call}, {@link #runFor},
 * {@link #awaitUntil}) fires events in (time, scheduling order) and advances the clock; nothing
 * happens between driver calls.
 *
 * <p>Invariants: the same options, seed and driver calls give the same run, event for event and
 * byte for byte; driver methods may not be called from inside the loop (from a peer's handler);
 * an action started by the driver runs at once, as if on the peer's thread, and the futures it gets
 * complete later, inside the loop.
 *
 * @param <P> the protocol type of the peers
 */
public final class SimNetwork<P extends PeerProtocol> implements Network<P> {

  private final NetworkOptions options;
  private final Traffic traffic = Traffic.singleThreaded();
  private final SimTransport transport;
  private final EventLoop loop;
  private final PeerDirectory launched;

  public SimNetwork(NetworkOptions options, WireRegistry registry) {
    this.options = Objects.requireNonNull(options, "options");
    this.transport = new SimTransport(options, Objects.requireNonNull(registry, "registry"), traffic);
    this.loop = transport.loop;
    this.launched = transport.peers;
    transport.onPeerFailed(this::remove);
  }

  @Override
  public PeerHandle<P> launch(PeerRef ref, P protocol) {
    return launchAll(List.of(ref), r -> protocol).get(0);
  }

  @Override
  public List<PeerHandle<P>> launchAll(List<PeerRef> refs, Function<PeerRef, P> protocols) {
    driverOnly();
    List<SimPeer> started = new ArrayList<>(refs.size());
    List<Future<Void>> starts = new ArrayList<>(refs.size());
    launched.reserve(refs.size());
    for (PeerRef ref : refs) {
      if (launched.get(ref.address()) != null) {
        throw new IllegalArgumentException("a peer with address " + ref.address() + " is already running");
      }
      SimPeer peer = new SimPeer(transport, ref, Objects.requireNonNull(protocols.apply(ref)), options.seed());
      launched.add(peer);
      started.add(peer);
      starts.add(peer.protocol.start(peer));
    }
    loop.runUntil(deadline(options.launchTimeoutMs()), allComplete(starts));
    List<PeerHandle<P>> out = new ArrayList<>(started.size());
    for (int i = 0; i < started.size(); i++) {
      SimPeer peer = started.get(i);
      Future<Void> f = starts.get(i);
      if (!f.succeeded()) {
        remove(peer);
        throw new IllegalStateException("peer " + peer.ref + (f.failed()
            ? " failed to start: " + f.cause() : " did not start within " + options.launchTimeoutMs() + " ms"),
            f.cause());
      }
      out.add(handleOf(peer));
    }
    return out;
  }

  @Override
  public void leave(PeerHandle<P> handle) {
    driverOnly();
    SimPeer peer = live(handle);
    Future<Void> f = peer.protocol.leave();
    loop.runUntil(deadline(options.launchTimeoutMs()), f::isComplete);
    remove(peer);
  }

  @Override
  public void crash(PeerHandle<P> handle) {
    driverOnly();
    remove(live(handle));
  }

  private void remove(SimPeer peer) {
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
  public List<PeerHandle<P>> alive() {
    List<PeerHandle<P>> out = new ArrayList<>(launched.size());
    for (SimPeer p : launched.inOrder()) {
      out.add(handleOf(p));
    }
    return out;
  }

  @Override
  public <T> T call(PeerHandle<P> handle, Function<P, Future<T>> action, long maxWaitMs) {
    driverOnly();
    SimPeer peer = live(handle);
    Future<T> f = action.apply(handle.protocol());
    loop.runUntil(deadline(maxWaitMs), f::isComplete);
    if (!f.isComplete()) {
      throw new RequestTimeoutException(peer.ref, maxWaitMs);
    }
    if (f.failed()) {
      Throwable cause = f.cause();
      throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
    }
    return f.result();
  }

  @Override
  public <T> List<Outcome<T>> callAll(List<PeerHandle<P>> peers, Function<P, Future<T>> action,
      long maxWaitMs) {
    driverOnly();
    List<Future<T>> futures = new ArrayList<>(peers.size());
    for (PeerHandle<P> h : peers) {
      live(h);
      futures.add(action.apply(h.protocol()));
    }
    loop.runUntil(deadline(maxWaitMs), allComplete(futures));
    List<Outcome<T>> out = new ArrayList<>(futures.size());
    for (int i = 0; i < futures.size(); i++) {
      Future<T> f = futures.get(i);
      if (f.succeeded()) {
        out.add(new Outcome<>(f.result(), null));
      } else if (f.failed()) {
        out.add(new Outcome<>(null, f.cause()));
      } else {
        out.add(new Outcome<>(null, new RequestTimeoutException(peers.get(i).ref(), maxWaitMs)));
      }
    }
    return out;
  }

  @Override
  public <T> T inspect(PeerHandle<P> peer, Function<P, T> read) {
    driverOnly();
    return read.apply(peer.protocol());
  }

  @Override
  public void runFor(long ms) {
    driverOnly();
    if (ms < 0) {
      throw new IllegalArgumentException("ms must be >= 0: " + ms);
    }
    loop.runUntil(deadline(ms), () -> false);
  }

  @Override
  public boolean awaitUntil(BooleanSupplier condition, long maxMs, long checkEveryMs) {
    driverOnly();
    if (checkEveryMs <= 0) {
      throw new IllegalArgumentException("checkEveryMs must be > 0: " + checkEveryMs);
    }
    long end = deadline(maxMs);
    while (!condition.getAsBoolean()) {
      if (loop.now() >= end) {
        return false;
      }
      loop.runUntil(Math.min(end, deadline(checkEveryMs)), () -> false);
    }
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
  public String runtimeName() {
    return "sim";
  }

  /**
   * Fault injection: every message (request, reply or one-way) sent during the next {@code ms}
   * milliseconds is lost, as in a partition of every peer or a stall of the whole process. Timers
   * keep running, so pending requests time out.
   */
  public void blackout(long ms) {
    driverOnly();
    if (ms < 0) {
      throw new IllegalArgumentException("ms must be >= 0: " + ms);
    }
    transport.blackout(ms);
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

  private SimPeer live(PeerHandle<P> handle) {
    SimPeer peer = launched.get(handle.ref().address());
    if (peer == null || peer.handle != handle) {
      throw new IllegalStateException("peer " + handle.ref() + " is not running");
    }
    return peer;
  }

  @SuppressWarnings("unchecked")
  private PeerHandle<P> handleOf(SimPeer peer) {
    return (PeerHandle<P>) peer.handle;
  }

  private long deadline(long ms) {
    long t = loop.now() + ms;
    return t < loop.now() ? Long.MAX_VALUE : t;
  }

  private void driverOnly() {
    if (loop.running()) {
      throw new IllegalStateException("driver methods must not be called from a peer's handler");
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
