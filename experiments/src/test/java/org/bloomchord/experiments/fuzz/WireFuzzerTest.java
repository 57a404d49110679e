package org.bloomchord.experiments.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.fuzz.FrameMutator.Mutation;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.location.LocationConfig;
import org.junit.jupiter.api.Test;

class WireFuzzerTest {

  /**
   * Largest allocation per frame byte accepted. The worst frames are tiny ones that a decoder
   * rejects (the exception and its message, ~200 bytes, over one or two bytes) and summaries of
   * compressed levels, which expand to depth x bitsPerLevel bits by design: an unmutated
   * {@code SummaryReply} of empty levels is 18 bytes since the levels' parts are packed in one bit
   * stream, and its decoding allocates about 11,800 bytes (the levels, the context of level 1, the
   * filter), about 650 bytes per byte. A length believed before it is checked allocates up to 2^31
   * bytes from a frame of a few bytes, orders of magnitude above this bound.
   */
  static final double MAX_BYTES_PER_FRAME_BYTE = 1024;

  private final ChordConfig chord = ChordConfig.defaults();
  private final LocationConfig location = LocationConfig.defaults();

  /** A message the test registers with a decoder that fails the way a careless decoder would. */
  record Probe(int value) implements Message {
  }

  @Test
  void theCorpusHoldsEveryMessageTypeOfEveryRegistry() {
    WireRegistry registry = FrameCorpus.registry(chord, location);
    Set<Class<?>> covered = new HashSet<>();
    for (Message m : FrameCorpus.samples(chord, location, 1, 1)) {
      covered.add(m.getClass());
    }
    assertEquals(registry.types(), covered);
    // Chord 28, ring merge 4, location 12, reconciliation 14, repair 3
    assertEquals(61, covered.size());
  }

  @Test
  void aHundredThousandMutatedFramesAreRejectedOrDecodedAndRoundTripNeverAnythingElse() {
    FuzzReport r = new WireFuzzer(chord, location, 7).run(100_000, 7);
    assertEquals(100_000, r.frames());
    assertEquals(0, r.unexpected(), () -> String.join("\n", r.examples()));
    assertEquals(0, r.roundTripFailures(), () -> String.join("\n", r.examples()));
    assertEquals(r.frames(), r.rejected() + r.decoded());
    // every kind of mutation was drawn (seven kinds, uniform: ~14,300 each)
    assertEquals(Set.of(Mutation.values()), r.byMutation().keySet());
    r.byMutation().values().forEach(n -> assertTrue(n > 13_000 && n < 15_600, "mutations of one kind: " + n));
    // unmutated frames all decode, so at least their share is decoded, and most mutants are refused
    assertTrue(r.decoded() >= r.byMutation().get(Mutation.NONE), r.toString());
    assertTrue(r.rejected() > r.frames() / 2, r.toString());
    assertNotNull(r.maxAllocatedBytesPerFrameByte(), "this JVM counts thread allocations");
    assertTrue(r.maxAllocatedBytesPerFrameByte() <= MAX_BYTES_PER_FRAME_BYTE, r.largestAllocation());
  }

  @Test
  void aDecoderThatThrowsSomethingElseOrBelievesALengthIsCaught() {
    WireRegistry registry = new WireRegistry().register(1, WireCodec.of(Probe.class,
        (m, out) -> out.writeVarInt(m.value()),
        in -> {
          int n = in.readVarInt(Integer.MAX_VALUE);
          byte[] believed = new byte[Math.min(n, 1 << 20)];
          return new Probe(believed.length % 7 == 6 ? Integer.parseInt("x") : n);
        }));
    FuzzReport r = new WireFuzzer(registry, List.of(new Probe(3), new Probe(300)), chord, location).run(20_000, 3);
    assertTrue(r.unexpected() > 0, r.toString());
    assertTrue(r.examples().get(0).contains("NumberFormatException"), r.examples().get(0));
    assertTrue(r.maxAllocatedBytesPerFrameByte() > 100_000, r.largestAllocation());
  }
}
