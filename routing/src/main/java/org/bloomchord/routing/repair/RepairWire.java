package org.bloomchord.routing.repair;

import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.reconcile.ReconcileMessages;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;
import org.bloomchord.routing.reconcile.ReconcileWire;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.bloomchord.routing.repair.RepairMessages.RangeRequest;
import org.bloomchord.routing.repair.RepairMessages.RepairDone;

/**
 * Wire codecs of replica repair, tags {@value #FIRST_TAG}..{@value #LAST_TAG} (after the
 * reconciliation codecs in the range 96..127). A {@link RangeRequest} carries the conversation id
 * and the range ids as varint and fixed longs, then the inner request as a whole
 * {@link ReconcileWire} frame; decoders refuse ids outside the ring, inner messages that are not
 * reconciliation requests, and digest lists longer than {@code maxEntriesPerTransfer} (the reply
 * must fit one store transfer). Entries travel in Chord's own {@code StoreTransfer}.
 */
public final class RepairWire {

  /** First tag used. */
  public static final int FIRST_TAG = 108;
  /** Last tag used. */
  public static final int LAST_TAG = 110;

  /** The reconciliation requests a {@link RangeRequest} may carry. */
  static final Set<Class<? extends Message>> INNER_REQUESTS = Set.of(SketchRequest.class, FilterRequest.class,
      SetRequest.class, StrataRequest.class, IbltRequest.class, SymbolRequest.class, PushRequest.class,
      SymbolOffer.class);

  private static final WireRegistry INNER = ReconcileWire.registry();

  private RepairWire() {
  }

  /**
   * Registers the reconciliation codecs (when absent) and the repair codecs into {@code registry},
   * with bounds from {@code config}, and returns it.
   */
  public static WireRegistry register(WireRegistry registry, ChordConfig config) {
    if (!registry.knows(SymbolRequest.class)) {
      ReconcileWire.register(registry);
    }
    IdRing ring = new IdRing(config.idBits());
    int maxDigests = config.maxEntriesPerTransfer();
    registry.register(108, WireCodec.of(RangeRequest.class, (m, out) -> {
      out.writeVarLong(m.conversation()).writeLong(m.from()).writeLong(m.to());
      INNER.encode(m.inner(), out);
    }, in -> {
      long conv = readConversation(in);
      long from = RingCodec.readId(in, ring);
      long to = RingCodec.readId(in, ring);
      Message inner = INNER.decode(in);
      checkInner(inner);
      return new RangeRequest(conv, from, to, inner);
    }));
    registry.register(109, WireCodec.of(EntryRequest.class, (m, out) -> {
      out.writeVarLong(m.conversation()).writeVarInt(m.digests().length);
      for (long d : m.digests()) {
        out.writeLong(d);
      }
    }, in -> {
      long conv = readConversation(in);
      int n = in.readVarInt(maxDigests);
      if (in.remaining() < 8L * n) {
        throw new MalformedMessageException("truncated digest list of " + n);
      }
      long[] d = new long[n];
      for (int i = 0; i < n; i++) {
        d[i] = in.readLong();
      }
      return new EntryRequest(conv, d);
    }));
    registry.register(110, WireCodec.of(RepairDone.class, (m, out) -> out.writeVarLong(m.conversation()),
        in -> new RepairDone(readConversation(in))));
    return registry;
  }

  /** @throws MalformedMessageException unless {@code inner} is a reconciliation request */
  static void checkInner(Message inner) {
    if (!INNER_REQUESTS.contains(inner.getClass())) {
      throw new MalformedMessageException("a range request cannot carry " + inner.typeName());
    }
  }

  private static long readConversation(WireReader in) {
    long c = in.readVarLong();
    if (c < 1 || c > ReconcileMessages.MAX_SESSION) {
      throw new MalformedMessageException("conversation id out of range: " + c);
    }
    return c;
  }

}
