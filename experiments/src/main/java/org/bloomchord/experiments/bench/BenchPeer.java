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
 * The trivial peer the runtime benchmark launches: answers {@link Ping} with {@link Pong}, and on
 * demand pings random peers one after the other. It holds nothing but its runtime and the shared
 * list of peers, so the heap it adds is the runtime's own cost per peer.
 */
public final class BenchPeer implements PeerProtocol {

  /** A ping carrying a sequence number. */
  public record Ping(long seq) implements Message {
  }

  /** The answer to a {@link Ping}. */
  public record Pong(long seq) implements Message {
  }

  private final List<PeerRef> everyone;
  private PeerRuntime runtime;

  public BenchPeer(List<PeerRef> everyone) {
    this.everyone = everyone;
  }

  /** The codecs of the two messages: one varint each after the tag. */
  public static WireRegistry registry() {
    return new WireRegistry().register(1, new SeqCodec<>(Ping.class, Ping::seq, Ping::new))
        .register(2, new SeqCodec<>(Pong.class, Pong::seq, Pong::new));
  }

  @Override
  public Future<Void> start(PeerRuntime runtime) {
    this.runtime = runtime;
    return Future.succeededFuture();
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    if (message instanceof Ping p) {
      return Future.succeededFuture(new Pong(p.seq()));
    }
    throw new MalformedMessageException("unexpected " + message.typeName());
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    throw new MalformedMessageException("unexpected " + message.typeName());
  }

  /** Sends {@code count} pings to random peers, each after the previous answer; yields the answers. */
  public Future<Integer> pingRandomPeers(int count, long timeoutMs) {
    return RandomPings.run(runtime, everyone, count, timeoutMs, Ping::new, reply -> true);
  }

  private record SeqCodec<M extends Message>(Class<M> type, java.util.function.ToLongFunction<M> seq,
      java.util.function.LongFunction<M> make) implements WireCodec<M> {

    @Override
    public void encode(M message, WireWriter out) {
      out.writeVarLong(seq.applyAsLong(message));
    }

    @Override
    public int sizeOf(M message) {
      return WireWriter.varLongSize(seq.applyAsLong(message));
    }

    @Override
    public M decode(WireReader in) {
      return make.apply(in.readVarLong());
    }
  }
}
