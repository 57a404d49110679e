package org.bloomchord.node;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 */
final class ClusterDirectory {

  /** The cluster-wide map of running nodes. */
  static final String MAP = "bloomchord.node.directory";
  /** Prefix of the address at which a node answers with its peers' snapshots. */
  static final String STATUS_PREFIX = "bloomchord.node.status.";
  /** How long a node waits for another node's answer. */
  private static final long ASK_TIMEOUT_MS = 5_000;

  private final Vertx vertx;
  private final String nodeName;
  private final String memberAddress;
  private MessageConsumer<String> consumer;

  ClusterDirectory(Vertx vertx, String nodeName, String memberAddress) {
    this.vertx = vertx;
    this.nodeName = nodeName;
    this.memberAddress = memberAddress;
  }

  /** Starts answering other nodes with what {@code local} reads (the local peers' snapshots). */
  Future<Void> serve(Supplier<Future<List<PeerSnapshot>>> local) {
    consumer = vertx.eventBus().consumer(STATUS_PREFIX + nodeName, msg -> local.get().onComplete(ar -> {
      if (ar.succeeded()) {
        JsonArray out = new JsonArray();
        ar.result().forEach(s -> out.add(encode(s)));
        msg.reply(out);
      } else {
        msg.fail(500, String.valueOf(ar.cause().getMessage()));
      }
    }));
    return consumer.completion();
  }

  /** Lists this node in the directory (once its peers are on the ring). */
  Future<Void> advertise() {
    return map().compose(m -> m.put(nodeName, memberAddress));
  }

  /** Removes this node from the directory and stops answering. */
  Future<Void> withdraw() {
    Future<Void> removed = map().compose(m -> m.remove(nodeName)).mapEmpty();
    return removed.eventually(() -> consumer == null ? Future.succeededFuture() : consumer.unregister());
  }

  /** The snapshots of the peers of every other node that answers. */
  Future<List<PeerSnapshot>> remoteSnapshots() {
    return map().compose(m -> m.entries().compose(entries -> {
      List<Future<List<PeerSnapshot>>> asks = new ArrayList<>();
      for (Map.Entry<String, String> e : entries.entrySet()) {
        if (!e.getKey().equals(nodeName)) {
          asks.add(ask(m, e.getKey()));
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
