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
 * fail at the requester only when their timeout has elapsed (the event bus' instant NO_HANDLERS is
 * held back until then).
 *
 * <p>Longer than most classes because one peer's whole life on Vert.x is here: its consumer, the
 * checks of every incoming message, requests with the held-back failure, one-way sends and timers.
 */
final class PeerVerticle extends VerticleBase implements PeerRuntime {

  /** Header with the sender's address. */
  static final String FROM_ADDRESS = "bc-from";
  /** Header with the sender's ring id, as a signed decimal long. */
  static final String FROM_ID = "bc-from-id";
  /** Failure code of a reply that rejects a malformed request. */
  static final int REJECTED = 400;
  /** Failure code of a reply to a request whose handler failed unexpectedly. */
  static final int ERROR = 500;

  private final VertxNetwork<?> network;
  private final Gateway gateway;
  private final PeerRef ref;
  private final PeerProtocol protocol;
  private final PeerHandle<?> handle;
  private final SplittableRandom random;
  private final DeliveryOptions sendOptions;
  private DeliveryOptions requestOptions;
  private long requestTimeout = -1;
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
    consumer = vertx.eventBus().localConsumer(busAddress(ref), this::receive);
    return consumer.completion().compose(v -> protocol.start(this));
  }

  @Override
  public Future<?> stop() {
    alive = false;
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
    boolean isRequest = envelope.replyAddress() != null;
    Object body = envelope.body();
    String type = typeOf(body);
    PeerRef from;
    try {
      from = sender(envelope.headers());
      if (!(body instanceof Message)) {
        throw new MalformedMessageException("not a protocol message: " + type);
      }
    } catch (MalformedMessageException e) {
      reject(envelope, type, e);
      return;
    }
    Message message = (Message) body;
    if (!isRequest) {
      try {
        protocol.onMessage(from, message);
      } catch (MalformedMessageException e) {
        reject(envelope, type, e);
      } catch (Throwable e) {
        handlerError("onMessage", e);
      }
      return;
    }
    Future<Message> reply;
    try {
      reply = protocol.onRequest(from, message);
    } catch (MalformedMessageException e) {
      reject(envelope, type, e);
      return;
    } catch (Throwable e) {
      // the peer is failed: like a crashed one it answers nothing, the request times out
      handlerError("onRequest", e);
      return;
    }
    if (reply == null) {
      envelope.fail(ERROR, "error: handler returned no future");
      return;
    }
    reply.onComplete(ar -> {
      if (!alive) {
        return;
      }
      if (ar.failed()) {
        if (ar.cause() instanceof MalformedMessageException e) {
          reject(envelope, type, e);
        } else {
          envelope.fail(ERROR, "error: " + ar.cause());
        }
      } else if (ar.result() == null) {
        envelope.fail(ERROR, "error: null reply");
      } else {
        network.count(ar.result());
        envelope.reply(ar.result());
      }
    });
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

  private void reject(io.vertx.core.eventbus.Message<Object> envelope, String type, MalformedMessageException e) {
    network.traffic().rejected(type);
    if (envelope.replyAddress() != null) {
      envelope.fail(REJECTED, e.getMessage());
    }
  }

  /** Counts what the protocol threw and fails this peer (see {@link VertxNetwork#handlerError}). */
  void handlerError(String where, Throwable e) {
    network.handlerError(where, this, e);
  }

  @Override
  public PeerRef self() {
    return ref;
  }

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
    long started = System.nanoTime();
    Future<Object> answer = remote(to)
        ? gateway.request(ref, to, message, timeoutMs).map(m -> m)
        : vertx.eventBus().request(busAddress(to), message, requestOptions(timeoutMs)).map(r -> r.body());
    answer.onComplete(ar -> {
      if (!alive) {
        return;
      }
      if (ar.succeeded()) {
        Object body = ar.result();
        if (body instanceof Message reply) {
          promise.complete(reply);
        } else {
          network.traffic().rejected(typeOf(body));
          promise.fail(new MalformedMessageException("reply is not a protocol message"));
        }
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
    return promise.future();
  }

  private DeliveryOptions requestOptions(long timeoutMs) {
    if (timeoutMs != requestTimeout) {
      requestOptions = new DeliveryOptions(sendOptions).setSendTimeout(timeoutMs);
      requestTimeout = timeoutMs;
    }
    return requestOptions;
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
