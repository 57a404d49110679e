package org.bloomchord.routing.heavy;

import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.SenderLimit;
import org.bloomchord.overlay.PeerRef;

/**
 * A peer's {@link SenderLimit} as a counting filter ({@link SenderLimiter}): a sender that sent more
 * than {@code limit} messages within the current and previous window is refused, in memory fixed by
 * {@code counters} whatever the number of senders, so a flood cycling through more identities than
 * the exact quota's {@code maxSenders} is held back as well (the exact map evicts each identity
 * before it returns and so gives it a fresh bucket). It limits messages only; the byte quota of
 * {@link ChordLimits} does not apply with this kind. Refusals are counted as the exact quota's
 * ({@code trust.quota.requests}); nothing is ever evicted.
 *
 * @param counters counters per generation, 2^10..2^24 (memory 8 bytes per counter)
 * @param hashes probes per sender, 1..16
 * @param rule plain or conservative update
 * @param limit messages a sender may send per window, at least 1
 * @param windowMs the window, at least 1 ms
 */
public record CountingSenderLimit(int counters, int hashes, UpdateRule rule, long limit, long windowMs)
    implements SenderLimit.Factory {

  /** Fewest counters per generation. */
  public static final int MIN_COUNTERS = 1 << 10;
  /** Most counters per generation (2 generations of 4-byte counters: 128 MiB). */
  public static final int MAX_COUNTERS = 1 << 24;
  /** Most probes per sender. */
  public static final int MAX_HASHES = 16;

  public CountingSenderLimit {
    if (counters < MIN_COUNTERS || counters > MAX_COUNTERS) {
      throw new IllegalArgumentException("counters must be in 2^10..2^24, got " + counters);
    }
    if (hashes < 1 || hashes > MAX_HASHES) {
      throw new IllegalArgumentException("hashes must be in 1..16, got " + hashes);
    }
    if (rule == null || limit < 1 || windowMs < 1) {
      throw new IllegalArgumentException("rule, limit >= 1 and windowMs >= 1 must be given");
    }
  }

  @Override
  public SenderLimit create(ChordLimits limits, Runnable evicted) {
    return new Limit(new SenderLimiter(counters, hashes, rule, limit, windowMs, 0));
  }

  /** The filter of one peer. */
  private static final class Limit implements SenderLimit {
    private final SenderLimiter limiter;

    Limit(SenderLimiter limiter) {
      this.limiter = limiter;
    }

    @Override
    public boolean enabled() {
      return true;
    }

    @Override
    public boolean countsBytes() {
      return false;
    }

    @Override
    public Verdict charge(PeerRef from, int size, long now) {
      return limiter.admit(from, now) == SenderLimiter.Verdict.ACCEPTED ? Verdict.ACCEPTED : Verdict.TOO_MANY;
    }

    @Override
    public int senders() {
      return 0;
    }
  }
}
