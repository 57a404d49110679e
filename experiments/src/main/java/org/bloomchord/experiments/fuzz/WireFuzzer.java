package org.bloomchord.experiments.fuzz;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.experiments.fuzz.FrameMutator.Mutant;
import org.bloomchord.experiments.fuzz.FrameMutator.Mutation;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationWire;

/**
 * Decodes mutated frames of every message type the way a peer decodes what arrives, and classifies
 * each outcome: rejected ({@link MalformedMessageException}, the only acceptable failure), decoded
 * (then re-encoded: a decoded message must encode, decode again and encode to the same bytes, or it
 * counts as a round-trip failure), or unexpected (any other exception or error, including
 * {@link OutOfMemoryError} from a length believed before it was checked).
 *
 * <p>Allocation is measured per frame with the thread's allocated-bytes counter
 * ({@code com.sun.management.ThreadMXBean}) around the decode alone, minus the counter's own
 * cost measured at start; the report keeps the largest ratio of bytes allocated to frame bytes
 * (frames shorter than one byte count as one byte). A frame that sets a new maximum is decoded a
 * second time and the smaller figure kept, so that one-off costs of the JVM (loading a class on
 * its first use) are not charged to the frame that happened to come first.
 */
public final class WireFuzzer {

  /** Variants of each message type in the corpus. */
  static final int VARIANTS = 6;
  /** Examples of unexpected outcomes and round-trip failures kept for the report. */
  static final int MAX_EXAMPLES = 5;

  private final WireRegistry registry;
  private final MessageBounds chordBounds;
  private final LocationWire locationBounds;
  private final List<byte[]> corpus;
  private final com.sun.management.ThreadMXBean threads;
  private final long counterCost;

  /** A fuzzer over the registry and corpus of a full peer with these settings. */
  public WireFuzzer(ChordConfig chord, LocationConfig location, long corpusSeed) {
    this(FrameCorpus.registry(chord, location), FrameCorpus.samples(chord, location, corpusSeed, VARIANTS), chord,
        location);
  }

  /** A fuzzer of {@code registry} starting from the frames of {@code samples}. */
  WireFuzzer(WireRegistry registry, List<Message> samples, ChordConfig chord, LocationConfig location) {
    this.registry = registry;
    this.chordBounds = new MessageBounds(chord);
    this.locationBounds = new LocationWire(location, chord);
    this.corpus = new ArrayList<>();
    for (Message m : samples) {
      corpus.add(registry.encode(m));
    }
    this.threads = allocationCounter();
    this.counterCost = threads == null ? 0 : measureCounterCost(threads);
  }

  /** Well-formed frames the mutations start from. */
  public int corpusFrames() {
    return corpus.size();
  }

  /** Decodes {@code frames} mutated frames drawn from {@code seed} and reports the outcomes. */
  public FuzzReport run(long frames, long seed) {
    if (frames < 0) {
      throw new IllegalArgumentException("frames must not be negative: " + frames);
    }
    FrameMutator mutator = new FrameMutator(corpus, seed);
    long rejected = 0;
    long decoded = 0;
    long roundTripFailures = 0;
    long unexpected = 0;
    double maxRatio = 0;
    long maxAllocated = 0;
    Map<Mutation, Long> byMutation = new EnumMap<>(Mutation.class);
    List<String> examples = new ArrayList<>();
    String largest = null;
    for (long i = 0; i < frames; i++) {
      Mutant mutant = mutator.next();
      byte[] frame = mutant.frame();
      byMutation.merge(mutant.mutation(), 1L, Long::sum);
      long before = allocated();
      Message m;
      try {
        m = decodeAsPeer(frame);
      } catch (MalformedMessageException e) {
        m = null;
        rejected++;
      } catch (Throwable t) {
        m = null;
        unexpected++;
        note(examples, "unexpected " + t, mutant);
      }
      long bytes = Math.max(0, allocated() - before - counterCost);
      if (bytes > maxRatio * Math.max(1, frame.length)) {
        // a new maximum is measured again: one-off costs (a class loaded on its first use) are
        // not what the frame makes a peer allocate
        bytes = Math.min(bytes, decodeAllocation(frame));
      }
      maxAllocated = Math.max(maxAllocated, bytes);
      double ratio = (double) bytes / Math.max(1, frame.length);
      if (ratio > maxRatio) {
        maxRatio = ratio;
        largest = describe(bytes + " bytes allocated by " + (m == null ? "a rejected frame" : m.typeName()), mutant);
      }
      if (m != null) {
        decoded++;
        String failure = roundTrip(m);
        if (failure != null) {
          roundTripFailures++;
          note(examples, "round trip of " + m.typeName() + ": " + failure, mutant);
        }
      }
    }
    return FuzzReport.builder().frames(frames).rejected(rejected).decoded(decoded)
        .roundTripFailures(roundTripFailures).unexpected(unexpected)
        .maxAllocatedBytesPerFrameByte(threads == null ? null : maxRatio)
        .maxAllocatedBytes(threads == null ? null : maxAllocated).largestAllocation(largest)
        .corpusFrames(corpus.size()).byMutation(byMutation).examples(examples).build();
  }

  /**
   * What a peer does with a frame on arrival: decode it, then check it against the bounds its
   * handlers check before acting (Chord's {@link MessageBounds}, the location layer's checks, which
   * decode a summary's levels in full).
   */
  private Message decodeAsPeer(byte[] frame) {
    Message m = registry.decode(frame);
    chordBounds.check(m);
    locationBounds.check(m);
    return m;
  }

  private long decodeAllocation(byte[] frame) {
    long before = allocated();
    try {
      decodeAsPeer(frame);
    } catch (Throwable t) {
      // counted on the first decode
    }
    return Math.max(0, allocated() - before - counterCost);
  }

  /** Null when encode, decode, encode gives the same bytes twice; otherwise what went wrong. */
  private String roundTrip(Message m) {
    try {
      byte[] once = registry.encode(m);
      byte[] twice = registry.encode(registry.decode(once));
      return Arrays.equals(once, twice) ? null : "re-encoding differs";
    } catch (Throwable t) {
      return t.toString();
    }
  }

  private static void note(List<String> examples, String what, Mutant mutant) {
    if (examples.size() < MAX_EXAMPLES) {
      examples.add(describe(what, mutant));
    }
  }

  private static String describe(String what, Mutant mutant) {
    byte[] f = mutant.frame();
    String hex = HexFormat.of().formatHex(f, 0, Math.min(f.length, 48));
    return what + " after " + mutant.mutation() + " (" + f.length + " bytes: " + hex + (f.length > 48 ? "..." : "")
        + ")";
  }

  private long allocated() {
    return threads == null ? 0 : threads.getCurrentThreadAllocatedBytes();
  }

  private static com.sun.management.ThreadMXBean allocationCounter() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
        && t.isThreadAllocatedMemorySupported()) {
      t.setThreadAllocatedMemoryEnabled(true);
      return t;
    }
    return null;
  }

  private static long measureCounterCost(com.sun.management.ThreadMXBean t) {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < 100; i++) {
      long a = t.getCurrentThreadAllocatedBytes();
      long b = t.getCurrentThreadAllocatedBytes();
      least = Math.min(least, b - a);
    }
    return least;
  }
}
