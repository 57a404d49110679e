package org.bloomchord.chord.cluster;

import io.vertx.core.Future;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.Links;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * Test extension: lets the driver make a peer send arbitrary messages, well-formed or not, and
 * records what the links-changed hook reports.
 */
final class RogueExtension implements ChordExtension {

  /** A message type no Chord peer expects (registered under an extension tag). */
  record Bogus(int n) implements Message {
  }

  /** The codec of {@link Bogus}. */
  static final WireCodec<Bogus> BOGUS_CODEC = new WireCodec<>() {
    @Override
    public Class<Bogus> type() {
      return Bogus.class;
    }

    @Override
    public void encode(Bogus m, WireWriter out) {
      out.writeVarInt(m.n());
    }

    @Override
    public Bogus decode(WireReader in) {
      return new Bogus(in.readVarInt(1000));
    }
  };

  private ChordHost peer;
  private volatile Links lastLinks;

  @Override
  public void attach(ChordHost p) {
    this.peer = p;
  }

  @Override
  public void linksChanged(Links links) {
    lastLinks = links;
  }

  /** The links the last change hook reported, or null. */
  Links lastLinks() {
    return lastLinks;
  }

  /** Sends a one-way message (on the peer's thread). */
  Future<Void> send(PeerRef to, Message m) {
    peer.runtime().send(to, m);
    return Future.succeededFuture();
  }

  /** Sends a request and reports how it ended: "ok" or the failure's class name. */
  Future<String> request(PeerRef to, Message m) {
    return peer.runtime().request(to, m, 2000).transform(ar ->
        Future.succeededFuture(ar.succeeded() ? "ok" : ar.cause().getClass().getSimpleName()));
  }
}
