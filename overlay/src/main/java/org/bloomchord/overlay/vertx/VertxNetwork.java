package org.bloomchord.overlay.vertx;

import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.bloomchord.overlay.Message;
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
 * The Vert.x actor runtime: one verticle deployment per peer, each with a local event-bus consumer
 * and its own context. Messages pass by reference through one codec chosen by the event bus' codec
 * selector; their wire size ({@link WireRegistry#sizeOf}) is what {@link Traffic} counts. The
 * driver blocks in real time: actions run on the peer's context and the driver waits for them.
 *
 * <p>This is the only package of the project that touches {@link Vertx}, the event bus, contexts
 * and Vert.x timers. Invariants: at most one network per Vert.x instance (it owns the codec
 * selector); peer addresses are unique among running peers; a removed peer's verticle is
 * undeployed before the driver call that removed it returns.
 *
 * @param <P> the protocol type of the peers
 */
public final class VertxNetwork<P extends PeerProtocol> implements Network<P> {

  /** Counter of unexpected exceptions thrown by protocol handlers and timer tasks. */
  public static final String HANDLER_ERRORS = "overlay.handlerErrors";

  private static final Logger LOG = System.getLogger(VertxNetwork.class.getName());

  private final NetworkOptions options;
  private final WireRegistry registry;
  private final Vertx vertx;
  private final boolean ownsVertx;
  private final Traffic traffic = new Traffic();
  private final MetricsRecorder metrics;
  private final Map<String, PeerVerticle> peers = new LinkedHashMap<>();
  /** The gateways of the cluster nodes this network runs peers on, by node name; empty if local. */
  private final Map<String, Gateway> gateways = new LinkedHashMap<>();
  private final List<String> nodeNames = new ArrayList<>();
  private final CrossTraffic cross = new CrossTraffic();
  private int nextNode;
  private final long originNanos = System.nanoTime();
  private final long originMillis = System.currentTimeMillis();
  private final AtomicLong errorsLogged = new AtomicLong();

  /** A network on a Vert.x instance of its own, with {@code options.eventLoopThreads()} event loops. */
  public VertxNetwork(NetworkOptions options, WireRegistry registry) {
    this(Vertx.vertx(new VertxOptions().setEventLoopPoolSize(options.eventLoopThreads())), options, registry, true);
  }

  /** A network on an existing Vert.x instance, which {@link #close()} leaves running. */
  public VertxNetwork(Vertx vertx, NetworkOptions options, WireRegistry registry) {
    this(vertx, options, registry, false);
  }

  /**
   * A network whose peers run on the given cluster nodes (usually one per JVM; several in one JVM
   * for tests), which {@link #close()} leaves running. Peers are placed by the node in their
   * address ({@link #addressFor}); messages between nodes cross through the nodes' gateways.
   */
  public VertxNetwork(List<ClusterNode> nodes, NetworkOptions options, WireRegistry registry) {
    this(nodes.get(0).vertx(), options, registry, false);
    for (ClusterNode node : nodes) {
      if (node != nodes.get(0)) {
        installCodec(node.vertx());
      }
      Gateway g = new Gateway(node, registry, traffic, cross);
      if (gateways.putIfAbsent(node.name(), g) != null) {
        throw new IllegalArgumentException("two nodes named " + node.name());
      }
      nodeNames.add(node.name());
    }
    List<Future<Void>> started = new ArrayList<>();
    for (Gateway g : gateways.values()) {
      started.add(g.start());
    }
    Future<?> all = Future.all(started);
    await(all, options.launchTimeoutMs());
    if (!all.succeeded()) {
      throw new IllegalStateException("gateways did not register: " + all.cause(), all.cause());
    }
  }

  private VertxNetwork(Vertx vertx, NetworkOptions options, WireRegistry registry, boolean ownsVertx) {
    this.options = Objects.requireNonNull(options, "options");
    this.registry = Objects.requireNonNull(registry, "registry");
    this.vertx = Objects.requireNonNull(vertx, "vertx");
    this.ownsVertx = ownsVertx;
    this.metrics = new MetricsRecorder(this::now, options.maxRecordedEvents());
    installCodec(vertx);
  }

  private void installCodec(Vertx v) {
    v.eventBus().registerCodec(new MessageFrameCodec(registry));
    v.eventBus().codecSelector(body -> body instanceof Message ? MessageFrameCodec.NAME : null);
  }

  /**
   * On a clustered network, {@code name@node} with the nodes taken in turn, so peers spread evenly
   * over the nodes; otherwise {@code name}.
   */
  @Override
  public synchronized String addressFor(String name) {
    if (nodeNames.isEmpty()) {
      return name;
    }
    return name + "@" + nodeNames.get(nextNode++ % nodeNames.size());
  }

  /** What this JVM's gateways sent to other JVMs (zero when not clustered). */
  public CrossTraffic crossTraffic() {
    return cross;
  }

  /** The cluster nodes this network runs on (empty when not clustered). */
  public List<ClusterNode> nodes() {
    List<ClusterNode> out = new ArrayList<>();
    for (Gateway g : gateways.values()) {
      out.add(g.node());
    }
    return out;
  }

  /** The gateway of the node a peer runs on, null when not clustered. */
  private Gateway gatewayOf(PeerRef ref) {
    if (gateways.isEmpty()) {
      return null;
    }
    Gateway g = gateways.get(ref.node());
    if (g == null) {
      throw new IllegalArgumentException("peer " + ref.address() + " names node '" + ref.node()
          + "', which this network does not run; use addressFor");
    }
    return g;
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
        vertx.undeploy(peer.deploymentID()).onFailure(x -> LOG.log(Level.WARNING, "undeploying failed peer "
            + peer.self() + " failed: " + x));
      }
    }
  }

  @Override
  public PeerHandle<P> launch(PeerRef ref, P protocol) {
    return launchAll(List.of(ref), r -> protocol).get(0);
  }

  @Override
  public List<PeerHandle<P>> launchAll(List<PeerRef> refs, Function<PeerRef, P> protocols) {
    driverOnly();
    List<PeerHandle<P>> out = new ArrayList<>(refs.size());
    for (int from = 0; from < refs.size(); from += options.deployBatchSize()) {
      List<PeerRef> batch = refs.subList(from, Math.min(refs.size(), from + options.deployBatchSize()));
      List<PeerVerticle> verticles = new ArrayList<>(batch.size());
      List<Future<String>> deployments = new ArrayList<>(batch.size());
      synchronized (peers) {
        for (PeerRef ref : batch) {
          if (peers.containsKey(ref.address())) {
            throw new IllegalArgumentException("a peer with address " + ref.address() + " is already running");
          }
        }
        for (PeerRef ref : batch) {
          PeerVerticle v = new PeerVerticle(this, gatewayOf(ref), ref, Objects.requireNonNull(protocols.apply(ref)),
              options.seed());
          peers.put(ref.address(), v);
          verticles.add(v);
        }
      }
      for (PeerVerticle v : verticles) {
        Gateway g = gatewayOf(v.self());
        deployments.add((g == null ? vertx : g.node().vertx()).deployVerticle(v, new DeploymentOptions()));
      }
      await(Future.join(deployments), options.launchTimeoutMs());
      for (int i = 0; i < verticles.size(); i++) {
        PeerVerticle v = verticles.get(i);
        Future<String> d = deployments.get(i);
        if (!d.succeeded()) {
          for (PeerVerticle w : verticles) {
            remove(w);
          }
          throw new IllegalStateException("peer " + v.self() + (d.failed()
              ? " failed to start: " + d.cause() : " did not start within " + options.launchTimeoutMs() + " ms"),
              d.cause());
        }
        out.add(handleOf(v));
      }
    }
    return out;
  }

  @Override
  public void leave(PeerHandle<P> handle) {
    driverOnly();
    PeerVerticle peer = live(handle);
    CompletableFuture<Object> left = new CompletableFuture<>();
    peer.context().runOnContext(v -> {
      try {
        peer.protocol().leave().onComplete(ar -> left.complete(null));
      } catch (Throwable e) {
        peer.handlerError("leave", e);
        left.complete(null);
      }
    });
    try {
      left.get(options.launchTimeoutMs(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      LOG.log(Level.WARNING, "leave of " + peer.self() + " did not finish: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    remove(peer);
  }

  @Override
  public void crash(PeerHandle<P> handle) {
    driverOnly();
    remove(live(handle));
  }

  private void remove(PeerVerticle peer) {
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
  public List<PeerHandle<P>> alive() {
    synchronized (peers) {
      List<PeerHandle<P>> out = new ArrayList<>(peers.size());
      for (PeerVerticle v : peers.values()) {
        out.add(handleOf(v));
      }
      return out;
    }
  }

  @Override
  public <T> T call(PeerHandle<P> handle, Function<P, Future<T>> action, long maxWaitMs) {
    driverOnly();
    CompletableFuture<T> result = start(live(handle), handle, action);
    try {
      return result.get(maxWaitMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new RequestTimeoutException(handle.ref(), maxWaitMs);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + handle.ref(), e);
    }
  }

  @Override
  public <T> List<Outcome<T>> callAll(List<PeerHandle<P>> handles, Function<P, Future<T>> action,
      long maxWaitMs) {
    driverOnly();
    List<CompletableFuture<T>> results = new ArrayList<>(handles.size());
    for (PeerHandle<P> h : handles) {
      results.add(start(live(h), h, action));
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxWaitMs);
    List<Outcome<T>> out = new ArrayList<>(handles.size());
    for (int i = 0; i < results.size(); i++) {
      try {
        long left = Math.max(0, deadline - System.nanoTime());
        out.add(new Outcome<>(results.get(i).get(left, TimeUnit.NANOSECONDS), null));
      } catch (TimeoutException e) {
        out.add(new Outcome<>(null, new RequestTimeoutException(handles.get(i).ref(), maxWaitMs)));
      } catch (ExecutionException e) {
        out.add(new Outcome<>(null, e.getCause()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for peers", e);
      }
    }
    return out;
  }

  /**
   * Starts {@code action} on the peer's thread and returns its outcome without blocking, so that
   * code running on an event loop (an HTTP handler, an embedding program) can act on a peer where
   * the blocking {@link #call} is not allowed. A peer that is not running gives a failed future.
   */
  public <T> Future<T> submit(PeerHandle<P> handle, Function<P, Future<T>> action) {
    PeerVerticle peer;
    synchronized (peers) {
      peer = peers.get(handle.ref().address());
    }
    if (peer == null || peer.handle() != handle) {
      return Future.failedFuture(new IllegalStateException("peer " + handle.ref() + " is not running"));
    }
    return Future.fromCompletionStage(start(peer, handle, action));
  }

  /** The Vert.x instance the peers run on. */
  public Vertx vertx() {
    return vertx;
  }

  private <T> CompletableFuture<T> start(PeerVerticle peer, PeerHandle<P> handle, Function<P, Future<T>> action) {
    CompletableFuture<T> result = new CompletableFuture<>();
    peer.context().runOnContext(v -> {
      try {
        action.apply(handle.protocol()).onComplete(ar -> {
          if (ar.succeeded()) {
            result.complete(ar.result());
          } else {
            result.completeExceptionally(ar.cause());
          }
        });
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
      }
    });
    return result;
  }

  @Override
  public <T> T inspect(PeerHandle<P> handle, Function<P, T> read) {
    driverOnly();
    PeerVerticle peer;
    synchronized (peers) {
      peer = peers.get(handle.ref().address());
    }
    if (peer == null || peer.handle() != handle) {
      return read.apply(handle.protocol());
    }
    return call(handle, p -> Future.succeededFuture(read.apply(p)), options.launchTimeoutMs());
  }

  @Override
  public void runFor(long ms) {
    driverOnly();
    if (ms < 0) {
      throw new IllegalArgumentException("ms must be >= 0: " + ms);
    }
    sleep(ms);
  }

  @Override
  public boolean awaitUntil(BooleanSupplier condition, long maxMs, long checkEveryMs) {
    driverOnly();
    if (checkEveryMs <= 0) {
      throw new IllegalArgumentException("checkEveryMs must be > 0: " + checkEveryMs);
    }
    long end = now() + maxMs;
    while (!condition.getAsBoolean()) {
      long left = end - now();
      if (left <= 0) {
        return false;
      }
      sleep(Math.min(left, checkEveryMs));
    }
    return true;
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
  public String runtimeName() {
    return "vertx";
  }

  @Override
  public void close() {
    List<PeerVerticle> all;
    synchronized (peers) {
      all = new ArrayList<>(peers.values());
    }
    for (PeerVerticle v : all) {
      v.kill();
    }
    if (ownsVertx) {
      synchronized (peers) {
        peers.clear();
      }
      await(vertx.close(), options.launchTimeoutMs());
      return;
    }
    List<Future<Void>> undeployments = new ArrayList<>();
    synchronized (peers) {
      peers.clear();
    }
    for (PeerVerticle v : all) {
      if (v.deploymentID() != null) {
        undeployments.add(v.owner().undeploy(v.deploymentID()));
      }
    }
    for (Gateway g : gateways.values()) {
      undeployments.add(g.stop());
    }
    await(Future.join(undeployments), options.launchTimeoutMs());
    List<Vertx> instances = new ArrayList<>(List.of(vertx));
    for (Gateway g : gateways.values()) {
      if (g.node().vertx() != vertx) {
        instances.add(g.node().vertx());
      }
    }
    for (Vertx v : instances) {
      v.eventBus().codecSelector(body -> null);
      v.eventBus().unregisterCodec(MessageFrameCodec.NAME);
    }
  }

  private PeerVerticle live(PeerHandle<P> handle) {
    PeerVerticle peer;
    synchronized (peers) {
      peer = peers.get(handle.ref().address());
    }
    if (peer == null || peer.handle() != handle) {
      throw new IllegalStateException("peer " + handle.ref() + " is not running");
    }
    return peer;
  }

  @SuppressWarnings("unchecked")
  private PeerHandle<P> handleOf(PeerVerticle v) {
    return (PeerHandle<P>) v.handle();
  }

  private static void driverOnly() {
    if (Context.isOnVertxThread()) {
      throw new IllegalStateException("driver methods must not be called from a Vert.x thread");
    }
  }

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

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
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
