package org.bloomchord.routing.heavy;

import java.nio.charset.StandardCharsets;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * Refuses the senders that sent more than a limit of messages in the current and previous window,
 * in fixed memory whatever the number of senders: a {@link HeavyHitterDetector} keyed by the
 * sender's ring id and address. Where an exact per-sender quota keeps at most a fixed number of
 * buckets and evicts the oldest (so that a sender cycling through more identities than the cap finds
 * a fresh bucket each time), the counting filter forgets nobody within two windows.
 *
 * <p>Guarantees: a sender that sent more than {@code limit} messages within one window is refused
 * from its (limit+1)-th message on until two windows passed (no false negatives); an honest sender
 * below the limit is refused only when the filter's counters are shared with heavy senders (a false
 * positive, bounded as in docs/architecture/heavy-hitters.md and fewer with conservative update).
 * Refused messages are not counted, so a refused sender's count does not grow without bound. Not
 * thread-safe; owned by one peer.
 */
public final class SenderLimiter {

  /** What {@link #admit} decided. */
  public enum Verdict { ACCEPTED, REFUSED }

  private final HeavyHitterDetector detector;
  private long refused;

  /**
   * @param counters counters per generation
   * @param hashes probes per sender
   * @param rule plain or conservative update
   * @param limit messages a sender may send per window
   * @param windowMs the window
   * @param nowMs the clock at the start
   */
  public SenderLimiter(int counters, int hashes, UpdateRule rule, long limit, long windowMs, long nowMs) {
    this.detector = new HeavyHitterDetector(new BloomShape(counters, hashes), rule, limit + 1, windowMs, nowMs);
  }

  /** Counts one message of {@code sender} at {@code nowMs} unless it is over its limit. */
  public Verdict admit(PeerRef sender, long nowMs) {
    long key = key(sender);
    if (detector.isHeavy(key, nowMs)) {
      refused++;
      return Verdict.REFUSED;
    }
    if (detector.count(key, nowMs)) {
      refused++;
      return Verdict.REFUSED;
    }
    return Verdict.ACCEPTED;
  }

  /** Messages refused (the one that crossed the limit is refused too, and counted here). */
  public long refused() {
    return refused;
  }

  /** Bytes of the counters: fixed. */
  public long memoryBytes() {
    return detector.memoryBytes();
  }

  private static long key(PeerRef p) {
    long h = p.id() * 0x9E3779B97F4A7C15L;
    for (byte b : p.address().getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ b) * 0x100000001B3L;
    }
    return h;
  }
}
