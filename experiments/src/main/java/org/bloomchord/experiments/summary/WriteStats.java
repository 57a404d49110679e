package org.bloomchord.experiments.summary;

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
 */
@JsonPropertyOrder({"acknowledged", "lost", "resurrected", "stale", "unacknowledged", "readsJudged", "readsFailed"})
public record WriteStats(long acknowledged, long lost, long resurrected, long stale, long unacknowledged,
    long readsJudged, long readsFailed) {

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
