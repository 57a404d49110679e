package org.bloomchord.overlay.vertx;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Jitter;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsSink;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.RemoteRejectedException;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.Seeds;

/**
 * One peer as a verticle: its event-bus consumer, its context (the peer's thread) and the runtime
 * its protocol sees. Deploying it starts the peer; undeploying it is a crash (after the protocol's
 * leave, a graceful departure).
 *
 * <pre>
 *   deployed --start()--> alive --undeploy--> gone (stop() ran, consumer unregistered)
 * </pre>
 *
 * <p>Invariants: every protocol callback runs on this verticle's context; once not alive, the peer
 * sends nothing, its timers and pending replies never call the protocol again, and requests to it
 * fail at the requester only when their timeout has elapsed (a local request to it is dropped by
 * the event bus; the instant NO_HANDLERS of one through the gateway is held back until then).
 *
 * <p>Longer than most classes because one peer's whole life on Vert.x is here: its consumer, the
 * checks of every incoming message, requests with the held-back failure, one-way sends and timers.
 */
final class PeerVerticle extends VerticleBase implements PeerRuntime {

  /** Header with the sender's address. */
  static final String FROM_ADDRESS = "bc-from";
  /** Header with the sender's ring id, as a signed decimal long. */
  static final String FROM_ID = "bc-from-id";
  /**
   * Header of a request the gateway delivers: the {@link System#nanoTime()} of this JVM at which
   * its remote requester stops waiting.
   */
  static final String DEADLINE = "bc-deadline";
  /** Failure code of a reply that rejects a malformed request. */
  static final int REJECTED = 400;
  /** Failure code of a reply to a request whose handler failed unexpectedly. */
  static final int ERROR = 500;
  /** The exchange number of a message that is not a local request. */
  private static final long NO_EXCHANGE = 0;

  /** A local request awaiting its answer. */
  private record Pending(PeerRef to, long timeoutMs, Promise<Message> promise, Cancellable timer) {
  }

  private final VertxNetwork<?> network;
  private final Gateway gateway;
  private final PeerRef ref;
  private final PeerProtocol protocol;
  private final PeerHandle<?> handle;
  private final SplittableRandom random;
  private final DeliveryOptions sendOptions;
  /** This peer's requests to peers of this JVM awaiting their answer, by number; touched only on the peer's thread. */
  private final HashMap<Long, Pending> pending = new HashMap<>();
  private long lastExchange;
  /** The event-loop thread of this peer's context, set at start. */
  private Thread thread;
  private MessageConsumer<Object> consumer;
  private volatile boolean alive = true;

  /** A peer of {@code network}; {@code gateway} is its node's gateway, null when not clustered. */
  <P extends PeerProtocol> PeerVerticle(VertxNetwork<?> network, Gateway gateway, PeerRef ref, P protocol,
      long networkSeed) {
    this.network = network;
    this.gateway = gateway;
    this.ref = ref;
    this.protocol = protocol;
    this.handle = new PeerHandle<>(ref, protocol);
    this.random = new SplittableRandom(Seeds.peer(networkSeed, ref.address()));
    this.sendOptions = senderOptions(ref);
  }

  /** Local-only delivery naming {@code from} as the sender, as {@link #receive} reads it. */
  static DeliveryOptions senderOptions(PeerRef from) {
    return new DeliveryOptions().setLocalOnly(true)
        .addHeader(FROM_ADDRESS, from.address()).addHeader(FROM_ID, Long.toString(from.id()));
  }

  /** The event-bus address of the peer {@code ref}. */
  static String busAddress(PeerRef ref) {
    return busAddress(ref.address());
  }

  /** The event-bus address of the peer with address {@code address}. */
  static String busAddress(String address) {
    return "bloomchord.peer/" + address;
  }

  /** Whether a message to {@code to} leaves this JVM's node through the gateway. */
  private boolean remote(PeerRef to) {
    return gateway != null && !to.node().equals(ref.node());
  }

  PeerHandle<?> handle() {
    return handle;
  }

  PeerProtocol protocol() {
    return protocol;
  }

  Context context() {
    return context;
  }

  /**
   * The deployment's id, or null while Vert.x has not yet initialised the verticle: a peer
   * crashed by churn before its deployment got under way (on a loaded machine) is then only
   * marked gone, never undeployed through a context it does not have yet.
   */
  @Override
  public String deploymentID() {
    return context == null ? null : context.deploymentID();
  }

  /** The Vert.x instance the peer is deployed on (its node's, on a clustered network). */
  Vertx owner() {
    return vertx;
  }

  /**
   * Runs {@code task} on this peer's thread: at once when called there, else as a task of the
   * peer's context. A Vert.x timer set inside {@code task} ({@link Vertx#setTimer}) belongs to the
   * current context, so it fires on the peer's thread and is cancelled with the peer's deployment.
   * Event-bus handlers run on a duplicate of the peer's context, which has the same deployment.
   */
  void onOwnThread(Runnable task) {
    Context current = Vertx.currentContext();
    String deployment = deploymentID();
    if (current != null && deployment != null && deployment.equals(current.deploymentID())) {
      task.run();
    } else {
      context.runOnContext(v -> task.run());
    }
  }

  boolean alive() {
    return alive;
  }

  /** Marks the peer gone before it is undeployed, so nothing of it runs any more. */
  void kill() {
    alive = false;
  }

  @Override
  public Future<?> start() {
    thread = Thread.currentThread();
    consumer = vertx.eventBus().localConsumer(busAddress(ref), this::receive);
    return consumer.completion().compose(v -> protocol.start(this));
  }

  @Override
  public Future<?> stop() {
    alive = false;
    pending.clear();
    try {
      protocol.stop();
    } catch (Throwable e) {
      handlerError("stop", e);
    }
    return consumer.unregister();
  }

  private void receive(io.vertx.core.eventbus.Message<Object> envelope) {
    if (!alive) {
      return;
    }
    Object body = envelope.body();
    long exchange = NO_EXCHANGE;
    if (body instanceof LocalExchange x) {
      if (x.answer()) {
        answered(envelope.headers(), x);
        return;
      }
      exchange = x.id();
      body = x.body();
      if (expired(network.timers().nowNanos() - x.deadlineNanos())) {
        return;
      }
    } else if (envelope.replyAddress() != null) {
      // set by this node's gateway only: peers' consumers are local, so no other JVM writes it
      String deadline = envelope.headers().get(DEADLINE);
      if (deadline != null && expired(System.nanoTime() - Long.parseLong(deadline))) {
        return;
      }
    }
    boolean isRequest = exchange != NO_EXCHANGE || envelope.replyAddress() != null;
    String type = typeOf(body);
    PeerRef from = null;
    try {
      from = sender(envelope.headers());
      if (!(body instanceof Message)) {
        throw new MalformedMessageException("not a protocol message: " + type);
      }
    } catch (MalformedMessageException e) {
      reject(envelope, from, exchange, type, e);
      return;
    }
    Message message = (Message) body;
    if (!isRequest) {
      try {
        protocol.onMessage(from, message);
      } catch (MalformedMessageException e) {
        reject(envelope, from, exchange, type, e);
      } catch (Throwable e) {
        handlerError("onMessage", e);
      }
      return;
    }
    Future<Message> reply;
    try {
      reply = protocol.onRequest(from, message);
    } catch (MalformedMessageException e) {
      reject(envelope, from, exchange, type, e);
      return;
    } catch (Throwable e) {
      // the peer is failed: like a crashed one it answers nothing, the request times out
      handlerError("onRequest", e);
      return;
    }
    PeerRef requester = from;
    long id = exchange;
    if (reply == null) {
      fail(envelope, requester, id, ERROR, "error: handler returned no future");
      return;
    }
    reply.onComplete(ar -> {
      if (!alive) {
        return;
      }
      if (ar.failed()) {
        if (ar.cause() instanceof MalformedMessageException e) {
          reject(envelope, requester, id, type, e);
        } else {
          fail(envelope, requester, id, ERROR, "error: " + ar.cause());
        }
      } else if (ar.result() == null) {
        fail(envelope, requester, id, ERROR, "error: null reply");
      } else {
        network.count(ar.result());
        if (id != NO_EXCHANGE) {
          answer(requester, LocalExchange.reply(id, ar.result()));
        } else {
          envelope.reply(ar.result());
        }
      }
    });
  }

  /**
   * Whether a request reached this peer's handler only after its requester stopped waiting (its
   * deadline passed while it sat behind this event loop's backlog): it is dropped unread and
   * counted ({@link VertxCounter#EXPIRED_UNREAD}), since its answer would be dropped as late and
   * the requester has already gone around this peer: a loop that falls behind spends nothing on
   * answers nobody reads.
   */
  private boolean expired(long pastDeadlineNanos) {
    if (pastDeadlineNanos <= 0) {
      return false;
    }
    network.metrics().increment(VertxCounter.EXPIRED_UNREAD, 1);
    return true;
  }

  /**
   * An answer to one of this peer's local requests: completes it, unless it timed out already (a
   * late answer is dropped, as the event bus drops a reply after its timeout) or the answer comes
   * from a peer other than the one asked (rejected and counted; the request still waits).
   */
  private void answered(MultiMap headers, LocalExchange x) {
    PeerRef from;
    try {
      from = sender(headers);
    } catch (MalformedMessageException e) {
      rejectAnswer(x);
      return;
    }
    Pending p = pending.remove(x.id());
    if (p == null) {
      return;
    }
    if (!p.to().equals(from)) {
      pending.put(x.id(), p);
      rejectAnswer(x);
      return;
    }
    p.timer().cancel();
    if (x.failure() != null) {
      p.promise().fail(new RemoteRejectedException(p.to(), x.failure()));
    } else {
      p.promise().complete(x.body());
    }
  }

  /** Counts an answer refused (its type named only then: naming it costs a reflective call). */
  private void rejectAnswer(LocalExchange x) {
    network.traffic().rejected(x.body() == null ? "failed answer" : typeOf(x.body()));
  }

  /**
   * The type a message is counted under: its protocol type, else the class of the body, never the
   * body's text (which the sender chooses, so counting by it would let a peer grow the table).
   */
  static String typeOf(Object body) {
    if (body instanceof Message m) {
      return m.typeName();
    }
    return body == null ? "null" : "non-protocol " + body.getClass().getName();
  }

  private static PeerRef sender(MultiMap headers) {
    String address = headers.get(FROM_ADDRESS);
    String id = headers.get(FROM_ID);
    if (address == null || address.isEmpty() || id == null) {
      throw new MalformedMessageException("sender headers missing");
    }
    try {
      return new PeerRef(address, Long.parseLong(id));
    } catch (NumberFormatException e) {
      throw new MalformedMessageException("sender id is not a long: " + id);
    }
  }

  private void reject(io.vertx.core.eventbus.Message<Object> envelope, PeerRef from, long exchange, String type,
      MalformedMessageException e) {
    network.traffic().rejected(type);
    fail(envelope, from, exchange, REJECTED, e.getMessage());
  }

  /** Fails a request: a local one by a failed answer to its sender, one of the event bus' by its own failure. */
  private void fail(io.vertx.core.eventbus.Message<Object> envelope, PeerRef from, long exchange, int code,
      String reason) {
    if (exchange != NO_EXCHANGE) {
      if (from != null) {
        answer(from, LocalExchange.failed(exchange, reason));
      }
    } else if (envelope.replyAddress() != null) {
      envelope.fail(code, reason);
    }
  }

  /** Sends the answer to a local request back to its requester, one way. */
  private void answer(PeerRef requester, LocalExchange answer) {
    vertx.eventBus().send(busAddress(requester), answer, sendOptions);
  }

  /** Counts what the protocol threw and fails this peer (see {@link VertxNetwork#handlerError}). */
  void handlerError(String where, Throwable e) {
    network.handlerError(where, this, e);
  }

  @Override
  public PeerRef self() {
    return ref;
  }

  /**
   * Sends a request. To a peer of this JVM it goes one way as a {@link LocalExchange}, pending in
   * this peer's table until the answer or the timeout (a request to a peer that is gone is dropped
   * by the event bus and times out, as a crashed peer's would); to a peer of another node it goes
   * through the gateway.
   */
  @Override
  public Future<Message> request(PeerRef to, Message message, long timeoutMs) {
    if (timeoutMs <= 0) {
      throw new IllegalArgumentException("timeout must be > 0 ms: " + timeoutMs);
    }
    Promise<Message> promise = Promise.promise();
    if (!alive) {
      return promise.future();
    }
    network.count(message);
    if (remote(to)) {
      requestRemote(to, message, timeoutMs, promise);
    } else if (Thread.currentThread() == thread) {
      requestLocal(to, message, timeoutMs, promise);
    } else {
      context.runOnContext(v -> {
        if (alive) {
          requestLocal(to, message, timeoutMs, promise);
        }
      });
    }
    return promise.future();
  }

  /** On this peer's thread: files the request as pending, sets its timeout and sends it. */
  private void requestLocal(PeerRef to, Message message, long timeoutMs, Promise<Message> promise) {
    long id = ++lastExchange;
    VertxTimer timeout = timer(timeoutMs, () -> expire(id));
    pending.put(id, new Pending(to, timeoutMs, promise, timeout));
    // the deadline is when the timeout is due, on the wheel's clock: a stall of the JVM moves both
    vertx.eventBus().send(busAddress(to), LocalExchange.request(id, message, timeout.dueNanos), sendOptions);
  }

  private void expire(long id) {
    Pending p = pending.remove(id);
    if (p != null) {
      p.promise().fail(new RequestTimeoutException(p.to(), p.timeoutMs()));
    }
  }

  private void requestRemote(PeerRef to, Message message, long timeoutMs, Promise<Message> promise) {
    long started = System.nanoTime();
    gateway.request(ref, to, message, timeoutMs).onComplete(ar -> {
      if (!alive) {
        return;
      }
      if (ar.succeeded()) {
        promise.complete(ar.result());
        return;
      }
      Throwable cause = ar.cause();
      if (!(cause instanceof ReplyException re)) {
        promise.fail(cause);
        return;
      }
      switch (re.failureType()) {
        case NO_HANDLERS -> {
          long leftNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs) - (System.nanoTime() - started);
          long leftMs = (leftNs + 999_999) / 1_000_000;
          if (leftMs <= 0) {
            promise.fail(new RequestTimeoutException(to, timeoutMs));
          } else {
            onOwnThread(() -> vertx.setTimer(leftMs, id -> {
              if (alive) {
                promise.fail(new RequestTimeoutException(to, timeoutMs));
              }
            }));
          }
        }
        case TIMEOUT -> promise.fail(new RequestTimeoutException(to, timeoutMs));
        case RECIPIENT_FAILURE -> promise.fail(new RemoteRejectedException(to, re.getMessage()));
        default -> promise.fail(re);
      }
    });
  }

  @Override
  public boolean behind(PeerRef to) {
    return remote(to) && gateway.behind(to);
  }

  @Override
  public boolean gone(PeerRef to) {
    return remote(to) && gateway.gone(to);
  }

  @Override
  public void send(PeerRef to, Message message) {
    if (!alive) {
      return;
    }
    network.count(message);
    if (remote(to)) {
      gateway.send(ref, to, message);
    } else {
      vertx.eventBus().send(busAddress(to), message, sendOptions);
    }
  }

  @Override
  public Cancellable after(long delayMs, Runnable task) {
    if (delayMs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ms: " + delayMs);
    }
    return timer(delayMs, task);
  }

  /** A one-shot timer of this peer, set to fire {@code delayMs} from now. */
  private VertxTimer timer(long delayMs, Runnable task) {
    VertxTimer t = new VertxTimer(this, network.timers(), task, 0, 0);
    t.schedule(delayMs);
    return t;
  }

  @Override
  public Cancellable every(long periodMs, double jitter, Runnable task) {
    Jitter.check(periodMs, jitter);
    VertxTimer t = new VertxTimer(this, network.timers(), task, periodMs, jitter);
    t.schedule(Jitter.interval(periodMs, jitter, random));
    return t;
  }

  @Override
  public long now() {
    return network.now();
  }

  @Override
  public RandomGenerator random() {
    return random;
  }

  @Override
  public MetricsSink metrics() {
    return network.metrics();
  }

  @Override
  public int sizeOf(Message message) {
    return network.sizeOf(message);
  }
}
