package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One partition phase in {@code summary.json}'s {@code partitions} list.
 *
 * @param groups the groups as the scenario gave them: shares of the live peers, or JVM indexes
 * @param peersPerGroup live peers dealt into each group when the split began
 * @param ringsDuring rings by the oracle at the end of the split: cycles of the graph of every
 *     active peer's first successor ({@code chord.cluster.RingCensus})
 * @param healToOneRingSeconds runtime seconds from the heal until the oracle saw one correct ring
 *     (every active peer's successor the next live peer), or null while it had not by the phase's end
 * @param messagesToMerge messages sent by all peers (maintenance included) from the heal until one
 *     correct ring, or until the phase's end when there was none
 * @param divergentKeys keys whose newest versions differ between the sides that hold them at the heal
 * @param partitionLost messages lost because they crossed the partition (over JVMs: the messages the
 *     JVMs' event-bus cuts dropped)
 * @param keysPutBySide over JVMs: for each group, the keys whose puts from its peers were
 *     acknowledged during the split; null on the simulator
 * @param keysPutDuring over JVMs: the keys of {@code keysPutBySide}, each counted once; null on the
 *     simulator
 * @param keysReadAfter over JVMs: how many of {@code keysPutDuring} were read back from the
 *     coordinator's peers after the heal; null on the simulator
 */
@JsonPropertyOrder({"groups", "peersPerGroup", "ringsDuring", "healToOneRingSeconds", "messagesToMerge",
    "divergentKeys", "partitionLost", "keysPutBySide", "keysPutDuring", "keysReadAfter"})
public record PartitionStats(List<Object> groups, List<Integer> peersPerGroup, int ringsDuring,
    Double healToOneRingSeconds, long messagesToMerge, int divergentKeys, long partitionLost,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> keysPutBySide,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer keysPutDuring,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer keysReadAfter) {

  public PartitionStats {
    groups = List.copyOf(groups);
    peersPerGroup = List.copyOf(peersPerGroup);
    keysPutBySide = keysPutBySide == null ? null : List.copyOf(keysPutBySide);
  }

  /** A partition of the simulator, where no read-back is made. */
  public PartitionStats(List<Object> groups, List<Integer> peersPerGroup, int ringsDuring, Double healToOneRingSeconds,
      long messagesToMerge, int divergentKeys, long partitionLost) {
    this(groups, peersPerGroup, ringsDuring, healToOneRingSeconds, messagesToMerge, divergentKeys, partitionLost,
        null, null, null);
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link PartitionStats} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private List<Object> groups;
    private List<Integer> peersPerGroup;
    private int ringsDuring;
    private Double healToOneRingSeconds;
    private long messagesToMerge;
    private int divergentKeys;
    private long partitionLost;
    private List<Integer> keysPutBySide;
    private Integer keysPutDuring;
    private Integer keysReadAfter;

    private Builder() {
    }

    /** Sets {@link PartitionStats#groups()}. */
    public Builder groups(List<Object> value) {
      groups = value;
      return this;
    }

    /** Sets {@link PartitionStats#peersPerGroup()}. */
    public Builder peersPerGroup(List<Integer> value) {
      peersPerGroup = value;
      return this;
    }

    /** Sets {@link PartitionStats#ringsDuring()}. */
    public Builder ringsDuring(int value) {
      ringsDuring = value;
      return this;
    }

    /** Sets {@link PartitionStats#healToOneRingSeconds()}. */
    public Builder healToOneRingSeconds(Double value) {
      healToOneRingSeconds = value;
      return this;
    }

    /** Sets {@link PartitionStats#messagesToMerge()}. */
    public Builder messagesToMerge(long value) {
      messagesToMerge = value;
      return this;
    }

    /** Sets {@link PartitionStats#divergentKeys()}. */
    public Builder divergentKeys(int value) {
      divergentKeys = value;
      return this;
    }

    /** Sets {@link PartitionStats#partitionLost()}. */
    public Builder partitionLost(long value) {
      partitionLost = value;
      return this;
    }

    /** Sets {@link PartitionStats#keysPutBySide()}. */
    public Builder keysPutBySide(List<Integer> value) {
      keysPutBySide = value;
      return this;
    }

    /** Sets {@link PartitionStats#keysPutDuring()}. */
    public Builder keysPutDuring(Integer value) {
      keysPutDuring = value;
      return this;
    }

    /** Sets {@link PartitionStats#keysReadAfter()}. */
    public Builder keysReadAfter(Integer value) {
      keysReadAfter = value;
      return this;
    }

    /** The record. */
    public PartitionStats build() {
      return new PartitionStats(groups, peersPerGroup, ringsDuring, healToOneRingSeconds,
          messagesToMerge, divergentKeys, partitionLost, keysPutBySide, keysPutDuring, keysReadAfter);
    }
  }
}
