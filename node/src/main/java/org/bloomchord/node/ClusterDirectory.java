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
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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
 * <p>Once serving, the directory probes every node it has seen once a round
 * ({@link NodeReachability#PROBE_PERIOD_MS}: a {@code ping} to its status address, answered at
 * once, timeout {@link NodeReachability#PROBE_TIMEOUT_MS}; one probe per node at a time; a failed
 * probe is followed by another as soon as it timed out; a node silent for longer than its history
 * of answers allows is unreachable, and a late answer withdraws the suspicion; {@link ProbeRounds},
 * which a test drives on a fake clock), is told by
 * {@link #memberRemoved} which Hazelcast members this side of the cluster
 * dropped, and keeps what it learns in a {@link NodeReachability}: a node seen once stays known, and
 * is reported unreachable, until it answers again or says it left ({@value #LEFT} notice, published
 * when it withdraws). Unreachable nodes are not asked for snapshots, so a status during a split
 * does not wait for their timeouts.
 *
 * <p>The rounds, the probes' deadlines and every decision run on a thread of their own
 * ({@code bloomchord-probe-NODE}), not on the event loops the peers share: with 300 peers on two
 * event loops, a probe's round and its timeout ran only after the peers' work queued before them,
 * which stretched the time to report a cut past two failure-detection periods. That thread only
 * sends pings, keeps time and decides; the event bus' connections, the answers to pings and the
 * replies stay on Vert.x' event loops (a connection the event bus opens from a thread stays on
 * that thread's event loop, and a probe must not pull peers' traffic onto its own). The price: an
 * answer that reaches this node but waits on a busy event loop past the deadline counts as silent,
 * unless it arrives within {@link NodeReachability#LATE_ANSWER_MS}, when it counts as a late answer.
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
  private static final long PROBE_PERIOD_MS = NodeReachability.PROBE_PERIOD_MS;
  private static final long PROBE_TIMEOUT_MS = NodeReachability.PROBE_TIMEOUT_MS;
  private static final String PING = "ping";
  /** How long the report of a member removal waits for the other removals of the same split. */
  private static final long REMOVALS_GATHERED_MS = 100;
  private static final Logger LOG = System.getLogger(ClusterDirectory.class.getName());

  private final Vertx vertx;
  private final String nodeName;
  private final String memberAddress;
  private final NodeReachability reach;
  private MessageConsumer<String> consumer;
  private MessageConsumer<String> leftConsumer;
  private Handler<Message<String>> statusHandler;
  /** Whether this node is listed in the directory (between advertise and withdraw). */
  private volatile boolean advertised;
  /** The probe's own thread (see the class comment): rounds, deadlines, decisions. */
  private final ScheduledExecutorService probeThread;
  /** The rounds' schedule, from serve (null before). */
  private volatile ScheduledFuture<?> rounds;
  /** Whether a read of the directory's map is still under way (a split can hold it for long). */
  private final AtomicBoolean reading = new AtomicBoolean();
  /** The probing itself, on the probe's thread. */
  private final ProbeRounds probes;

  ClusterDirectory(Vertx vertx, String nodeName, String memberAddress) {
    this.vertx = vertx;
    this.nodeName = nodeName;
    this.memberAddress = memberAddress;
    this.reach = new NodeReachability(nodeName);
    this.probeThread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "bloomchord-probe-" + nodeName);
      t.setDaemon(true);
      return t;
    });
    this.probes = new ProbeRounds(reach, System::currentTimeMillis, (task, delayMs) -> {
      ScheduledFuture<?> f = schedule(task, delayMs);
      return f == null ? null : () -> f.cancel(false);
    }, this::ping);
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
    rounds = probeThread.scheduleAtFixedRate(() -> onProbeThread(this::round), PROBE_PERIOD_MS, PROBE_PERIOD_MS,
        TimeUnit.MILLISECONDS);
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
    if (oldStatus == null || !oldStatus.isRegistered() || rounds == null || probeThread.isShutdown()) {
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
   * Hazelcast removed the member at {@code address} (HOST:PORT) from this side of the cluster: the
   * nodes it carries are unreachable from now ({@link NodeReachability#memberRemoved}), reported
   * {@value #REMOVALS_GATHERED_MS} ms later. Called on a Hazelcast thread; the work is done on the
   * probe's thread.
   */
  void memberRemoved(String address) {
    long at = System.currentTimeMillis();
    submit(() -> {
      if (!reach.memberRemoved(address, at).isEmpty()) {
        // Hazelcast removes the members of the other side of a split one event each, within
        // milliseconds: one report names them all
        schedule(() -> reach.endRound(System.currentTimeMillis()), REMOVALS_GATHERED_MS);
      }
    });
  }

  /** Runs {@code task} on the probe's thread, unless it has stopped (the node withdrew). */
  private void submit(Runnable task) {
    try {
      probeThread.execute(() -> onProbeThread(task));
    } catch (RejectedExecutionException e) {
      // withdrawn: nothing is probed or reported any more
    }
  }

  /** Runs a task of the probe's thread: a failure is logged, and the rounds go on. */
  private void onProbeThread(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "node " + nodeName + ": probe task failed: " + e, e);
    }
  }

  /** One probe round ({@link ProbeRounds#round}), learning the nodes the directory lists unless the last read is still under way. */
  private void round() {
    probes.round(() -> {
      if (reading.compareAndSet(false, true)) {
        map().compose(AsyncMap::entries)
            .timeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)
            .onSuccess(entries -> entries.forEach((n, a) -> reach.seen(n, a, System.currentTimeMillis())))
            .onComplete(ar -> reading.set(false));
      }
    });
  }

  /**
   * A {@code ping} to {@code node}'s status address, on the event loop of the thread that sends it
   * (so that the event bus' connection to that node stays on Vert.x' event loops), waiting up to
   * {@link NodeReachability#LATE_ANSWER_MS}; the outcome is handed to the probe's thread.
   */
  private void ping(String node, Consumer<String> outcome) {
    vertx.eventBus().request(STATUS_PREFIX + node, PING, new DeliveryOptions().setSendTimeout(NodeReachability.LATE_ANSWER_MS))
        .onComplete(ar -> submit(() -> outcome.accept(ar.succeeded() ? null : ar.cause() instanceof ReplyException re
            ? re.failureType().name() : ar.cause().getClass().getSimpleName())));
  }

  /** Runs {@code task} on the probe's thread in {@code delayMs}; null once it has stopped. */
  private ScheduledFuture<?> schedule(Runnable task, long delayMs) {
    try {
      return probeThread.schedule(() -> onProbeThread(task), delayMs, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      return null; // withdrawn
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
    probeThread.shutdownNow();
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
