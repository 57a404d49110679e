package org.bloomchord.node.http;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;
import org.bloomchord.node.HotKeyOwners;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeReachability;
import org.bloomchord.node.NodeStats;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;

/**
 * The node's own meters, next to the Vert.x ones in the node's Prometheus registry: peers alive,
 * lookups (total, failed, hops, next-hop timeouts, count by hops), reads, writes, locates, and the
 * runtime's traffic as messages and bytes sent by message type, and on a node admitting by member
 * certificates the event bus' refusals by reason and the size of the revocation list in use, and the
 * hot keys the peers own and their owners (read from the peers before each scrape, {@link #refresh}),
 * and on a node with an API token the requests refused for want of it.
 * Meters of message types and peer counters are registered as they first appear, at scrape time.
 */
final class NodeMetrics {

  /** Refusals of the member certificate admission, tagged {@code reason} ({@link Refusal#label}). */
  static final String ADMISSION_REFUSED = "bloomchord.admission.refused";
  /** Certificates on the revocation list a node uses. */
  static final String ADMISSION_REVOKED = "bloomchord.admission.revoked";
  /** Known nodes of the ring this node cannot reach (0 when not clustered). */
  static final String NODES_UNREACHABLE = "bloomchord.cluster.nodes.unreachable";
  /** Other nodes of the ring this node knows of, reachable or not. */
  static final String NODES_KNOWN = "bloomchord.cluster.nodes.known";
  /** Probe rounds in which some known node became unreachable: splits seen from here. */
  static final String SPLITS = "bloomchord.cluster.splits";
  /** Probe rounds in which some unreachable node answered again. */
  static final String MERGES = "bloomchord.cluster.merges";
  /** HTTP requests answered 401 for want of the node's token (registered only with a token). */
  static final String HTTP_UNAUTHORIZED = "bloomchord.http.unauthorized";
  /** Hot keys the node's peers own now (0 without hot-key relief). */
  static final String HOT_KEYS = "bloomchord.hot.keys";
  /** The node's peers that own a hot key now. */
  static final String HOT_KEY_OWNERS = "bloomchord.hot.key.owners";

  private final Node node;
  private final PrometheusMeterRegistry registry;
  private final Set<String> types = new HashSet<>();
  private final Set<String> counters = new HashSet<>();
  /** The hot keys' owners as last read by {@link #refresh}. */
  private final AtomicReference<HotKeyOwners> hot = new AtomicReference<>(HotKeyOwners.OFF);

  NodeMetrics(Node node) {
    this.node = node;
    this.registry = node.meterRegistry();
    NodeStats s = node.stats();
    Gauge.builder("bloomchord.peers.alive", node, n -> n.peerNames().size())
        .description("peers running in this node").register(registry);
    counter("bloomchord.lookups", s, NodeStats::lookups, "lookups completed through the node");
    counter("bloomchord.lookups.failed", s, NodeStats::lookupsFailed, "lookups that found no successor");
    counter("bloomchord.lookup.hops", s, NodeStats::hops, "sum of the hops of successful lookups");
    counter("bloomchord.lookup.timeouts", s, NodeStats::timeouts, "next hops that timed out during lookups");
    counter("bloomchord.reads", s, NodeStats::reads, "gets completed");
    counter("bloomchord.writes", s, NodeStats::writes, "puts and deletes completed");
    counter("bloomchord.writes.failed", s, NodeStats::writesFailed, "puts and deletes without a quorum");
    counter("bloomchord.locates", s, NodeStats::locates, "locates completed");
    counter("bloomchord.locates.found", s, NodeStats::locatesFound, "locates that named a holder");
    node.admission().ifPresent(trust -> {
      for (Refusal r : Refusal.values()) {
        FunctionCounter.builder(ADMISSION_REFUSED, trust, t -> t.refusals().get(r)).tag("reason", r.label())
            .description("peers refused by the event bus' member certificate check, by reason (handshakes refused"
                + " and open connections closed)").register(registry);
      }
      Gauge.builder(ADMISSION_REVOKED, trust, MemberTrust::revokedCount)
          .description("certificates on the revocation list in use").register(registry);
    });
    NodeReachability reach = node.reachability();
    if (reach != null) {
      Gauge.builder(NODES_UNREACHABLE, reach, r -> r.unreachable().size())
          .description("known nodes of the ring this node cannot reach").register(registry);
      Gauge.builder(NODES_KNOWN, reach, r -> r.knownNodes().size())
          .description("other nodes of the ring this node knows of, reachable or not").register(registry);
      FunctionCounter.builder(SPLITS, reach, NodeReachability::splits)
          .description("probe rounds in which a known node became unreachable").register(registry);
      FunctionCounter.builder(MERGES, reach, NodeReachability::merges)
          .description("probe rounds in which an unreachable node answered again").register(registry);
    }
    Gauge.builder(HOT_KEYS, hot, h -> h.get().keys())
        .description("hot keys the node's peers own: keys whose owner counts at least the threshold of gets per"
            + " second (0 without hot-key relief)").register(registry);
    Gauge.builder(HOT_KEY_OWNERS, hot, h -> h.get().owners().size())
        .description("the node's peers that own a hot key").register(registry);
    for (int h = 0; h <= 16; h++) {
      int hops = h;
      FunctionCounter.builder("bloomchord.lookups.by.hops", s, x -> x.lookupsWithHops(hops))
          .tag("hops", Integer.toString(h)).description("successful lookups by their hop count")
          .register(registry);
    }
  }

  /** Registers the count of requests refused for want of the token, read from {@code refused}. */
  void countUnauthorized(java.util.concurrent.atomic.LongAdder refused) {
    FunctionCounter.builder(HTTP_UNAUTHORIZED, refused, java.util.concurrent.atomic.LongAdder::sum)
        .description("HTTP requests answered 401: without the node's token, or with another one").register(registry);
  }

  private void counter(String name, NodeStats s, ToDoubleFunction<NodeStats> f, String doc) {
    FunctionCounter.builder(name, s, f).description(doc).register(registry);
  }

  /** Reads the hot keys' owners from the peers for the gauges; completes (never fails) when done. */
  Future<Void> refresh() {
    return node.hotKeys().onSuccess(hot::set).<Void>mapEmpty().recover(t -> Future.succeededFuture());
  }

  /** The registry in the Prometheus text format, after registering newly seen message types. */
  synchronized String scrape() {
    for (Map.Entry<String, long[]> e : node.traffic().snapshot().entrySet()) {
      String type = e.getKey();
      if (types.add(type)) {
        FunctionCounter.builder("bloomchord.messages.sent", node, n -> at(n, type, 0))
            .tag("type", type).description("messages sent by the peers, by type").register(registry);
        FunctionCounter.builder("bloomchord.sent", node, n -> at(n, type, 1))
            .tag("type", type).baseUnit("bytes").description("encoded bytes sent by the peers, by message type")
            .register(registry);
      }
    }
    for (String name : node.peerCounters().keySet()) {
      if (counters.add(name)) {
        FunctionCounter.builder("bloomchord.peer.events", node, n -> n.peerCounters().getOrDefault(name, 0L))
            .tag("event", name).description("events counted by the peers (timeouts, suspicions, rejections)")
            .register(registry);
      }
    }
    return registry.scrape();
  }

  private static double at(Node n, String type, int i) {
    long[] v = n.traffic().snapshot().get(type);
    return v == null ? 0 : v[i];
  }
}
