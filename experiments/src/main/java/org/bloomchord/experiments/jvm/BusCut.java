package org.bloomchord.experiments.jvm;

import io.vertx.core.eventbus.DeliveryContext;
import io.vertx.core.eventbus.EventBus;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.overlay.vertx.ClusterNode;

/**
 * A partition of a multi-JVM ring's traffic, cut at one JVM's event bus: while a cut is in force,
 * every event-bus message between this JVM and a JVM of another group is dropped, in both
 * directions, and counted. Each JVM of the ring installs one and is told the same groups, so the
 * cut holds on both sides of every link.
 *
 * <p>How: an outbound interceptor stamps every message this JVM sends with a header naming this
 * node ({@value #FROM_HEADER}) and drops, before it is written to TCP, a message to the gateway of
 * a node of another group ({@code bloomchord.gateway/<node>}, the one clustered address per JVM
 * that peer traffic crosses). An inbound interceptor drops a message whose header names a node of
 * another group: the replies to requests that crossed before the cut, and anything the other side
 * sent before it heard of the cut. A dropped request is never answered, so its sender's request
 * timer fires as it would over a cut link. Hazelcast membership is untouched: this cuts the ring's
 * traffic, not the cluster manager (real cuts of the network: {@code scripts/hosts}).
 *
 * <p>Without a cut in force the interceptors pass everything on and add no header, so the bytes of
 * other runs are unchanged. Thread-safe: the groups are one immutable map, read on event loops.
 */
final class BusCut {

  /** The header naming the sending node of a message sent while a cut is in force. */
  static final String FROM_HEADER = "bc-cut-from";
  /** The clustered address prefix of a node's gateway (see the overlay's {@code Gateway.address}). */
  static final String GATEWAY_PREFIX = "bloomchord.gateway/";

  private final String self;
  /** Group of each node while a cut is in force; null when none is. */
  private volatile Map<String, Integer> groups;
  private final LongAdder dropped = new LongAdder();

  private BusCut(String self) {
    this.self = self;
  }

  /** Installs the interceptors on {@code node}'s event bus; no cut is in force until {@link #cut}. */
  static BusCut install(ClusterNode node) {
    BusCut c = new BusCut(node.name());
    EventBus bus = node.vertx().eventBus();
    bus.addOutboundInterceptor(c::outbound);
    bus.addInboundInterceptor(c::inbound);
    return c;
  }

  /**
   * Cuts the links between nodes of different groups: {@code groups} maps every node of the ring to
   * its group. A node not in the map is in no group and is cut from every node (a JVM the
   * scenario forgot cannot be reached by accident).
   */
  void cut(Map<String, Integer> groups) {
    if (!groups.containsKey(self)) {
      throw new IllegalArgumentException("this node " + self + " is in no group of the cut");
    }
    this.groups = Map.copyOf(groups);
  }

  /** Ends the cut: from now on every message passes. Harmless when none is in force. */
  void heal() {
    this.groups = null;
  }

  /** Whether a cut is in force. */
  boolean cutting() {
    return groups != null;
  }

  /** Messages dropped by this JVM's cuts so far. */
  long dropped() {
    return dropped.sum();
  }

  /** Whether a message between this node and {@code other} crosses the cut in force {@code g}. */
  private boolean severed(Map<String, Integer> g, String other) {
    return !other.equals(self) && !g.get(self).equals(g.get(other));
  }

  private void outbound(DeliveryContext<Object> ctx) {
    Map<String, Integer> g = groups;
    if (g != null) {
      String address = ctx.message().address();
      if (address != null && address.startsWith(GATEWAY_PREFIX)
          && severed(g, address.substring(GATEWAY_PREFIX.length()))) {
        dropped.increment();
        return;
      }
      ctx.message().headers().set(FROM_HEADER, self);
    }
    ctx.next();
  }

  private void inbound(DeliveryContext<Object> ctx) {
    Map<String, Integer> g = groups;
    if (g != null) {
      String from = ctx.message().headers().get(FROM_HEADER);
      if (from != null && severed(g, from)) {
        dropped.increment();
        return;
      }
    }
    ctx.next();
  }
}
