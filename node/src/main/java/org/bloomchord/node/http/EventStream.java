package org.bloomchord.node.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.bloomchord.node.Node;
import org.bloomchord.node.live.EventClients;
import org.bloomchord.node.live.LiveSource;

/**
 * Server-sent events for the live view: every ring event as it happens ({@code event: ring}) and,
 * once a second, the rates the charts draw ({@code event: stats}: peers, lookups and failed lookups
 * per second, mean hops, bytes per peer per second). At most {@value #MAX_CLIENTS} streams are
 * open at once; a further one gets 503.
 */
final class EventStream {

  static final int MAX_CLIENTS = 32;

  private final Node node;
  private final EventClients clients = new EventClients(MAX_CLIENTS);
  private final long timer;
  private LiveSource.Stats last = LiveSource.Stats.ZERO;
  private long lastAt = System.currentTimeMillis();

  EventStream(Node node) {
    this.node = node;
    node.onRingEvent(e -> broadcast("ring", JsonViews.event(e)));
    this.timer = node.vertx().setPeriodic(1000, id -> tick());
  }

  void subscribe(RoutingContext ctx) {
    if (!clients.open(ctx.response())) {
      NodeHttpServer.fail(ctx, 503, "too many open event streams (at most " + MAX_CLIENTS + ")");
    }
  }

  private void tick() {
    if (clients.isEmpty()) {
      return;
    }
    LiveSource.Stats s = LiveSource.Stats.of(node);
    long now = System.currentTimeMillis();
    double secs = Math.max(0.001, (now - lastAt) / 1000.0);
    JsonObject stats = s.ratesSince(last, secs, now);
    last = s;
    lastAt = now;
    broadcast("stats", stats);
  }

  private void broadcast(String event, JsonObject data) {
    clients.broadcast(event, data.encode());
  }

  void close() {
    node.vertx().cancelTimer(timer);
    clients.closeAll();
  }
}
