package org.bloomchord.routing.cache;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one request did at the requesting peer.
 *
 * @param object the object requested
 * @param outcome where it was served from
 * @param queried members asked whether they hold it (queries sent; 0 for a local hit)
 * @param matches members a summary or directory named as holders (for ICP: those that said yes)
 * @param falsePositives members asked because a summary or filter matched, that never held it in
 *     the summarised directory (a Bloom false positive)
 * @param staleHits members named as holders that had since dropped it (a stale summary or directory)
 * @param expectedFalsePositives the false positives the Bloom formula expects of the summaries this
 *     request consulted: the sum of (1 - e^(-kn/m))^k over the members that never held the object in
 *     their summarised directory, n being each summary's entries (summary protocol only; else 0)
 * @param evicted the object the insertion evicted, if any
 */
public record CacheResult(long object, CacheOutcome outcome, int queried, int matches, int falsePositives,
    int staleHits, double expectedFalsePositives, OptionalLong evicted) {

  public CacheResult {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(evicted, "evicted");
  }

  /** A hit in the requester's own cache. */
  public static CacheResult local(long object) {
    return new CacheResult(object, CacheOutcome.LOCAL_HIT, 0, 0, 0, 0, 0, OptionalLong.empty());
  }

  /** Builds a result after a local miss. */
  public static Builder miss(long object) {
    return new Builder(object);
  }

  /** Accumulates a local miss's figures on the peer's thread. */
  public static final class Builder {
    private final long object;
    private int queried;
    private int matches;
    private int falsePositives;
    private int staleHits;
    private double expectedFalsePositives;

    private Builder(long object) {
      this.object = object;
    }

    Builder queried(int n) {
      queried += n;
      return this;
    }

    Builder matches(int n) {
      matches += n;
      return this;
    }

    Builder falsePositive() {
      falsePositives++;
      return this;
    }

    Builder stale() {
      staleHits++;
      return this;
    }

    Builder expectedFalsePositives(double e) {
      expectedFalsePositives += e;
      return this;
    }

    CacheResult done(CacheOutcome outcome, OptionalLong evicted) {
      return new CacheResult(object, outcome, queried, matches, falsePositives, staleHits, expectedFalsePositives,
          evicted);
    }
  }
}
