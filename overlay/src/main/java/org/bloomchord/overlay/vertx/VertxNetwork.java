package org.bloomchord.overlay.vertx;

import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.bloomchord.overlay.AbstractNetwork;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsRecorder;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The Vert.x actor runtime: one verticle deployment per peer, each with a local event-bus consumer
 * and its own context. Messages pass by reference through one codec chosen by the event bus' codec
 * selector; their wire size ({@link WireRegistry#sizeOf}) is what {@link Traffic} counts. The
 * driver blocks in real time: actions run on the peer's context and the driver waits for them.
 * The driver contract itself is {@link AbstractNetwork}'s; this class supplies deploying and
 * undeploying verticles, running on a peer's context and waiting in real time. Its settings are
 * {@link NetworkOptions#vertx()}.
 *
 * <p>This is the only package of the project that touches {@link Vertx}, the event bus, contexts
 * and Vert.x timers. Invariants: at most one network per Vert.x instance (it owns the codec
 * selector); peer addresses are unique among running peers; a removed peer's verticle is
 * undeployed before the driver call that removed it returns.
 *
 * <p>Longer than most classes of the project because it is the whole adapter between the driver
 * contract and Vert.x: three ways to build a network (its own instance, a shared one, cluster
 * nodes), the codec's registration and removal, deployment and the failing of a peer whose
 * protocol threw; where clustered peers are placed is {@link Gateways}'.
 *
 * @param <P> the protocol type of the peers
 */
public final class VertxNetwork<P extends PeerProtocol> extends AbstractNetwork<P, PeerVerticle> {

  private static final Logger LOG = System.getLogger(VertxNetwork.class.getName());

  private final WireRegistry registry;
  private final Vertx vertx;
  private final boolean ownsVertx;
  private final Traffic traffic = new Traffic();
  private final MetricsRecorder metrics;
  /** Running peers by address, in launch order; guarded by itself. */
  private final Map<String, PeerVerticle> peers = new LinkedHashMap<>();
  private final Gateways gateways;
  private final long originNanos = System.nanoTime();
  private final long originMillis = System.currentTimeMillis();
  private final AtomicLong errorsLogged = new AtomicLong();
  /** Every peer timer of this network (one wheel instead of a Vert.x timer per peer task). */
  private final TimerWheel timers = new TimerWheel();

  /** A network on a Vert.x instance of its own, with {@code options.vertx().eventLoopThreads()} event loops. */
  public VertxNetwork(NetworkOptions options, WireRegistry registry) {
    this(Vertx.vertx(new VertxOptions().setEventLoopPoolSize(options.vertx().eventLoopThreads())), options,
        registry, true, null);
  }

  /** A network on an existing Vert.x instance, which {@link #close()} leaves running. */
  public VertxNetwork(Vertx vertx, NetworkOptions options, WireRegistry registry) {
    this(vertx, options, registry, false, null);
  }

  /**
   * A network whose peers run on the given cluster nodes (usually one per JVM; several in one JVM
   * for tests), which {@link #close()} leaves running. Peers are placed by the node in their
   * address ({@link #addressFor}); messages between nodes cross through the nodes' gateways.
   */
  public VertxNetwork(List<ClusterNode> nodes, NetworkOptions options, WireRegistry registry) {
    this(nodes.get(0).vertx(), options, registry, false, nodes);
    for (Vertx other : gateways.othersThan(vertx)) {
      installCodec(other);
    }
    Future<?> all = gateways.start();
    await(all, options.launchTimeoutMs());
    if (!all.succeeded()) {
      throw new IllegalStateException("gateways did not register: " + all.cause(), all.cause());
    }
  }

  private VertxNetwork(Vertx vertx, NetworkOptions options, WireRegistry registry, boolean ownsVertx,
      List<ClusterNode> nodes) {
    super(options);
    this.registry = Objects.requireNonNull(registry, "registry");
    this.vertx = Objects.requireNonNull(vertx, "vertx");
    this.ownsVertx = ownsVertx;
    this.metrics = new MetricsRecorder(this::now, options.maxRecordedEvents());
    this.gateways = nodes == null ? new Gateways() : new Gateways(nodes, registry, traffic);
    installCodec(vertx);
  }

  private void installCodec(Vertx v) {
    v.eventBus().registerCodec(new MessageFrameCodec(registry));
    v.eventBus().registerCodec(new LocalExchangeCodec());
    v.eventBus().codecSelector(body -> body instanceof Message ? MessageFrameCodec.NAME
        : body instanceof LocalExchange ? LocalExchangeCodec.NAME : null);
  }

  /**
   * On a clustered network, {@code name@node} with the nodes taken in turn, so peers spread evenly
   * over the nodes; otherwise {@code name}.
   */
  @Override
  public String addressFor(String name) {
    return gateways.addressFor(name);
  }

  /** What this JVM's gateways sent to other JVMs (zero when not clustered). */
  public CrossTraffic crossTraffic() {
    return gateways.cross();
  }

  /** The cluster nodes this network runs on (empty when not clustered). */
  public List<ClusterNode> nodes() {
    return gateways.nodes();
  }

  void count(Message message) {
    traffic.sent(message.typeName(), registry.sizeOf(message));
  }

  /**
   * Counts what a protocol threw and fails its peer: the peer stops receiving at once and is
   * undeployed (without waiting: this runs on the peer's own thread) as by a crash, since its state
   * may be half-updated; it is counted under {@link Network#FAILED_PEERS} and the run goes on. The
   * first few are logged with their cause.
   */
  void handlerError(String where, PeerVerticle peer, Throwable e) {
    metrics.increment(HANDLER_ERRORS, 1);
    boolean fail;
    synchronized (peers) {
      fail = peers.get(peer.self().address()) == peer;
      if (fail) {
        // counted before it leaves alive(), so a driver that sees it gone also sees it counted
        metrics.increment(FAILED_PEERS, 1);
        peers.remove(peer.self().address());
      }
    }
    if (errorsLogged.getAndIncrement() < 10) {
      LOG.log(Level.WARNING, "unexpected " + e + " in " + where + " of " + peer.self()
          + (fail ? "; the peer is failed, the run goes on" : ""), e);
    }
    if (fail) {
      peer.kill();
      if (peer.deploymentID() != null) {
        peer.owner().undeploy(peer.deploymentID()).onFailure(x -> LOG.log(Level.WARNING,
            "undeploying failed peer " + peer.self() + " failed: " + x));
      }
    }
  }

  @Override
  protected PeerVerticle running(String address) {
    synchronized (peers) {
      return peers.get(address);
    }
  }

  @Override
  protected List<PeerVerticle> runningPeers() {
    synchronized (peers) {
      return new ArrayList<>(peers.values());
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  protected PeerHandle<P> handleOf(PeerVerticle peer) {
    return (PeerHandle<P>) peer.handle();
  }

  @Override
  protected int launchBatchSize() {
    return options.vertx().deployBatchSize();
  }

  @Override
  protected Deployment<PeerVerticle> deploy(PeerRef ref, P protocol) {
    Gateway g = gateways.of(ref);
    PeerVerticle v = new PeerVerticle(this, g, ref, protocol, options.seed());
    synchronized (peers) {
      peers.put(ref.address(), v);
    }
    Future<String> deployed = (g == null ? vertx : g.node().vertx()).deployVerticle(v, new DeploymentOptions());
    return new Deployment<>(v, deployed);
  }

  @Override
  protected void undeploy(PeerVerticle peer) {
    synchronized (peers) {
      if (peers.get(peer.self().address()) != peer) {
        return;
      }
      peers.remove(peer.self().address());
    }
    peer.kill();
    if (peer.deploymentID() != null) {
      try {
        await(peer.owner().undeploy(peer.deploymentID()), options.launchTimeoutMs());
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "undeploying " + peer.self() + " failed: " + e);
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  protected <T> Future<T> runOnPeer(PeerVerticle peer, Function<P, Future<T>> action) {
    Context context = peer.context();
    if (context == null) {
      // registered by launch but not yet deployed: its context does not exist yet
      return Future.failedFuture(new IllegalStateException("peer " + peer.self() + " is still starting"));
    }
    Promise<T> result = Promise.promise();
    context.runOnContext(v -> {
      try {
        action.apply((P) peer.protocol()).onComplete(ar -> {
          if (ar.succeeded()) {
            result.complete(ar.result());
          } else {
            result.fail(ar.cause());
          }
        });
      } catch (RuntimeException e) {
        result.fail(e);
      }
    });
    return result.future();
  }

  @Override
  protected void awaitAll(List<? extends Future<?>> futures, long maxMs) {
    try {
      Future.join(futures).toCompletionStage().toCompletableFuture().get(maxMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // the caller inspects the individual futures
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for peers", e);
    }
  }

  @Override
  protected void advance(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  protected void failPeer(PeerVerticle peer, String where, Throwable e) {
    peer.handlerError(where, e);
  }

  @Override
  protected void checkDriverThread() {
    if (Context.isOnVertxThread()) {
      throw new IllegalStateException("driver methods must not be called from a Vert.x thread");
    }
  }

  /**
   * Starts {@code action} on the peer's thread and returns its outcome without blocking, so that
   * code running on an event loop (an HTTP handler, an embedding program) can act on a peer where
   * the blocking {@link #call} is not allowed. A peer that is not running gives a failed future.
   */
  public <T> Future<T> submit(PeerHandle<P> handle, Function<P, Future<T>> action) {
    PeerVerticle peer = running(handle.ref().address());
    if (peer == null || peer.handle() != handle) {
      return Future.failedFuture(new IllegalStateException("peer " + handle.ref() + " is not running"));
    }
    return runOnPeer(peer, action);
  }

  /** The Vert.x instance the peers run on. */
  public Vertx vertx() {
    return vertx;
  }

  /** Milliseconds since the epoch, read from a monotonic clock anchored when the network was made. */
  @Override
  public long now() {
    return originMillis + (System.nanoTime() - originNanos) / 1_000_000;
  }

  @Override
  public Traffic traffic() {
    return traffic;
  }

  @Override
  public MetricsRecorder metrics() {
    return metrics;
  }

  @Override
  public RuntimeKind runtime() {
    return RuntimeKind.VERTX;
  }

  /** The wheel every peer's timers are set on. */
  TimerWheel timers() {
    return timers;
  }

  @Override
  public void close() {
    timers.close();
    List<PeerVerticle> all = runningPeers();
    for (PeerVerticle v : all) {
      v.kill();
    }
    synchronized (peers) {
      peers.clear();
    }
    if (ownsVertx) {
      await(vertx.close(), options.launchTimeoutMs());
      return;
    }
    List<Future<Void>> undeployments = new ArrayList<>();
    for (PeerVerticle v : all) {
      if (v.deploymentID() != null) {
        undeployments.add(v.owner().undeploy(v.deploymentID()));
      }
    }
    undeployments.addAll(gateways.stop());
    await(Future.join(undeployments), options.launchTimeoutMs());
    List<Vertx> instances = new ArrayList<>(List.of(vertx));
    instances.addAll(gateways.othersThan(vertx));
    for (Vertx v : instances) {
      v.eventBus().codecSelector(body -> null);
      v.eventBus().unregisterCodec(MessageFrameCodec.NAME);
      v.eventBus().unregisterCodec(LocalExchangeCodec.NAME);
    }
  }

  /** Waits for {@code future} in real time; throws if it is still open after {@code timeoutMs}. */
  private static void await(Future<?> future, long timeoutMs) {
    try {
      future.toCompletionStage().toCompletableFuture().get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      // the caller inspects the individual outcomes
    } catch (TimeoutException e) {
      throw new IllegalStateException("no answer from the Vert.x runtime within " + timeoutMs + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** The encoded size of {@code message}, 0 for a type the registry does not know. */
  int sizeOf(Message message) {
    return registry.knows(message.getClass()) ? registry.sizeOf(message) : 0;
  }
}
