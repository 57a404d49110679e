package org.bloomchord.overlay.sim;

import io.vertx.core.Future;
import java.util.random.RandomGenerator;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Jitter;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsSink;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.ReplyListener;
import org.bloomchord.overlay.Seeds;

/**
 * One simulated peer: its identity, protocol, seeded generator and position, and the runtime its
 * protocol sees. Kept small (a few dozen bytes besides the protocol) so a million fit in memory.
 *
 * <p>The peer is its own random generator: {@link java.util.SplittableRandom}'s algorithm with the
 * state in a field of this object, so a draw reads no other object (at a million peers, one cache
 * miss less per message) and the peer costs one object less. The numbers are exactly those a
 * {@code new SplittableRandom(seed)} would give, bounded draws included (Java 17's SplittableRandom
 * derives them from {@code nextInt()} and {@code nextLong()} with {@link RandomGenerator}'s
 * defaults, as this class does).
 *
 * <p>Invariants: the generator's seed depends only on the network seed and this peer's address;
 * once {@link #alive} is false the peer sends nothing, receives nothing, and none of its timers or
 * pending replies run its code again.
 */
final class SimPeer implements PeerRuntime, LatencyModel.Position, RandomGenerator {

  /** SplittableRandom's increment of the state per draw (its golden gamma). */
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private static final long POSITION_X = 0x243F6A8885A308D3L;
  private static final long POSITION_Y = 0x13198A2E03707344L;
  private static final long POSITION_ACCESS = 0xA4093822299F31D0L;

  final SimTransport transport;
  final PeerRef ref;
  /** The ref's id and address, kept here so finding a peer by ref reads this object only. */
  final long id;
  final String address;
  final PeerProtocol protocol;
  final PeerHandle<?> handle;
  private long state;
  private final float x;
  private final float y;
  private final float access;
  boolean alive = true;
  /** This peer's group in the partition in force; all peers are in group 0 when there is none. */
  int group;

  <P extends PeerProtocol> SimPeer(SimTransport transport, PeerRef ref, P protocol, long networkSeed) {
    this.transport = transport;
    this.ref = ref;
    this.id = ref.id();
    this.address = ref.address();
    this.protocol = protocol;
    this.handle = new PeerHandle<>(ref, protocol);
    long peerSeed = Seeds.peer(networkSeed, ref.address());
    this.state = peerSeed;
    this.x = (Seeds.mix(peerSeed ^ POSITION_X) >>> 40) * 0x1.0p-24f;
    this.y = (Seeds.mix(peerSeed ^ POSITION_Y) >>> 40) * 0x1.0p-24f;
    this.access = (Seeds.mix(peerSeed ^ POSITION_ACCESS) >>> 40) * 0x1.0p-24f;
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
    return transport.request(this, to, message, timeoutMs);
  }

  @Override
  public void request(PeerRef to, Message message, long softMs, long timeoutMs, ReplyListener listener) {
    if (timeoutMs <= 0 || softMs <= 0) {
      throw new IllegalArgumentException("timeouts must be > 0 ms: " + softMs + ", " + timeoutMs);
    }
    transport.request(this, to, message, softMs, timeoutMs, listener);
  }

  @Override
  public void send(PeerRef to, Message message) {
    transport.send(this, to, message);
  }

  @Override
  public Cancellable after(long delayMs, Runnable task) {
    if (delayMs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ms: " + delayMs);
    }
    SimTimer t = new SimTimer(this, task, 0, 0);
    transport.loop.schedule(t, delayMs);
    return t;
  }

  @Override
  public Cancellable every(long periodMs, double jitter, Runnable task) {
    Jitter.check(periodMs, jitter);
    SimTimer t = new SimTimer(this, task, periodMs, jitter);
    transport.loop.schedule(t, interval(periodMs, jitter));
    return t;
  }

  /** One jittered interval drawn with this peer's generator. */
  long interval(long periodMs, double jitter) {
    return Jitter.interval(periodMs, jitter, this);
  }

  @Override
  public long now() {
    return transport.loop.now();
  }

  @Override
  public RandomGenerator random() {
    return this;
  }

  @Override
  public long nextLong() {
    long z = state += GOLDEN_GAMMA;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public int nextInt() {
    long z = state += GOLDEN_GAMMA;
    z = (z ^ (z >>> 33)) * 0x62A9D9ED799705F5L;
    return (int) (((z ^ (z >>> 28)) * 0xCB24D0A5C88C35B3L) >>> 32);
  }

  @Override
  public MetricsSink metrics() {
    return transport.metrics;
  }

  @Override
  public int sizeOf(Message message) {
    return transport.sizeOf(message);
  }

  @Override
  public float x() {
    return x;
  }

  @Override
  public float y() {
    return y;
  }

  @Override
  public float access() {
    return access;
  }
}
