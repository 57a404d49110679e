package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code writes} section of {@code bloomchord writes}: reads judged against the log of
 * acknowledged writes. The first four names are a contract. All counts are {@code >= 0}.
 *
 * @param acknowledged puts and deletes a quorum of replicas acknowledged
 * @param lost reads that found an acknowledged put missing
 * @param resurrected reads that found the older value of a key whose delete was acknowledged
 * @param stale reads that found a value older than the newest acknowledged put
 * @param unacknowledged writes that were not acknowledged (they may or may not have taken effect)
 * @param readsJudged reads of keys with an acknowledged write that answered
 * @param readsFailed reads that got no answer
 * @param fates what became of every acknowledged write across a split ({@code --split}), or null
 *     when no split was run; then {@code lost} and {@code stale} judge reads against the writes of
 *     their own side (the whole ring counting as one)
 */
@JsonPropertyOrder({"acknowledged", "lost", "resurrected", "stale", "unacknowledged", "readsJudged", "readsFailed",
    "fates"})
public record WriteStats(long acknowledged, long lost, long resurrected, long stale, long unacknowledged,
    long readsJudged, long readsFailed, WriteFates fates) {

  /** The section of a run without a split. */
  public WriteStats(long acknowledged, long lost, long resurrected, long stale, long unacknowledged, long readsJudged,
      long readsFailed) {
    this(acknowledged, lost, resurrected, stale, unacknowledged, readsJudged, readsFailed, null);
  }

  @JsonCreator
  public WriteStats {
    Finite.nonNegative("acknowledged", acknowledged);
    Finite.nonNegative("lost", lost);
    Finite.nonNegative("resurrected", resurrected);
    Finite.nonNegative("stale", stale);
    Finite.nonNegative("unacknowledged", unacknowledged);
    Finite.nonNegative("readsJudged", readsJudged);
    Finite.nonNegative("readsFailed", readsFailed);
  }
}
