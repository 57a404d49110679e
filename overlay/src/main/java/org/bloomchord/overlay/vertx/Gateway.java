package org.bloomchord.overlay.vertx;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.MessageProducer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * A node's one clustered event-bus address. Peers keep local-only consumers; a message to a peer
 * of another node travels as a {@link GatewayFrame} to that node's gateway, which delivers it
 * locally with the sender named by the frame and relays the reply or the failure back.
 *
 * <p>Why one address per JVM: every clustered registration is a Hazelcast multimap write that
 * every member hears about, so per-peer clustered consumers would make churn cost O(members) per
 * peer; the gateway's registration is made once, when the node starts.
 *
 * <p>Untrusted input: a frame from another JVM is decoded inside the handler's try block, so a
 * malformed frame is rejected (error reply, counted as a rejected {@value #FRAME_TYPE}) and never
 * reaches a peer; a frame above the node's bound is refused before it is parsed. A frame must be
 * addressed to a peer of this node and may not claim a sender of this node.
 *
 * <p>Flow control: the frames to each other node pass through a {@link FrameWindow} of their own,
 * so a burst waits at this gateway instead of filling the event-bus connection that also carries
 * the pings and the node's probes.
 *
 * <p>Pace: what arrives from each other node, and which of its peers it reported gone, tells a
 * peer that is merely behind from one that failed ({@link #behind}, {@link NodePace}).
 */
final class Gateway {

  /** The type name rejected frames are counted under in {@link Traffic#rejectedSnapshot()}. */
  static final String FRAME_TYPE = "GatewayFrame";
  /** Failure code of a reply saying the addressed peer is not on this node. */
  static final int NO_PEER = 404;
  /** How often frames whose deadline passed while they waited in a window are dropped. */
  private static final long SWEEP_MS = 100;

  private final ClusterNode node;
  private final WireRegistry registry;
  private final Traffic traffic;
  private final CrossTraffic cross;
  private final int maxFrameBytes;
  private MessageConsumer<Buffer> consumer;
  private final Map<String, FrameWindow> windows = new ConcurrentHashMap<>();
  private final Map<String, MessageProducer<Buffer>> producers = new ConcurrentHashMap<>();
  private final NodePace pace = new NodePace();
  private long sweeper = -1;

  Gateway(ClusterNode node, WireRegistry registry, Traffic traffic, CrossTraffic cross) {
    this.node = node;
    this.registry = registry;
    this.traffic = traffic;
    this.cross = cross;
    this.maxFrameBytes = node.options().maxFrameBytes();
  }

  /** The clustered address of the gateway of {@code node}. */
  static String address(String node) {
    return "bloomchord.gateway/" + node;
  }

  ClusterNode node() {
    return node;
  }

  /** Registers the clustered consumer; completes once the registration reached the cluster. */
  Future<Void> start() {
    consumer = node.vertx().eventBus().consumer(address(node.name()), this::receive);
    Context context = node.vertx().getOrCreateContext();
    node.onMerged(() -> context.runOnContext(v -> reregister()));
    sweeper = node.vertx().setPeriodic(SWEEP_MS, id -> windows.values().forEach(FrameWindow::sweep));
    return consumer.completion();
  }

  /**
   * Registers the clustered consumer again, the new one first so that no message finds none, then
   * drops the old one (see {@link ClusterNode#onMerged}).
   */
  private void reregister() {
    MessageConsumer<Buffer> old = consumer;
    if (old == null || !old.isRegistered()) {
      return;
    }
    consumer = node.vertx().eventBus().consumer(address(node.name()), this::receive);
    consumer.completion().onComplete(ar -> old.unregister());
  }

  /**
   * Sends a one-way message to a peer of another node; called on the sending peer's context. It
   * waits in the node's {@link FrameWindow} when that is full and is dropped, as a network would
   * drop it, when it waited {@link FrameWindow#SEND_TTL_MS}.
   */
  void send(PeerRef from, PeerRef to, Message message) {
    Buffer frame = outgoing(GatewayFrame.send(to.address(), from, message));
    if (frame == null) {
      return;
    }
    MessageProducer<Buffer> producer = producer(to.node());
    FrameWindow window = window(to.node());
    window.submit(new FrameWindow.Frame() {
      @Override
      public void start(long remainingMs, Runnable done) {
        // released when written, or at the window's sweep after the TTL if the write never ends
        // (a cut's interceptor drops it)
        Runnable written = window.releaseByDeadline(done, FrameWindow.SEND_TTL_MS);
        producer.write(frame).onComplete(ar -> written.run());
      }

      @Override
      public void drop() {
      }
    }, FrameWindow.SEND_TTL_MS, Vertx.currentContext());
  }

  /**
   * Sends a request to a peer of another node. The future fails as a local request would: with a
   * {@link ReplyException} of type NO_HANDLERS when the peer or its node is gone, TIMEOUT (also when
   * the request waited its whole timeout in the node's {@link FrameWindow}), or RECIPIENT_FAILURE
   * with the receiver's code; with {@link MalformedMessageException} when the reply does not decode
   * or the request exceeds the frame bound.
   */
  Future<Message> request(PeerRef from, PeerRef to, Message message, long timeoutMs) {
    Buffer frame = outgoing(GatewayFrame.request(to.address(), from, timeoutMs, message));
    if (frame == null) {
      return Future.failedFuture(new MalformedMessageException("request to " + to + " exceeds the frame bound"));
    }
    Promise<Message> out = Promise.promise();
    window(to.node()).submit(new FrameWindow.Frame() {
      @Override
      public void start(long remainingMs, Runnable done) {
        node.vertx().eventBus().<Buffer>request(address(to.node()), frame, new DeliveryOptions().setSendTimeout(remainingMs))
            .onComplete(ar -> {
              done.run();
              answered(ar, out, to);
            });
      }

      @Override
      public void drop() {
        out.tryFail(new ReplyException(ReplyFailure.TIMEOUT, "request to " + to + " waited " + timeoutMs
            + " ms for room among the frames in flight to node " + to.node()));
      }
    }, timeoutMs, Vertx.currentContext());
    return out.future();
  }

  /**
   * Whether a silence of {@code to} says nothing about it yet: its node is heard from and has not
   * reported it gone ({@link NodePace}).
   */
  boolean behind(PeerRef to) {
    return pace.slowNotGone(to.node(), to.address());
  }

  /** Whether {@code to}'s node reported it gone and it has not answered since ({@link NodePace}). */
  boolean gone(PeerRef to) {
    return pace.reportedGone(to.address());
  }

  private void answered(AsyncResult<io.vertx.core.eventbus.Message<Buffer>> ar, Promise<Message> out, PeerRef to) {
    if (ar.succeeded()) {
      pace.answered(to.node(), to.address());
      try {
        GatewayFrame reply = GatewayFrame.decode(ar.result().body(), registry, maxFrameBytes);
        if (reply.kind() != GatewayFrame.REPLY) {
          throw new MalformedMessageException("gateway answered with a frame of kind " + reply.kind());
        }
        out.tryComplete(reply.message());
      } catch (RuntimeException e) {
        traffic.rejected(FRAME_TYPE);
        out.tryFail(e instanceof MalformedMessageException m ? m : new MalformedMessageException(e.toString()));
      }
    } else if (ar.cause() instanceof ReplyException re && re.failureType() == ReplyFailure.RECIPIENT_FAILURE) {
      if (re.failureCode() == NO_PEER) {
        pace.gone(to.node(), to.address());
        out.tryFail(new ReplyException(ReplyFailure.NO_HANDLERS, re.getMessage()));
      } else {
        // the peer is there and refused the request
        pace.answered(to.node(), to.address());
        out.tryFail(re);
      }
    } else {
      out.tryFail(ar.cause());
    }
  }

  private FrameWindow window(String remoteNode) {
    return windows.computeIfAbsent(remoteNode, n -> new FrameWindow(FrameWindow.MAX_IN_FLIGHT,
        FrameWindow.MAX_QUEUED, System::currentTimeMillis, cross.flow()));
  }

  private MessageProducer<Buffer> producer(String remoteNode) {
    return producers.computeIfAbsent(remoteNode, n -> node.vertx().eventBus().sender(address(n)));
  }

  /** Encodes and counts an outgoing frame; null (counted as rejected) when it exceeds the bound. */
  private Buffer outgoing(GatewayFrame frame) {
    int[] payload = new int[1];
    Buffer b = frame.encode(registry, payload);
    if (b.length() > maxFrameBytes) {
      traffic.rejected(frame.message().typeName());
      return null;
    }
    cross.sent(b.length(), payload[0]);
    return b;
  }

  private void receive(io.vertx.core.eventbus.Message<Buffer> envelope) {
    GatewayFrame frame;
    try {
      frame = GatewayFrame.decode(envelope.body(), registry, maxFrameBytes);
      if (frame.kind() == GatewayFrame.REPLY) {
        throw new MalformedMessageException("a reply frame sent as a message");
      }
      if (!node.name().equals(new PeerRef(frame.to(), 0).node())) {
        throw new MalformedMessageException("frame for " + frame.to() + " reached node " + node.name());
      }
      if (node.name().equals(frame.from().node())) {
        throw new MalformedMessageException("a remote frame claims a sender of this node: " + frame.from());
      }
    } catch (RuntimeException e) {
      traffic.rejected(FRAME_TYPE);
      if (envelope.replyAddress() != null) {
        envelope.fail(PeerVerticle.REJECTED, "rejected: " + e.getMessage());
      }
      return;
    }
    pace.heard(frame.from().node());
    DeliveryOptions local = PeerVerticle.senderOptions(frame.from());
    EventBus bus = node.vertx().eventBus();
    String target = PeerVerticle.busAddress(frame.to());
    if (frame.kind() == GatewayFrame.SEND) {
      bus.send(target, frame.message(), local);
      return;
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(frame.timeoutMs());
    local.addHeader(PeerVerticle.DEADLINE, Long.toString(deadline));
    bus.request(target, frame.message(), local.setSendTimeout(frame.timeoutMs())).onComplete(ar -> {
      if (ar.succeeded()) {
        if (ar.result().body() instanceof Message reply) {
          Buffer out = outgoing(GatewayFrame.reply(reply));
          if (out == null) {
            envelope.fail(PeerVerticle.ERROR, "reply exceeds the frame bound");
          } else {
            envelope.reply(out);
          }
        } else {
          envelope.fail(PeerVerticle.ERROR, "reply is not a protocol message");
        }
        return;
      }
      if (ar.cause() instanceof ReplyException re) {
        switch (re.failureType()) {
          case NO_HANDLERS -> envelope.fail(NO_PEER, "no peer " + frame.to() + " on node " + node.name());
          case RECIPIENT_FAILURE -> envelope.fail(re.failureCode(), re.getMessage());
          // the requester's own timeout, the same length, reports it
          default -> { }
        }
      }
    });
  }

  /** Unregisters the clustered consumer. */
  Future<Void> stop() {
    if (sweeper != -1) {
      node.vertx().cancelTimer(sweeper);
    }
    return consumer == null ? Future.succeededFuture() : consumer.unregister();
  }
}
