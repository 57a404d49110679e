package org.bloomchord.node.http;

import io.vertx.ext.web.RoutingContext;
import org.bloomchord.node.Node;
import org.bloomchord.node.live.EventBroadcaster;
import org.bloomchord.node.live.LiveSource;

/**
 * Server-sent events for the live view: every ring event as it happens ({@code event: ring}) and,
 * once a second, the rates the charts draw ({@code event: stats}: peers, lookups and failed lookups
 * per second, mean hops, bytes per peer per second). At most {@value #MAX_CLIENTS} streams are
 * open at once; a further one gets 503.
 */
final class EventStream {

  static final int MAX_CLIENTS = 32;

  private final EventBroadcaster events;

  EventStream(Node node) {
    this.events = new EventBroadcaster(node.vertx(), MAX_CLIENTS, () -> LiveSource.Stats.of(node), stats -> stats);
    node.onRingEvent(e -> events.broadcast("ring", JsonViews.event(e)));
  }

  void subscribe(RoutingContext ctx) {
    if (!events.open(ctx.response())) {
      NodeHttpServer.fail(ctx, 503, "too many open event streams (at most " + MAX_CLIENTS + ")");
    }
  }

  void close() {
    events.close();
  }
}
