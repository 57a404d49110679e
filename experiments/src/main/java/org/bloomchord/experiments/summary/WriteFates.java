package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code writes.fates} section of {@code bloomchord writes --split}: what became of every
 * acknowledged write once the split healed and the rings merged ({@code experiments.writes.SplitHistory}).
 * {@code present + superseded + lost} is the number of acknowledged writes. All counts are {@code >= 0}.
 *
 * @param present writes whose value is the key's, or that a write ordered after them replaced
 * @param superseded writes replaced by version order by a concurrent write from another side
 * @param lost writes whose key holds an older value or none after the merge
 * @param staleAcrossMerge reads after the heal that missed a write acknowledged before it
 * @param hiddenBySplit reads during the split that missed a write acknowledged before it
 * @param refused puts the peers refused without storing them (the store's minority refusal; 0 when off)
 * @param finalReadsFailed keys whose read after the merge got no answer
 * @param finalReadsBehind keys of which some live peer holds a newer version than the final read returned
 */
@JsonPropertyOrder({"present", "superseded", "lost", "staleAcrossMerge", "hiddenBySplit", "refused",
    "finalReadsFailed", "finalReadsBehind"})
public record WriteFates(long present, long superseded, long lost, long staleAcrossMerge, long hiddenBySplit,
    long refused, long finalReadsFailed, long finalReadsBehind) {

  public WriteFates {
    Finite.nonNegative("present", present);
    Finite.nonNegative("superseded", superseded);
    Finite.nonNegative("lost", lost);
    Finite.nonNegative("staleAcrossMerge", staleAcrossMerge);
    Finite.nonNegative("hiddenBySplit", hiddenBySplit);
    Finite.nonNegative("refused", refused);
    Finite.nonNegative("finalReadsFailed", finalReadsFailed);
    Finite.nonNegative("finalReadsBehind", finalReadsBehind);
  }
}
