package org.bloomchord.node.live;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live view's server-sent events. Changes are batched: every {@value #FLUSH_MS} ms one
 * {@code event: batch} carries the membership changes since the last one and at most
 * {@value #PATHS_PER_BATCH} operation paths (the rest are counted as dropped, so at most 50 paths a
 * second reach the page however many lookups run). When more than {@value #MAX_CHANGES} changes
 * wait, they are replaced by {@code "reload": true} and the page fetches the peer list again. Once a
 * second {@code event: stats} carries the rates the charts draw. Every byte written is counted
 * ({@link #bytesPushed()}). At most {@value #MAX_CLIENTS} streams are open at once.
 */
final class LiveStream implements LiveSource.Listener {

  static final int MAX_CLIENTS = 32;
  static final int FLUSH_MS = 100;
  static final int PATHS_PER_BATCH = 5;
  static final int MAX_CHANGES = 5_000;

  private final Vertx vertx;
  private final EventBroadcaster clients;
  private final ConcurrentLinkedQueue<LiveSource.PeerChange> changes = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<LiveSource.PathSeen> paths = new ConcurrentLinkedQueue<>();
  private final AtomicInteger waitingChanges = new AtomicInteger();
  private final AtomicInteger waitingPaths = new AtomicInteger();
  private final AtomicLong pathsDropped = new AtomicLong();
  private volatile boolean reload;
  private final long flushTimer;

  LiveStream(Vertx vertx, LiveSource source) {
    this.vertx = vertx;
    this.clients = new EventBroadcaster(vertx, MAX_CLIENTS, source::stats,
        stats -> stats.put("pushedBytes", bytesPushed()).put("pathsDropped", pathsDropped()));
    source.listen(this);
    this.flushTimer = vertx.setPeriodic(FLUSH_MS, id -> flush());
  }

  @Override
  public void peer(LiveSource.PeerChange change) {
    if (waitingChanges.incrementAndGet() > MAX_CHANGES) {
      reload = true;
      waitingChanges.decrementAndGet();
    } else {
      changes.add(change);
    }
  }

  @Override
  public void path(LiveSource.PathSeen path) {
    if (waitingPaths.incrementAndGet() > PATHS_PER_BATCH) {
      waitingPaths.decrementAndGet();
      pathsDropped.incrementAndGet();
    } else {
      paths.add(path);
    }
  }

  void subscribe(RoutingContext ctx) {
    if (!clients.open(ctx.response())) {
      LiveServer.fail(ctx, 503, "too many open event streams (at most " + MAX_CLIENTS + ")");
    }
  }

  /** Bytes written to event streams so far. */
  long bytesPushed() {
    return clients.bytes();
  }

  /** Paths left out by the sampling so far. */
  long pathsDropped() {
    return pathsDropped.get();
  }

  /** Streams open now. */
  int clients() {
    return clients.size();
  }

  private void flush() {
    JsonArray joined = new JsonArray();
    JsonArray departed = new JsonArray();
    for (LiveSource.PeerChange c; (c = changes.poll()) != null;) {
      waitingChanges.decrementAndGet();
      if (c.kind().equals("JOINED")) {
        joined.add(new JsonArray().add(c.name()).add(c.id()));
      } else {
        departed.add(new JsonArray().add(c.name()).add(c.kind()));
      }
    }
    JsonArray ops = new JsonArray();
    for (LiveSource.PathSeen p; (p = paths.poll()) != null;) {
      waitingPaths.decrementAndGet();
      ops.add(new JsonObject().put("kind", p.kind()).put("key", p.key()).put("path", new JsonArray(p.path()))
          .put("outcome", p.outcome()));
    }
    boolean mustReload = reload;
    reload = false;
    if (joined.isEmpty() && departed.isEmpty() && ops.isEmpty() && !mustReload) {
      return;
    }
    JsonObject batch = new JsonObject().put("joined", joined).put("departed", departed).put("paths", ops);
    if (mustReload) {
      batch.put("reload", true);
    }
    clients.broadcast("batch", batch);
  }

  void close() {
    vertx.cancelTimer(flushTimer);
    clients.close();
  }
}
