package org.bloomchord.overlay.vertx;

import org.bloomchord.overlay.CounterName;

/** The Vert.x runtime's own counters, in the network's {@link org.bloomchord.overlay.MetricsSink}. */
public enum VertxCounter implements CounterName {
  /**
   * Requests dropped unread by their receiver because their requester had stopped waiting before
   * the receiver's event loop reached them: the work a backlog would have spent on answers nobody
   * reads (see {@link PeerVerticle}).
   */
  EXPIRED_UNREAD("vertx.expiredUnread");

  private final String id;

  VertxCounter(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }
}
