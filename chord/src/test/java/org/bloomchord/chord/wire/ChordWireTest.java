package org.bloomchord.chord.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor.FinalStep;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.JoinAccepted;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.PullRange;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

class ChordWireTest {

  private final ChordConfig config = ChordConfig.defaults().withIdBits(16);
  private final WireRegistry registry = ChordWire.registry(config);
  private final MessageBounds bounds = new MessageBounds(config);
  private final IdRing ring = new IdRing(16);
  private final PeerRef a = new PeerRef("peer-a", ring.hash("peer-a"));
  private final PeerRef b = new PeerRef("peer-b", ring.hash("peer-b"));

  private List<Message> samples() {
    StoredEntry live = new StoredEntry("key", new Version(7, 0x1234), "value");
    StoredEntry dead = new StoredEntry("gone", new Version(8, 0xFFFF), null);
    return List.of(new Ack(), new Ping(), new FindSuccessor(-5, 0xABCD, a, 3, 1, Optional.empty()), new FindSuccessor(-6, 0xABCD, a, 3, 1, Optional.of(new FinalStep(2, 0x1234))),
        new LookupDone(9, b, List.of(b, a), 4, 0, 5), new LookupDone(9, null, List.of(), 2, 2, 2),
        new NextHopQuery(17, List.of(1L, 2L), false, 0), new NextHopQuery(17, List.of(), true, 0x77), new NextHop(true, false, a, List.of(a)), new NextHop(false, true, b, List.of()), new NextHop(false, false, null, List.of()), new JoinNotify(true), new JoinNotify(false), new JoinedBefore(false), new JoinedBefore(true), new PullRange(0x1234),
        new GetNeighbors(), new GetNeighbors(b, 0), new GetNeighbors(null, -7L), new Neighbors(null, List.of(a, b)), new Neighbors(a, List.of()), new Neighbors(a, List.of(), true), new Notify(), new Notify(a),
        new JoinAccepted(null, false, List.of(a)), new JoinAccepted(a, false, List.of(b)), new JoinAccepted(b, true, List.of(a, b)),
        new SuccessorLeaving(List.of(b)), new SuccessorsChanged(List.of(a, b)), new SuccessorsChanged(List.of()), new FingerJoined(a), new PredecessorLeaving(null), new PredecessorLeaving(a),
        new StoreTransfer(List.of(live, dead)), new PutRequest("k", "v"), new PutRequest("k", null),
        new PutReply(true, new Version(3, 4), 3), new PutReply(false, null, 0), new GetRequest("k"),
        new GetReply(live), new GetReply(null), new GetPredecessor(), new GetPredecessor(true, -3L), new Predecessor(null), Predecessor.fingerHolds(), new Predecessor(b), new Predecessor(b, a), new Predecessor(null, a),
        new GetFingers(), new Fingers(List.of()), new Fingers(List.of(a, b)));
  }

  @Test
  void everyMessageRoundTripsAndPassesItsBounds() {
    for (Message m : samples()) {
      assertEquals(m, registry.decode(registry.encode(m)), m.typeName());
      bounds.check(m);
    }
  }

  @Test
  void everyTruncationIsRejected() {
    for (Message m : samples()) {
      byte[] frame = registry.encode(m);
      for (int len = 0; len < frame.length; len++) {
        byte[] cut = Arrays.copyOf(frame, len);
        assertThrows(MalformedMessageException.class, () -> registry.decode(cut), m.typeName() + " cut at " + len);
      }
    }
  }

  @Test
  void randomCorruptionNeverEscapesAsAnotherException() {
    SplittableRandom r = new SplittableRandom(1);
    for (Message m : samples()) {
      byte[] frame = registry.encode(m);
      for (int i = 0; i < 200; i++) {
        byte[] bad = frame.clone();
        bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
        try {
          registry.decode(bad);
        } catch (MalformedMessageException expected) {
          // rejected: fine
        }
      }
    }
  }

  @Test
  void idsWithBitsAboveTheRingAreRejected() {
    Message bad = new FindSuccessor(1, 0x10000, a, 1, 0, Optional.empty());
    assertThrows(MalformedMessageException.class, () -> registry.decode(registry.encode(bad)));
    assertThrows(MalformedMessageException.class, () -> bounds.check(bad));
    Message badPeer = new Neighbors(new PeerRef("x", -1), List.of());
    assertThrows(MalformedMessageException.class, () -> registry.decode(registry.encode(badPeer)));
    assertThrows(MalformedMessageException.class, () -> bounds.check(badPeer));
  }

  @Test
  void aJoinAcceptedWithAnUnknownKindOfPredecessorIsRejected() {
    byte[] frame = registry.encode(new JoinAccepted(a, true, List.of()));
    int at = indexOfKind(frame, registry.encode(new JoinAccepted(a, false, List.of())));
    frame[at] = 3;
    assertThrows(MalformedMessageException.class, () -> registry.decode(frame));
  }

  /** The one byte where the frames of a guessed and a known predecessor differ: the kind. */
  private static int indexOfKind(byte[] guessed, byte[] known) {
    for (int i = 0; i < guessed.length; i++) {
      if (guessed[i] != known[i]) {
        return i;
      }
    }
    throw new AssertionError("the frames do not differ");
  }

  @Test
  void aPeerWhoseIdIsNotTheHashOfItsAddressFailsTheBounds() {
    PeerRef forged = new PeerRef("peer-a", ring.hash("peer-a") ^ 1);
    for (Message m : List.<Message>of(new Neighbors(forged, List.of()), new Neighbors(null, List.of(a, forged)),
        new JoinAccepted(forged, true, List.of()), new JoinAccepted(null, false, List.of(forged)),
        new FindSuccessor(1, 1, forged, 0, 0, Optional.empty()), new PredecessorLeaving(forged))) {
      assertThrows(MalformedMessageException.class, () -> bounds.check(m), m.toString());
    }
    bounds.check(new Neighbors(a, List.of(b)));
  }

  @Test
  void oversizedListsStringsAndCountsAreRejected() {
    List<PeerRef> many = new ArrayList<>();
    for (int i = 0; i <= config.maxPeersPerMessage(); i++) {
      many.add(new PeerRef("p" + i, i));
    }
    String longKey = "k".repeat(config.maxKeyBytes() + 1);
    List<StoredEntry> entries = new ArrayList<>();
    for (int i = 0; i <= config.maxEntriesPerTransfer(); i++) {
      entries.add(new StoredEntry("k" + i, new Version(1, 1), "v"));
    }
    List<Message> bad = List.of(new SuccessorLeaving(many), new SuccessorsChanged(many), new Neighbors(null, many), new JoinAccepted(a, false, many), new Fingers(many), new GetRequest(longKey),
        new PutRequest("k", "v".repeat(config.maxValueBytes() + 1)), new StoreTransfer(entries),
        new FindSuccessor(1, 1, a, config.maxHops() + 1, 0, Optional.empty()), new LookupDone(1, a, List.of(), 0, config.maxHops() + 1, 0));
    for (Message m : bad) {
      assertThrows(MalformedMessageException.class, () -> registry.decode(registry.encode(m)), m.typeName());
      assertThrows(MalformedMessageException.class, () -> bounds.check(m), m.typeName());
    }
  }

  @Test
  void emptyAddressesTrailingBytesAndUnknownTagsAreRejected() {
    byte[] emptyAddress = new WireWriter().writeVarInt(11).writeBoolean(true).writeString("").writeLong(1).toByteArray();
    assertThrows(MalformedMessageException.class, () -> registry.decode(emptyAddress));
    byte[] trailing = Arrays.copyOf(registry.encode(new Ping()), 2);
    assertThrows(MalformedMessageException.class, () -> registry.decode(trailing));
    assertThrows(MalformedMessageException.class, () -> registry.decode(new byte[] {63}));
  }

  @Test
  void utf8LengthIsTheLengthOfTheUtf8Encoding() {
    for (String s : List.of("", "key", "\u00e9t\u00e9", "\u20ac", "\ud83d\ude00x", "a\ud83db", "\ude00", "x\ud83d",
        "\u07ff\u0800\uffff")) {
      assertEquals(s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, ChordWire.utf8Length(s), s);
    }
  }

  @Test
  void peersOfEqualConfigurationsShareBoundsAndEachConfigurationKeepsItsOwnLimits() {
    ChordConfig narrow = config.toBuilder().maxPeersPerMessage(config.successors()).build();
    MessageBounds shared = MessageBounds.of(ChordConfig.defaults().withIdBits(16));
    assertSame(shared, MessageBounds.of(ChordConfig.defaults().withIdBits(16)));
    MessageBounds strict = MessageBounds.of(narrow);
    List<PeerRef> longer = new ArrayList<>();
    for (int i = 0; i <= config.successors(); i++) {
      longer.add(i % 2 == 0 ? a : b);
    }
    Neighbors m = new Neighbors(a, longer);
    shared.check(m);
    assertThrows(MalformedMessageException.class, () -> strict.check(m));
    assertThrows(MalformedMessageException.class, () -> MessageBounds.of(config).check(new Neighbors(null,
        List.of(new PeerRef("peer-a", a.id() ^ 1)))), "the shared bounds check identities");
  }
}
