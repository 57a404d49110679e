package org.bloomchord.node;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.overlay.PeerRef;

/**
 * How the nodes of a ring that spans JVMs find each other, on the clustered Vert.x instance:
 *
 * <ul>
 *   <li>a cluster-wide map (Hazelcast, through Vert.x shared data) {@value #MAP}: node name to its
 *       Hazelcast member address, written once the node's peers are on the ring and removed when it
 *       closes;</li>
 *   <li>one clustered consumer per node, {@value #STATUS_PREFIX}{@code NODE}, that answers with the
 *       snapshots (successors and predecessor, no fingers or keys) of the node's running peers.</li>
 * </ul>
 *
 * A joining node reads the map, asks the other nodes for their peers and joins through an active
 * one; the ring status of any node is the union of every node's answer. A node that does not
 * answer is left out; one whose consumer is gone (a killed JVM, once Hazelcast has noticed) is
 * removed from the map.
 *
 * <p>Once serving, the directory probes every node it has seen every {@value #PROBE_PERIOD_MS} ms
 * (a {@code ping} to its status address, answered at once, timeout {@value #PROBE_TIMEOUT_MS} ms;
 * a round still waiting is not overlapped, and two silent probes in a row make a node unreachable)
 * and keeps what it learns in a {@link NodeReachability}: a node seen once stays known, and is
 * reported unreachable, until it answers again or says it left ({@value #LEFT} notice, published
 * when it withdraws). Unreachable nodes are not asked for snapshots, so a status during a split
 * does not wait for their timeouts.
 */
final class ClusterDirectory {

  /** The cluster-wide map of running nodes. */
  static final String MAP = "bloomchord.node.directory";
  /** Prefix of the address at which a node answers with its peers' snapshots. */
  static final String STATUS_PREFIX = "bloomchord.node.status.";
  /** Address at which a node that withdraws tells the others it left (a publish). */
  static final String LEFT = "bloomchord.node.left";
  /** How long a node waits for another node's answer. */
  private static final long ASK_TIMEOUT_MS = 5_000;
  /**
   * How often every known node is probed: with the timeout and two silent probes in a row, a cut
   * is reported within 8 s, two of Hazelcast's 5 s failure-detection periods less a margin.
   */
  static final long PROBE_PERIOD_MS = 1_000;
  /** How long a probe waits for its answer (the answer is a constant sent from an event loop). */
  static final long PROBE_TIMEOUT_MS = 3_000;
  private static final String PING = "ping";

  private final Vertx vertx;
  private final String nodeName;
  private final String memberAddress;
  private final NodeReachability reach;
  private MessageConsumer<String> consumer;
  private MessageConsumer<String> leftConsumer;
  private Handler<Message<String>> statusHandler;
  /** Whether this node is listed in the directory (between advertise and withdraw). */
  private volatile boolean advertised;
  private long probeTimer = -1;
  /** Whether a read of the directory's map is still under way (a split can hold it for long). */
  private final AtomicBoolean reading = new AtomicBoolean();
  /** Probes of the current round still waiting for their answer. */
  private final AtomicInteger probing = new AtomicInteger();

  ClusterDirectory(Vertx vertx, String nodeName, String memberAddress) {
    this.vertx = vertx;
    this.nodeName = nodeName;
    this.memberAddress = memberAddress;
    this.reach = new NodeReachability(nodeName);
  }

  /** What this node knows of the others' reachability. */
  NodeReachability reachability() {
    return reach;
  }

  /**
   * Starts answering other nodes with what {@code local} reads (the local peers' snapshots), and
   * a {@code ping} at once; listens for the others' leave notices and starts probing them.
   */
  Future<Void> serve(Supplier<Future<List<PeerSnapshot>>> local) {
    statusHandler = msg -> {
      if (PING.equals(msg.body())) {
        msg.reply(nodeName);
        return;
      }
      local.get().onComplete(ar -> {
        if (ar.succeeded()) {
          JsonArray out = new JsonArray();
          ar.result().forEach(s -> out.add(encode(s)));
          msg.reply(out);
        } else {
          msg.fail(500, String.valueOf(ar.cause().getMessage()));
        }
      });
    };
    consumer = vertx.eventBus().consumer(STATUS_PREFIX + nodeName, statusHandler);
    leftConsumer = vertx.eventBus().consumer(LEFT, this::onLeft);
    probeTimer = vertx.setPeriodic(PROBE_PERIOD_MS, id -> probe());
    return Future.join(consumer.completion(), leftConsumer.completion()).mapEmpty();
  }

  private void onLeft(Message<String> msg) {
    reach.left(String.valueOf(msg.body()));
  }

  /**
   * Registers the clustered consumers again after this member merged into the other half of the
   * cluster, each new one before its old one is dropped ({@code ClusterNode.onMerged} says why).
   */
  void reregister() {
    MessageConsumer<String> oldStatus = consumer;
    MessageConsumer<String> oldLeft = leftConsumer;
    if (oldStatus == null || !oldStatus.isRegistered() || probeTimer < 0) {
      return;
    }
    consumer = vertx.eventBus().consumer(STATUS_PREFIX + nodeName, statusHandler);
    leftConsumer = vertx.eventBus().consumer(LEFT, this::onLeft);
    consumer.completion().onComplete(ar -> oldStatus.unregister());
    leftConsumer.completion().onComplete(ar -> oldLeft.unregister());
    if (advertised) {
      advertise(); // the directory's entry for this node came through the same data merge
    }
  }

  /**
   * One probe round: learns the nodes the directory lists (unless the last read is still under
   * way) and pings every known node; the round ends when every ping answered or timed out.
   */
  private void probe() {
    if (reading.compareAndSet(false, true)) {
      map().compose(AsyncMap::entries)
          .timeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)
          .onSuccess(entries -> entries.forEach((n, a) -> reach.seen(n, a, System.currentTimeMillis())))
          .onComplete(ar -> reading.set(false));
    }
    if (probing.get() > 0) {
      return; // the last round's probes are still waiting: they time out before a new round starts
    }
    List<String> nodes = reach.knownNodes();
    if (nodes.isEmpty()) {
      reach.endRound(System.currentTimeMillis());
      return;
    }
    probing.set(nodes.size());
    for (String n : nodes) {
      vertx.eventBus().request(STATUS_PREFIX + n, PING, new DeliveryOptions().setSendTimeout(PROBE_TIMEOUT_MS))
          .onComplete(ar -> {
            long now = System.currentTimeMillis();
            if (ar.succeeded()) {
              reach.answered(n, now);
            } else {
              reach.silent(n, now, ar.cause() instanceof ReplyException re
                  ? re.failureType().name() : ar.cause().getClass().getSimpleName());
            }
            if (probing.decrementAndGet() == 0) {
              reach.endRound(now);
            }
          });
    }
  }

  /** Lists this node in the directory (once its peers are on the ring). */
  Future<Void> advertise() {
    advertised = true;
    return map().compose(m -> m.put(nodeName, memberAddress));
  }

  /**
   * Removes this node from the directory, tells the others it left (so that they do not report it
   * unreachable) and stops answering and probing.
   */
  Future<Void> withdraw() {
    if (probeTimer >= 0) {
      vertx.cancelTimer(probeTimer);
      probeTimer = -1;
    }
    advertised = false;
    vertx.eventBus().publish(LEFT, nodeName);
    Future<Void> removed = map().compose(m -> m.remove(nodeName)).mapEmpty();
    return removed.eventually(() -> Future.join(
        consumer == null ? Future.succeededFuture() : consumer.unregister(),
        leftConsumer == null ? Future.succeededFuture() : leftConsumer.unregister()).mapEmpty());
  }

  /** The snapshots of the peers of every other node that answers. */
  Future<List<PeerSnapshot>> remoteSnapshots() {
    // during a split Hazelcast can hold a read of the map for seconds: past the probe timeout the
    // nodes this one knows stand in for the map's entries
    return map().compose(m -> m.entries()
        .timeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .transform(read -> {
          List<String> nodes = new ArrayList<>();
          if (read.succeeded()) {
            for (Map.Entry<String, String> e : read.result().entrySet()) {
              reach.seen(e.getKey(), e.getValue(), System.currentTimeMillis());
              nodes.add(e.getKey());
            }
          } else {
            nodes.addAll(reach.knownNodes());
          }
          List<Future<List<PeerSnapshot>>> asks = new ArrayList<>();
          for (String n : nodes) {
            if (!n.equals(nodeName) && !reach.isUnreachable(n)) {
              asks.add(ask(m, n));
            }
          }
          return Future.join(asks).transform(ar -> {
            List<PeerSnapshot> out = new ArrayList<>();
            for (Future<List<PeerSnapshot>> f : asks) {
              if (f.succeeded()) {
                out.addAll(f.result());
              }
            }
            return Future.succeededFuture(out);
          });
        }));
  }

  private Future<List<PeerSnapshot>> ask(AsyncMap<String, String> m, String node) {
    return vertx.eventBus().<JsonArray>request(STATUS_PREFIX + node, "snapshots",
            new DeliveryOptions().setSendTimeout(ASK_TIMEOUT_MS))
        .map(reply -> {
          List<PeerSnapshot> out = new ArrayList<>();
          for (int i = 0; i < reply.body().size(); i++) {
            out.add(decode(reply.body().getJsonObject(i)));
          }
          return out;
        })
        .onFailure(e -> {
          if (e instanceof ReplyException r && r.failureType() == ReplyFailure.NO_HANDLERS) {
            m.remove(node); // the node is gone: its JVM was killed without withdrawing
          }
        });
  }

  private Future<AsyncMap<String, String>> map() {
    return vertx.sharedData().getAsyncMap(MAP);
  }

  static JsonObject encode(PeerSnapshot s) {
    JsonArray succ = new JsonArray();
    s.successors().forEach(r -> succ.add(ref(r)));
    return new JsonObject().put("self", ref(s.self())).put("state", s.state().name())
        .put("predecessor", s.predecessor() == null ? null : ref(s.predecessor())).put("successors", succ)
        .put("entries", s.entries()).put("rejected", s.rejected());
  }

  static PeerSnapshot decode(JsonObject j) {
    List<PeerRef> succ = new ArrayList<>();
    JsonArray a = j.getJsonArray("successors");
    for (int i = 0; i < a.size(); i++) {
      succ.add(ref(a.getJsonArray(i)));
    }
    JsonArray pred = j.getJsonArray("predecessor");
    return new PeerSnapshot(ref(j.getJsonArray("self")), PeerState.valueOf(j.getString("state")),
        pred == null ? null : ref(pred), succ, List.of(), List.of(), j.getInteger("entries"), j.getLong("rejected"));
  }

  private static JsonArray ref(PeerRef r) {
    return new JsonArray().add(r.address()).add(Long.toHexString(r.id()));
  }

  private static PeerRef ref(JsonArray a) {
    return new PeerRef(a.getString(0), Long.parseUnsignedLong(a.getString(1), 16));
  }
}
