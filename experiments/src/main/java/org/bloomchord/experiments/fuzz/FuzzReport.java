package org.bloomchord.experiments.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.fuzz.FrameMutator.Mutation;
import org.bloomchord.experiments.summary.Summary;

/**
 * The outcome of a fuzz run; {@link #summary} gives the {@code bloomchord fuzz --json} object, whose
 * first six keys after the header are a contract.
 *
 * @param frames frames decoded
 * @param rejected frames refused with {@code MalformedMessageException}
 * @param decoded frames that decoded to a message
 * @param roundTripFailures decoded messages that did not encode, decode and encode to the same bytes
 * @param unexpected frames whose decoding threw anything else (must be 0)
 * @param maxAllocatedBytesPerFrameByte the largest bytes allocated by one decode per byte of its
 *     frame, or null when the JVM cannot count a thread's allocations
 * @param maxAllocatedBytes the most bytes one decode allocated, or null as above
 * @param largestAllocation the frame behind {@code maxAllocatedBytesPerFrameByte}, described
 * @param corpusFrames well-formed frames the mutations start from
 * @param byMutation frames per kind of first mutation
 * @param examples a few unexpected outcomes and round-trip failures, with the frame in hex
 */
public record FuzzReport(long frames, long rejected, long decoded, long roundTripFailures, long unexpected,
    Double maxAllocatedBytesPerFrameByte, Long maxAllocatedBytes, String largestAllocation, int corpusFrames, Map<Mutation, Long> byMutation,
    List<String> examples) {

  /** The report as the command's summary (its fields after {@code command} and {@code seed}). */
  public Summary summary(long seed) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("frames", frames);
    doc.put("rejected", rejected);
    doc.put("decoded", decoded);
    doc.put("roundTripFailures", roundTripFailures);
    doc.put("unexpected", unexpected);
    doc.put("maxAllocatedBytesPerFrameByte", maxAllocatedBytesPerFrameByte);
    doc.put("maxAllocatedBytes", maxAllocatedBytes);
    doc.put("largestAllocation", largestAllocation);
    doc.put("corpusFrames", corpusFrames);
    Map<String, Long> kinds = new LinkedHashMap<>();
    byMutation.forEach((k, v) -> kinds.put(k.name().toLowerCase(java.util.Locale.ROOT), v));
    doc.put("byMutation", kinds);
    doc.put("examples", examples);
    return Summary.of("fuzz", null, seed).withFields(doc);
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link FuzzReport} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private long frames;
    private long rejected;
    private long decoded;
    private long roundTripFailures;
    private long unexpected;
    private Double maxAllocatedBytesPerFrameByte;
    private Long maxAllocatedBytes;
    private String largestAllocation;
    private int corpusFrames;
    private Map<Mutation, Long> byMutation;
    private List<String> examples;

    private Builder() {
    }

    /** Sets {@link FuzzReport#frames()}. */
    public Builder frames(long value) {
      frames = value;
      return this;
    }

    /** Sets {@link FuzzReport#rejected()}. */
    public Builder rejected(long value) {
      rejected = value;
      return this;
    }

    /** Sets {@link FuzzReport#decoded()}. */
    public Builder decoded(long value) {
      decoded = value;
      return this;
    }

    /** Sets {@link FuzzReport#roundTripFailures()}. */
    public Builder roundTripFailures(long value) {
      roundTripFailures = value;
      return this;
    }

    /** Sets {@link FuzzReport#unexpected()}. */
    public Builder unexpected(long value) {
      unexpected = value;
      return this;
    }

    /** Sets {@link FuzzReport#maxAllocatedBytesPerFrameByte()}. */
    public Builder maxAllocatedBytesPerFrameByte(Double value) {
      maxAllocatedBytesPerFrameByte = value;
      return this;
    }

    /** Sets {@link FuzzReport#maxAllocatedBytes()}. */
    public Builder maxAllocatedBytes(Long value) {
      maxAllocatedBytes = value;
      return this;
    }

    /** Sets {@link FuzzReport#largestAllocation()}. */
    public Builder largestAllocation(String value) {
      largestAllocation = value;
      return this;
    }

    /** Sets {@link FuzzReport#corpusFrames()}. */
    public Builder corpusFrames(int value) {
      corpusFrames = value;
      return this;
    }

    /** Sets {@link FuzzReport#byMutation()}. */
    public Builder byMutation(Map<Mutation, Long> value) {
      byMutation = value;
      return this;
    }

    /** Sets {@link FuzzReport#examples()}. */
    public Builder examples(List<String> value) {
      examples = value;
      return this;
    }

    /** The record. */
    public FuzzReport build() {
      return new FuzzReport(frames, rejected, decoded, roundTripFailures, unexpected,
          maxAllocatedBytesPerFrameByte, maxAllocatedBytes, largestAllocation, corpusFrames, byMutation,
          examples);
    }
  }
}
