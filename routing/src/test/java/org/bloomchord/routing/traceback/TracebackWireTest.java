package org.bloomchord.routing.traceback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.traceback.TracebackMessages.TraceAnswer;
import org.junit.jupiter.api.Test;

/**
 * A traceback answer carries the chance that one link tests positive falsely: it survives the
 * wire exactly, and a frame claiming a chance outside [0, 1] is rejected as malformed.
 */
class TracebackWireTest {

  @Test
  void anAnswersFalsePositiveRateRoundTripsAndOutOfRangeIsRejected() {
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = TracebackWire.register(ChordCluster.wireRegistry(config), config);
    IdRing ring = new IdRing(config.idBits());
    PeerRef up = new PeerRef("p1", ring.hash("p1"));
    TraceAnswer answer = new TraceAnswer(7, true, List.of(up), 12, 3, 0.0025);
    byte[] frame = registry.encode(answer);
    assertEquals(answer, registry.decode(frame));

    byte[] bad = replace(frame, Double.doubleToLongBits(0.0025), Double.doubleToLongBits(2.0));
    assertThrows(MalformedMessageException.class, () -> registry.decode(bad));
    byte[] nan = replace(frame, Double.doubleToLongBits(0.0025), Double.doubleToLongBits(Double.NaN));
    assertThrows(MalformedMessageException.class, () -> registry.decode(nan));
  }

  /**
   * The invariant bytes of a forwarded lookup (its encoded size less the fields the digest leaves
   * out) are the same at every hop, however its counts grow: the bytes the comparison with storing
   * headers counts. At hop 200 with a final step the left-out fields take 2 + 1 + 1 + 8 bytes.
   */
  @Test
  void aForwardedLookupsInvariantBytesAreTheSameAtEveryHop() {
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = TracebackWire.register(ChordCluster.wireRegistry(config), config);
    IdRing ring = new IdRing(config.idBits());
    PeerRef origin = new PeerRef("p1", ring.hash("p1"));
    FindSuccessor first = new FindSuccessor(42, ring.hash("k"), origin, 0, 0, Optional.empty());
    FindSuccessor later = new FindSuccessor(42, ring.hash("k"), origin, 200, 1,
        Optional.of(new FindSuccessor.FinalStep(3, ring.hash("b"))));
    assertEquals(MessageDigest.of(first), MessageDigest.of(later));
    assertEquals(2 + 1 + 1 + 8, MessageDigest.variantBytes(later));
    assertEquals(registry.sizeOf(first) - MessageDigest.variantBytes(first),
        registry.sizeOf(later) - MessageDigest.variantBytes(later));
  }

  /** {@code frame} with the 8 bytes of {@code from} (in either byte order) replaced by those of {@code to}. */
  private static byte[] replace(byte[] frame, long from, long to) {
    for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
      byte[] f = ByteBuffer.allocate(8).order(order).putLong(from).array();
      byte[] t = ByteBuffer.allocate(8).order(order).putLong(to).array();
      for (int i = 0; i + 8 <= frame.length; i++) {
        if (java.util.Arrays.equals(frame, i, i + 8, f, 0, 8)) {
          byte[] out = frame.clone();
          System.arraycopy(t, 0, out, i, 8);
          return out;
        }
      }
    }
    throw new AssertionError("the rate's bytes are not in the frame");
  }
}
