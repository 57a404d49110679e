package org.bloomchord.overlay.sim;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsRecorder;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RemoteRejectedException;
import org.bloomchord.overlay.ReplyListener;
import org.bloomchord.overlay.Seeds;
import org.bloomchord.overlay.SimControls;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * Carries messages between simulated peers: encodes each one with the {@link WireRegistry} (its
 * frame length is what {@link Traffic} counts), drops it with the loss probability, delays it by
 * the latency model and, at delivery, decodes it again (unless round trips are off) and hands it
 * to the receiver's protocol. Every message travels as its frame in the event queue's arrays
 * ({@link EventLoop#scheduleFrame}), with no object of its own: a one-way message from its
 * sender's ref to the receiving peer, a request from its {@link PendingRequest} to the receiving
 * peer, a reply from its pending request to {@link #REPLY}. Only what the queue's window cannot
 * hold (a delay over 65 s), a rejection, and every message when round trips are off travel as
 * events ({@link Delivery}, {@link ReplyDelivery}).
 *
 * <p>Per message the transport does no hash-map lookup: the destination comes from the
 * {@link PeerDirectory} (by id, address compared), the codec from the registry's per-class
 * binding, the traffic counter from an array indexed by the binding, and frames are written into
 * one reusable buffer before being copied out at their exact length.
 *
 * <p>Invariants: a message is counted once, when sent, lost or not; a peer that is not alive when
 * a message arrives receives nothing, and a request to it simply times out; rejected messages
 * (undecodable, or refused by the handler with {@link MalformedMessageException}) are counted in
 * {@link Traffic#rejected} and answered with a rejection the requester sees as
 * {@link RemoteRejectedException}; all random draws come from one generator seeded by the network
 * seed, in event order, so runs repeat exactly; during a blackout every message sent is lost.
 *
 * <p>Why one class, longer than most: it is one message's whole path, send, encode, count, lose,
 * delay, decode, deliver, answer or reject, and the invariants above are about that path from end
 * to end (one count per message, one random stream in event order). The parts that stand alone are
 * classes of their own: the clock and queue ({@link EventLoop}, {@link EventQueue}), the addresses
 * ({@link PeerDirectory}), the delays ({@link LatencyModel}), the pending requests
 * ({@link PendingRequest}).
 */
final class SimTransport {

  private static final Logger LOG = System.getLogger(SimTransport.class.getName());
  private static final long NETWORK_STREAM = 0x452821E638D01377L;
  /** The receiver a reply's frame names: the requester is its pending request's. */
  private static final Object REPLY = new Object() {
    @Override
    public String toString() {
      return "reply";
    }
  };

  final EventLoop loop;
  final MetricsRecorder metrics;
  final PeerDirectory peers = new PeerDirectory();
  private final WireRegistry registry;
  private final Traffic traffic;
  private final WireWriter writer = new WireWriter(256);
  /** Reads every frame delivered, one after the other (a frame is decoded whole before it is handed over). */
  private final WireReader reader = new WireReader(new byte[0]);
  private Traffic.Counter[] counters = new Traffic.Counter[0];
  private final LatencyModel latency;
  private final double loss;
  private final boolean roundTrip;
  private final SplittableRandom random;
  private long errorsLogged;
  private Consumer<SimPeer> onPeerFailed = p -> p.alive = false;
  private long blackoutUntil = Long.MIN_VALUE;
  /** The partition in force, or null. */
  private Partition partition;
  private long partitionLost;
  /** The message being handed to its receiver and its frame's length, for {@link #sizeOf}. */
  private Message delivered;
  private int deliveredLength = -1;

  SimTransport(NetworkOptions options, WireRegistry registry, Traffic traffic) {
    this.loop = new EventLoop((event, e) -> handlerError("event", event == null ? null : event.owner(), e),
        this::deliverFrame);
    this.metrics = new MetricsRecorder(loop::now, options.maxRecordedEvents());
    this.registry = registry;
    this.traffic = traffic;
    this.latency = options.sim().latency();
    this.loss = options.sim().lossProbability();
    this.roundTrip = options.sim().wireRoundTrip();
    this.random = new SplittableRandom(Seeds.mix(options.seed() ^ NETWORK_STREAM));
  }

  /** The latency model of this network. */
  LatencyModel latency() {
    return latency;
  }

  void send(SimPeer from, PeerRef to, Message message) {
    if (!from.alive) {
      return;
    }
    WireWriter frame = frameOf(message);
    SimPeer target = peers.get(to);
    if (target != null && !split(from, target) && !lost()) {
      long delay = latency.delayMs(from, target, random);
      // a frame beyond the queue's window (a delay over 65 s) travels as an event
      if (frame == null || !loop.scheduleFrame(from.ref, target, frame.array(), frame.size(), delay)) {
        loop.schedule(new Delivery(from, target, payloadOf(message, frame), null), delay);
      }
    }
  }

  Future<Message> request(SimPeer from, PeerRef to, Message message, long timeoutMs) {
    Promise<Message> promise = Promise.promise();
    request(from, to, message, new PendingRequest(from, to, loop.now(), timeoutMs, promise, false), timeoutMs);
    return promise.future();
  }

  /**
   * Sends a request whose listener hears of the soft deadline first (when {@code softMs <
   * timeoutMs}): its pending request waits in the queue at the soft deadline, then at the timeout.
   */
  void request(SimPeer from, PeerRef to, Message message, long softMs, long timeoutMs, ReplyListener listener) {
    boolean soft = softMs < timeoutMs;
    request(from, to, message, new PendingRequest(from, to, loop.now(), timeoutMs, listener, soft),
        soft ? softMs : timeoutMs);
  }

  private void request(SimPeer from, PeerRef to, Message message, PendingRequest pending, long firstWaitMs) {
    if (!from.alive) {
      return;
    }
    WireWriter frame = frameOf(message);
    loop.schedule(pending, firstWaitMs);
    SimPeer target = peers.get(to);
    if (target != null && !split(from, target) && !lost()) {
      long delay = latency.delayMs(from, target, random);
      if (frame == null || !loop.scheduleFrame(pending, target, frame.array(), frame.size(), delay)) {
        loop.schedule(new Delivery(from, target, payloadOf(message, frame), pending), delay);
      }
    }
  }

  /** Encodes {@code message} into the transport's buffer, valid until the next encoding, and counts it. */
  private WireWriter encodeFrame(Message message) {
    WireRegistry.Binding binding = registry.binding(message);
    WireWriter w = writer.reset();
    binding.encode(message, w);
    counter(binding, message).add(w.size());
    return w;
  }

  /**
   * Counts {@code message} and returns its frame, in the transport's buffer as
   * {@link #encodeFrame} leaves it; with round trips off it is not encoded (unless its codec cannot
   * tell its size) and null is returned: the message travels as the object itself.
   */
  private WireWriter frameOf(Message message) {
    if (roundTrip) {
      return encodeFrame(message);
    }
    WireRegistry.Binding binding = registry.binding(message);
    int size = binding.sizeOf(message);
    if (size < 0) {
      binding.encode(message, writer.reset());
      size = writer.size();
    }
    counter(binding, message).add(size);
    return null;
  }

  /** What a message travelling as an event carries: a copy of its frame, or itself without one. */
  private static Object payloadOf(Message message, WireWriter frame) {
    return frame == null ? message : frame.toByteArray();
  }

  /** Decodes a frame; one that fails to decode is counted as rejected, under its tag's type, and the failure thrown. */
  private Message decodeFrame(byte[] bytes, int offset, int length) {
    try {
      return registry.decodeWhole(reader.reset(bytes, offset, length));
    } catch (MalformedMessageException e) {
      WireRegistry.Binding b = registry.bindingOfFrame(bytes, offset, length);
      traffic.rejected(b != null ? b.typeName() : "unknown");
      throw e;
    }
  }

  private Traffic.Counter counter(WireRegistry.Binding binding, Message message) {
    int i = binding.index();
    if (i >= counters.length) {
      counters = Arrays.copyOf(counters, Math.max(i + 1, registry.size()));
    }
    Traffic.Counter c = counters[i];
    if (c == null) {
      c = traffic.counter(binding.typeName(message));
      counters[i] = c;
    }
    return c;
  }

  /**
   * The traffic type name of a payload (a decoded message, or the frame it came in), for counting
   * a rejection: a message that came as a frame by its frame's binding, as its frame would name it.
   */
  private String typeOf(Object payload) {
    if (payload instanceof Message m && roundTrip) {
      return registry.binding(m).typeName();
    }
    if (payload instanceof Message m) {
      return m.typeName();
    }
    WireRegistry.Binding b = payload instanceof byte[] frame ? registry.bindingOfFrame(frame) : null;
    return b != null ? b.typeName() : "unknown";
  }

  private Message decode(Object payload) {
    return payload instanceof byte[] frame ? registry.decode(frame) : (Message) payload;
  }

  private boolean lost() {
    return loop.now() < blackoutUntil || (loss > 0 && random.nextDouble() < loss);
  }

  /**
   * Whether a message from {@code from} to {@code to} crosses the partition in force, counting it
   * as lost when it does. Checked before {@link #lost()}, so a run without partitions draws the
   * same random numbers as before partitions existed. Without a partition neither peer is read:
   * the receiver's memory is reached only when the message arrives.
   */
  private boolean split(SimPeer from, SimPeer to) {
    if (partition == null || from.group == to.group || !partition.cuts(from.group, to.group)) {
      return false;
    }
    partitionLost++;
    metrics.increment(SimControls.PARTITION_LOST, 1);
    return true;
  }

  /** Splits the running peers into groups (see {@link SimControls#partition}). */
  void partition(Partition p) {
    partition = p;
    for (SimPeer peer : peers.inOrder()) {
      peer.group = p.groupOf(peer.address);
    }
  }

  void place(PeerRef ref, int group) {
    if (partition == null) {
      throw new IllegalStateException("no partition is in force");
    }
    partition.place(ref.address(), group);
    SimPeer running = peers.get(ref);
    if (running != null) {
      running.group = group;
    }
  }

  void heal() {
    partition = null;
    for (SimPeer peer : peers.inOrder()) {
      peer.group = 0;
    }
  }

  boolean partitioned() {
    return partition != null;
  }

  /** The group a peer launched now at {@code address} starts in. */
  int groupForNew(String address) {
    return partition == null ? 0 : partition.groupOf(address);
  }

  long partitionLost() {
    return partitionLost;
  }

  /** Drops every message sent from now until {@code ms} later (a fault injected by tests). */
  void blackout(long ms) {
    blackoutUntil = loop.now() + ms;
  }

  void deliver(Delivery d) {
    SimPeer to = d.to;
    if (!to.alive) {
      return;
    }
    Message message;
    try {
      message = decode(d.payload);
    } catch (MalformedMessageException e) {
      reject(d, e);
      return;
    }
    int length = d.payload instanceof byte[] frame ? frame.length : -1;
    if (d.pending == null) {
      if (!handOver(d.sender, to, message, length)) {
        traffic.rejected(typeOf(d.payload));
      }
      return;
    }
    handleRequest(d.pending, to, message, length);
  }

  /**
   * Delivers a message that travelled as a frame, by what the frame names: a reply (to
   * {@link #REPLY}) to its pending request's requester, as {@link #deliverReply} does; a request
   * (from its pending request) and a one-way message (from its sender's ref) to the receiving
   * peer, as {@link #deliver} does. The frame is decoded before anything else runs, as its bytes
   * are only valid until the next message is scheduled. A one-way frame carries its sender's ref,
   * not the sender's peer, so that its delivery reads only the receiver's memory.
   */
  private void deliverFrame(Object from, Object to, byte[] bytes, int offset, int length) {
    if (to == REPLY) {
      deliverReplyFrame((PendingRequest) from, bytes, offset, length);
      return;
    }
    SimPeer peer = (SimPeer) to;
    if (!peer.alive) {
      return;
    }
    try {
      Message message;
      try {
        message = decodeFrame(bytes, offset, length);
      } catch (MalformedMessageException e) {
        if (from instanceof PendingRequest pending) {
          answerFailure(pending, peer, e.getMessage());
        }
        return;
      }
      if (from instanceof PendingRequest pending) {
        handleRequest(pending, peer, message, length);
      } else if (!handOver((PeerRef) from, peer, message, length)) {
        traffic.rejected(registry.binding(message).typeName());
      }
    } catch (Throwable e) {
      handlerError("event", peer, e);
    }
  }

  /**
   * Delivers a reply that travelled as a frame, as {@link #deliverReply} does; what the requester's
   * code throws on it fails the requester, as it would from a {@link ReplyDelivery}.
   */
  private void deliverReplyFrame(PendingRequest p, byte[] bytes, int offset, int length) {
    if (p.expired(loop.now()) || !p.requester.alive) {
      return;
    }
    try {
      Message message;
      try {
        message = decodeFrame(bytes, offset, length);
      } catch (MalformedMessageException e) {
        p.settle();
        p.fail(e);
        return;
      }
      p.settle();
      p.succeed(message);
    } catch (Throwable e) {
      handlerError("event", p.requester, e);
    }
  }

  /**
   * Hands a decoded one-way message to its receiver's protocol, {@link #sizeOf} meanwhile answering
   * its frame's {@code length} for it (-1: it came without one). Returns false when the protocol
   * refused it as malformed; anything else it throws fails the receiver.
   */
  private boolean handOver(PeerRef from, SimPeer to, Message message, int length) {
    delivered = message;
    deliveredLength = length;
    try {
      to.protocol.onMessage(from, message);
      return true;
    } catch (MalformedMessageException e) {
      return false;
    } catch (Throwable e) {
      handlerError("onMessage", to, e);
      return true;
    } finally {
      delivered = null;
      deliveredLength = -1;
    }
  }

  /**
   * Hands a decoded request to its receiver's protocol, {@link #sizeOf} meanwhile answering its
   * frame's {@code length} for it (-1: it came without one), and answers it when its reply is
   * ready.
   */
  private void handleRequest(PendingRequest pending, SimPeer to, Message message, int length) {
    Future<Message> reply;
    delivered = message;
    deliveredLength = length;
    try {
      reply = to.protocol.onRequest(pending.from, message);
    } catch (MalformedMessageException e) {
      traffic.rejected(typeOf(message));
      answerFailure(pending, to, e.getMessage());
      return;
    } catch (Throwable e) {
      // the peer is failed: like a crashed one it answers nothing, the request times out
      handlerError("onRequest", to, e);
      return;
    } finally {
      delivered = null;
      deliveredLength = -1;
    }
    if (reply == null) {
      answerFailure(pending, to, "error: handler returned no future");
    } else if (reply.isComplete()) {
      answer(pending, to, message, reply);
    } else {
      reply.onComplete(ar -> answer(pending, to, message, reply));
    }
  }

  private void answer(PendingRequest pending, SimPeer to, Message request, Future<Message> reply) {
    if (!to.alive) {
      return;
    }
    if (reply.failed()) {
      Throwable cause = reply.cause();
      if (cause instanceof MalformedMessageException m) {
        traffic.rejected(typeOf(request));
        answerFailure(pending, to, m.getMessage());
      } else {
        answerFailure(pending, to, "error: " + cause);
      }
      return;
    }
    Message message = reply.result();
    if (message == null) {
      answerFailure(pending, to, "error: null reply");
      return;
    }
    WireWriter frame = frameOf(message);
    SimPeer requester = pending.requester;
    if (!split(to, requester) && !lost()) {
      long delay = latency.delayMs(to, requester, random);
      if (frame == null || !loop.scheduleFrame(pending, REPLY, frame.array(), frame.size(), delay)) {
        loop.schedule(new ReplyDelivery(pending, payloadOf(message, frame), null), delay);
      }
    }
  }

  private void reject(Delivery d, MalformedMessageException e) {
    traffic.rejected(typeOf(d.payload));
    if (d.pending != null) {
      answerFailure(d.pending, d.to, e.getMessage());
    }
  }

  private void answerFailure(PendingRequest pending, SimPeer to, String reason) {
    SimPeer requester = pending.requester;
    if (!split(to, requester) && !lost()) {
      loop.schedule(new ReplyDelivery(pending, null, reason), latency.delayMs(to, requester, random));
    }
  }

  void deliverReply(ReplyDelivery r) {
    PendingRequest p = r.pending;
    if (p.expired(loop.now()) || !p.requester.alive) {
      return;
    }
    if (r.rejection != null) {
      p.settle();
      p.fail(new RemoteRejectedException(p.to, r.rejection));
      return;
    }
    Message message;
    try {
      message = decode(r.payload);
    } catch (MalformedMessageException e) {
      traffic.rejected(typeOf(r.payload));
      p.settle();
      p.fail(e);
      return;
    }
    p.settle();
    p.succeed(message);
  }

  /**
   * Counts what a protocol threw and fails its peer: the peer is removed as by a crash (its state
   * may be half-updated), counted under {@link Network#FAILED_PEERS}, and
   * the run goes on. The first few are logged with their cause.
   */
  void handlerError(String where, SimPeer peer, Throwable e) {
    metrics.increment(Network.HANDLER_ERRORS, 1);
    boolean fail = peer != null && peer.alive;
    if (errorsLogged++ < 10) {
      LOG.log(Level.WARNING, "unexpected " + e + " in " + where + (peer == null ? "" : " of " + peer.ref)
          + " at t=" + loop.now() + " ms" + (fail ? "; the peer is failed, the run goes on" : ""), e);
    }
    if (fail) {
      metrics.increment(Network.FAILED_PEERS, 1);
      onPeerFailed.accept(peer);
    }
  }

  /** Sets what removes a failed peer (the network's crash). */
  void onPeerFailed(Consumer<SimPeer> remover) {
    this.onPeerFailed = remover;
  }

  /**
   * A message (one-way, or a request when {@code pending} is set) on its way to a peer, when it
   * cannot travel as a frame (round trips off, or a delay beyond the queue's window). The sender's
   * ref travels beside its peer, so that handing the message over reads only the receiver's memory.
   */
  static final class Delivery extends SimEvent {

    final SimPeer from;
    final PeerRef sender;
    final SimPeer to;
    final Object payload;
    final PendingRequest pending;

    Delivery(SimPeer from, SimPeer to, Object payload, PendingRequest pending) {
      this.from = from;
      this.sender = from.ref;
      this.to = to;
      this.payload = payload;
      this.pending = pending;
    }

    @Override
    void fire() {
      to.transport.deliver(this);
    }

    @Override
    SimPeer owner() {
      return to;
    }
  }

  /**
   * A reply that cannot travel as a frame (round trips off, or a delay beyond the queue's window),
   * or a rejection when {@code rejection} is set, on its way back to the requester.
   */
  static final class ReplyDelivery extends SimEvent {

    final PendingRequest pending;
    final Object payload;
    final String rejection;

    ReplyDelivery(PendingRequest pending, Object payload, String rejection) {
      this.pending = pending;
      this.payload = payload;
      this.rejection = rejection;
    }

    @Override
    void fire() {
      pending.requester.transport.deliverReply(this);
    }

    @Override
    SimPeer owner() {
      return pending.requester;
    }
  }

  /**
   * The encoded size of {@code message}, 0 for a type the registry does not know. The message being
   * delivered is measured by the frame it came in, not encoded again.
   */
  int sizeOf(Message message) {
    if (message == delivered && deliveredLength >= 0) {
      return deliveredLength;
    }
    return registry.knows(message.getClass()) ? registry.sizeOf(message) : 0;
  }
}
