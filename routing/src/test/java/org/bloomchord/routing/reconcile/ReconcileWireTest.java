package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.reconcile.ReconcileMessages.ElementsReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;
import org.junit.jupiter.api.Test;

class ReconcileWireTest {

  private final WireRegistry registry = ReconcileWire.registry();
  private final ElementSet set = ElementSet.random(new ElementShape(10), 50, new SplittableRandom(1));

  private List<Message> samples() {
    return List.of(
        new SketchRequest(10, 50, MethodPlanner.sketch(set, 16)),
        new SketchReply(50, MethodPlanner.sketch(set, 16)),
        new FilterRequest(10, true, 0.01, BloomSummary.of(set, 0.01).filter()),
        new SetRequest(true, set),
        new ElementsReply(set, BloomSummary.of(set, 0.05).filter()),
        new ElementsReply(set, null),
        new StrataRequest(10, StrataEstimator.of(set, 4, 8)),
        new IbltRequest(10, 30),
        new IbltReply(7, Iblt.of(new IbltShape(30, 3, set.shape()), set)),
        new SymbolRequest(99, 10, 0, 5),
        new SymbolReply(50, new RatelessEncoder(set).next(5)),
        new PushRequest(99, set),
        new PushAck(3),
        ReconcileMessages.SymbolOffer.first(9, 50, true, false, new RatelessEncoder(set).next(5),
            IndexCounts.of(set, 5, 20)),
        ReconcileMessages.SymbolOffer.next(9, nextRun()),
        ReconcileMessages.OfferReply.more(25, 40, 50),
        ReconcileMessages.OfferReply.more(5, 40, 50, IndexCounts.of(set, 5, 20)),
        ReconcileMessages.OfferReply.decoded(50, set, null, 0),
        ReconcileMessages.OfferReply.decoded(50, set, set, 50),
        ReconcileMessages.OfferReply.ended(),
        ReconcileMessages.OfferReply.failed());
  }

  private CodedSymbols nextRun() {
    RatelessEncoder e = new RatelessEncoder(set);
    e.next(5);
    return e.next(4);
  }

  @Test
  void anOfferWhoseCountsExceedTheSendersSetIsMalformed() {
    long[] counts = IndexCounts.of(set, 5, 3);
    counts[1] = 51;
    byte[] frame = registry.encode(ReconcileMessages.SymbolOffer.first(9, 50, true, false,
        new RatelessEncoder(set).next(5), counts));
    assertThrows(MalformedMessageException.class, () -> registry.decode(frame));
  }

  @Test
  void aReplyWhoseCountsExceedTheRespondersSetIsMalformed() {
    long[] counts = IndexCounts.of(set, 5, 3);
    counts[2] = 51;
    byte[] frame = registry.encode(ReconcileMessages.OfferReply.more(5, 40, 50, counts));
    assertThrows(MalformedMessageException.class, () -> registry.decode(frame));
    WireWriter tooMany = new WireWriter().writeVarInt(125).writeByte(0).writeVarLong(5).writeVarLong(40)
        .writeVarLong(50).writeVarInt(IndexCounts.MAX + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(tooMany.toByteArray()));
  }

  @Test
  void everyMessageDecodesToTheSameFrameAndUsesTheReservedTags() {
    for (Message m : samples()) {
      byte[] frame = registry.encode(m);
      assertArrayEquals(frame, registry.encode(registry.decode(frame)), m.typeName());
      int tag = frame[0] & 0xFF;
      assertEquals(true, tag >= ReconcileWire.FIRST_TAG && tag <= ReconcileWire.LAST_TAG, m.typeName() + " tag " + tag);
      assertEquals(frame.length, ReconcileWire.frameBytes(m));
    }
  }

  @Test
  void truncatedAndPaddedFramesAreMalformed() {
    for (Message m : samples()) {
      byte[] frame = registry.encode(m);
      for (int cut : new int[] {1, frame.length / 2, frame.length - 1}) {
        byte[] shortFrame = java.util.Arrays.copyOf(frame, cut);
        assertThrows(MalformedMessageException.class, () -> registry.decode(shortFrame), m.typeName() + " cut " + cut);
      }
      byte[] longer = java.util.Arrays.copyOf(frame, frame.length + 1);
      assertThrows(MalformedMessageException.class, () -> registry.decode(longer), m.typeName());
    }
  }

  @Test
  void oversizedOrOutOfRangeFieldsAreMalformed() {
    // a symbol run longer than the bound
    WireWriter w = new WireWriter().writeVarInt(105).writeVarInt(8).writeVarLong(1).writeVarInt(CodedSymbols.MAX_RUN + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(w.toByteArray()));
    // an element size beyond the bound, and one below it
    WireWriter big = new WireWriter().writeVarInt(106).writeVarLong(0).writeVarInt(ElementShape.MAX_BYTES + 1).writeVarInt(0);
    assertThrows(MalformedMessageException.class, () -> registry.decode(big.toByteArray()));
    WireWriter small = new WireWriter().writeVarInt(106).writeVarLong(0).writeVarInt(4).writeVarInt(0);
    assertThrows(MalformedMessageException.class, () -> registry.decode(small.toByteArray()));
    // a list claiming more elements than the frame holds, and one beyond the bound
    WireWriter claim = new WireWriter().writeVarInt(106).writeVarLong(0).writeVarInt(8).writeVarInt(1000).writeLong(1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(claim.toByteArray()));
    WireWriter many = new WireWriter().writeVarInt(106).writeVarLong(0).writeVarInt(8).writeVarInt(ReconcileWire.MAX_ELEMENTS + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(many.toByteArray()));
    // an IBLT whose cells are not a multiple of k, and a false-positive rate of 1
    WireWriter iblt = new WireWriter().writeVarInt(103).writeVarLong(0).writeVarInt(10).writeVarInt(3).writeVarInt(8);
    assertThrows(MalformedMessageException.class, () -> registry.decode(iblt.toByteArray()));
    WireWriter rate = new WireWriter().writeVarInt(98).writeVarInt(8).writeBoolean(false)
        .writeLong(Double.doubleToLongBits(1.0));
    assertThrows(MalformedMessageException.class, () -> registry.decode(rate.toByteArray()));
  }

  @Test
  void aShortFrameCannotClaimALargeFilterOrEstimator() {
    // m = 2^29 bits (64 MiB) announced in a frame of a few bytes: refused before allocation
    WireWriter filter = new WireWriter().writeVarInt(98).writeVarInt(8).writeBoolean(false)
        .writeLong(Double.doubleToLongBits(0.01)).writeVarLong(1L << 29).writeByte(3).writeLong(0);
    assertThrows(MalformedMessageException.class, () -> registry.decode(filter.toByteArray()));
    WireWriter strata = new WireWriter().writeVarInt(101).writeVarInt(8).writeVarInt(64).writeVarInt(4096);
    assertThrows(MalformedMessageException.class, () -> registry.decode(strata.toByteArray()));
  }

  @Test
  void aDuplicateElementInAListIsMalformed() {
    WireWriter w = new WireWriter().writeVarInt(106).writeVarLong(0).writeVarInt(8).writeVarInt(2).writeLong(5).writeLong(5);
    assertThrows(MalformedMessageException.class, () -> registry.decode(w.toByteArray()));
  }
}
