package org.bloomchord.experiments.bench;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The peer of workload W, the simulator's speed reference against PeerSim: every {@link Hop}
 * delivered makes the peer send one new hop, its counter plus one, to a uniformly random peer.
 * {@link #kick} starts K hops at once. Deliveries and the sum of hop counters go to a {@link Tally}
 * shared by all peers of one run (the simulator runs every peer on one thread).
 */
public final class RelayPeer implements PeerProtocol {

  /** The relayed message: how many hops it has made. */
  public record Hop(long count) implements Message {
  }

  /** Deliveries of one run, and the sum of the delivered hop counters (a checksum of the payloads). */
  public static final class Tally {
    long delivered;
    long hopSum;

    /** Hops delivered so far. */
    public long delivered() {
      return delivered;
    }

    /** Sum of the counters of the hops delivered so far. */
    public long hopSum() {
      return hopSum;
    }
  }

  /** Wire tag of {@link Hop}. */
  static final int HOP_TAG = 1;

  private final List<PeerRef> everyone;
  private final Tally tally;
  private PeerRuntime runtime;

  /** A peer relaying to {@code everyone} (shared by all peers) and counting into {@code tally}. */
  public RelayPeer(List<PeerRef> everyone, Tally tally) {
    this.everyone = everyone;
    this.tally = tally;
  }

  /** The codec of {@link Hop}: the tag and the counter as a varint. */
  public static WireRegistry registry() {
    return new WireRegistry().register(HOP_TAG, new HopCodec());
  }

  @Override
  public Future<Void> start(PeerRuntime runtime) {
    this.runtime = runtime;
    return Future.succeededFuture();
  }

  /** Sends {@code k} fresh hops (counter 0) to random peers. */
  public void kick(int k) {
    for (int i = 0; i < k; i++) {
      sendRandom(0);
    }
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    if (!(message instanceof Hop hop)) {
      throw new MalformedMessageException("unexpected " + message.typeName());
    }
    tally.delivered++;
    tally.hopSum += hop.count();
    sendRandom(hop.count() + 1);
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    throw new MalformedMessageException("relay peers answer no requests, got " + message.typeName());
  }

  private void sendRandom(long count) {
    runtime.send(everyone.get(runtime.random().nextInt(everyone.size())), new Hop(count));
  }

  private static final class HopCodec implements WireCodec<Hop> {

    @Override
    public Class<Hop> type() {
      return Hop.class;
    }

    @Override
    public void encode(Hop message, WireWriter out) {
      out.writeVarLong(message.count());
    }

    @Override
    public int sizeOf(Hop message) {
      return WireWriter.varLongSize(message.count());
    }

    @Override
    public Hop decode(WireReader in) {
      long count = in.readVarLong();
      if (count < 0) {
        throw new MalformedMessageException("negative hop count " + count);
      }
      return new Hop(count);
    }
  }
}
