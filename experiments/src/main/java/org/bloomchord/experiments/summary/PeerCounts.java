package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code peers} section: how many peers were started, are alive at the end, and how many
 * joins, graceful leaves and crashes happened during the run. All counts are {@code >= 0}.
 *
 * @param launched peers started over the whole run (initial peers and churn joiners)
 * @param alive peers alive when the summary was taken
 * @param joins join operations (including the initial ones)
 * @param leaves graceful leaves
 * @param crashes crashes (peers stopped without telling anyone)
 * @param failed peers the runtime failed because a handler of theirs threw (removed as by a
 *     crash, not counted in {@code crashes}, not alive), or null (omitted) for a command that
 *     does not watch for them
 * @param jvms the JVMs the ring ran in, or null (omitted) for a ring in one JVM
 */
@JsonPropertyOrder({"launched", "alive", "joins", "leaves", "crashes", "failed", "jvms"})
public record PeerCounts(long launched, long alive, long joins, long leaves, long crashes, Long failed,
    Integer jvms) {

  @JsonCreator
  public PeerCounts {
    Finite.nonNegative("launched", launched);
    Finite.nonNegative("alive", alive);
    Finite.nonNegative("joins", joins);
    Finite.nonNegative("leaves", leaves);
    Finite.nonNegative("crashes", crashes);
    if (failed != null) {
      Finite.nonNegative("failed", failed);
    }
    if (jvms != null && jvms < 1) {
      throw new IllegalArgumentException("jvms must be >= 1: " + jvms);
    }
  }

  /** Counts of a ring in one JVM in which no peer failed. */
  public PeerCounts(long launched, long alive, long joins, long leaves, long crashes) {
    this(launched, alive, joins, leaves, crashes, 0L, null);
  }

  /**
   * Counts of a command that does not watch for failed peers ({@code bloomchord writes}):
   * {@code failed} is null and left out.
   */
  public static PeerCounts withoutFailedCount(long launched, long alive, long joins, long leaves, long crashes) {
    return new PeerCounts(launched, alive, joins, leaves, crashes, null, null);
  }

  /** These counts for a ring spread over {@code jvms} JVMs. */
  public PeerCounts withJvms(int jvms) {
    return new PeerCounts(launched, alive, joins, leaves, crashes, failed, jvms);
  }

  /** These counts with {@code failed} peers the runtime failed. */
  public PeerCounts withFailed(long failedPeers) {
    return new PeerCounts(launched, alive, joins, leaves, crashes, failedPeers, jvms);
  }
}
