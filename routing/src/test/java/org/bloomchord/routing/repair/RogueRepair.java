package org.bloomchord.routing.repair;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;
import org.bloomchord.routing.reconcile.Difference;
import org.bloomchord.routing.reconcile.RatelessDecoder;
import org.bloomchord.routing.reconcile.RatelessEncoder;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;
import org.bloomchord.routing.reconcile.ReconcileWire;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.bloomchord.routing.repair.RepairMessages.RangeRequest;
import org.bloomchord.routing.repair.RepairMessages.RepairDone;

/** A replica that answers repair requests wrongly, in one of several ways. */
final class RogueRepair implements ChordExtension {

  /** How the rogue misbehaves (batched exchange; in the streamed one, as said in brackets). */
  enum Mode {
    /** Symbols of its digests plus extra ones, with bytes flipped on the wire (its decoded reply, flipped). */
    CORRUPT,
    /** Far more symbols than were asked for (a claim of more symbols received than were sent). */
    OVERSIZED,
    /** Honest symbols of its digests plus extra ones, then entries outside the range. */
    FOREIGN_ENTRIES
  }

  private static final WireRegistry WIRE = ReconcileWire.registry();
  private final Mode mode;
  private ChordHost peer;
  private final java.util.Map<String, RatelessEncoder> encoders = new java.util.HashMap<>();
  private final java.util.Map<String, long[]> ranges = new java.util.HashMap<>();
  private final java.util.Map<String, RatelessDecoder> decoders = new java.util.HashMap<>();
  private long size;
  private long requests;

  RogueRepair(Mode mode) {
    this.mode = mode;
  }

  long requests() {
    return requests;
  }

  @Override
  public void attach(ChordHost p) {
    this.peer = p;
    p.handleRequests(RangeRequest.class, (from, m) -> Future.succeededFuture(answer(from.address() + "/" + m.conversation(), m)));
    p.handleRequests(EntryRequest.class, (from, m) -> Future.succeededFuture(entries(from.address() + "/" + m.conversation())));
    p.handleMessages(RepairDone.class, (from, m) -> {
      encoders.remove(from.address() + "/" + m.conversation());
      ranges.remove(from.address() + "/" + m.conversation());
    });
  }

  private Message answer(String conv, RangeRequest m) {
    requests++;
    if (m.inner() instanceof PushRequest) {
      return new PushAck(0);
    }
    if (m.inner() instanceof SymbolOffer o) {
      return offer(conv, m, o);
    }
    SymbolRequest s = (SymbolRequest) m.inner();
    if (s.from() == 0) {
      ElementSet digests = RangeDigests.of(peer.store(), m.from(), m.to()).set().copy();
      for (long extra = 1; extra <= 5; extra++) {
        digests.add(0x5EED0000L + extra);
      }
      encoders.put(conv, new RatelessEncoder(digests));
      size = digests.size();
      ranges.put(conv, new long[] {m.from(), m.to()});
    }
    int count = mode == Mode.OVERSIZED ? s.count() + 1000 : s.count();
    RatelessEncoder encoder = encoders.get(conv);
    SymbolReply honest = new SymbolReply(s.from() == 0 ? size : -1, encoder.next(count));
    if (mode != Mode.CORRUPT) {
      return honest;
    }
    byte[] frame = WIRE.encode(honest);
    for (int i = frame.length - 1; i >= Math.max(4, frame.length - 12); i--) {
      frame[i] ^= (byte) 0x5A;
    }
    return WIRE.decode(frame);
  }

  /** Decodes the offer against its digests plus five planted ones, then answers as its mode says. */
  private Message offer(String conv, RangeRequest m, SymbolOffer o) {
    if (o.symbols().start() == 0) {
      ElementSet digests = RangeDigests.of(peer.store(), m.from(), m.to()).set().copy();
      for (long extra = 1; extra <= 5; extra++) {
        digests.add(0x5EED0000L + extra);
      }
      decoders.put(conv, new RatelessDecoder(digests, 1 << 20));
      size = digests.size();
      ranges.put(conv, new long[] {m.from(), m.to()});
    }
    RatelessDecoder d = decoders.get(conv);
    if (mode == Mode.OVERSIZED) {
      return OfferReply.more(o.symbols().start() + o.symbols().size() + 1000, 1, size);
    }
    if (!d.add(o.symbols())) {
      return OfferReply.more(d.received(), Math.round(d.estimateDifference(o.senderSize() - size)), size);
    }
    Difference diff = d.difference();
    OfferReply honest = OfferReply.decoded(size, diff.missingThere(), diff.missingHere(), 0);
    if (mode != Mode.CORRUPT) {
      return honest;
    }
    byte[] frame = WIRE.encode(honest);
    for (int i = frame.length - 1; i >= Math.max(4, frame.length - 12); i--) {
      frame[i] ^= (byte) 0x5A;
    }
    return WIRE.decode(frame);
  }

  /** The first key {@code foreign-i} whose id lies outside (from, to]. */
  static String foreignKey(long from, long to, ChordHost p) {
    for (int i = 0; ; i++) {
      String k = "foreign-" + i;
      if (!p.ring().inHalfOpen(p.ring().hash(k), from, to)) {
        return k;
      }
    }
  }

  private Message entries(String conv) {
    long[] range = ranges.get(conv);
    StoredEntry foreign = new StoredEntry(foreignKey(range[0], range[1], peer), new Version(1L << 40, 1), "planted");
    return new StoreTransfer(List.of(foreign));
  }
}
