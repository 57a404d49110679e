package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * A flood from identities beyond any per-sender cap is refused within one window, in fixed memory,
 * and no honest sender is refused.
 */
class SenderLimiterTest {

  @Test
  void rogueIdentitiesBeyondACapAreRefusedWithinOneWindowAndHonestSendersNever() {
    // 10,000 rogue identities (more than the exact quota's 4,096 buckets) each send 30 messages in
    // every 1 s window; 1,000 honest senders send 5 each; the limit is 10 per window; 2^20 counters
    // (8 MiB with both generations): about 0.4 rogue occurrences per counter and generation
    SenderLimiter limiter = new SenderLimiter(1 << 20, 4, UpdateRule.CONSERVATIVE, 10, 1000, 0);
    long memory = limiter.memoryBytes();
    int honestRefused = 0;
    int rogueAccepted = 0;
    for (int window = 0; window < 3; window++) {
      long t = window * 1000L;
      for (int round = 0; round < 30; round++) {
        for (int r = 0; r < 10_000; r++) {
          PeerRef rogue = new PeerRef("rogue-" + r, r * 7919L + 1);
          if (limiter.admit(rogue, t + round) == SenderLimiter.Verdict.ACCEPTED) {
            rogueAccepted++;
          }
        }
        if (round < 5) {
          for (int h = 0; h < 1000; h++) {
            PeerRef honest = new PeerRef("honest-" + h, 1_000_000L + h);
            if (limiter.admit(honest, t + round) == SenderLimiter.Verdict.REFUSED) {
              honestRefused++;
            }
          }
        }
      }
    }
    assertEquals(0, honestRefused, "honest senders refused");
    // window 0: each rogue gets its 10, the 11th is refused; window 1: those 11 still count, all
    // refused (and refused messages are not counted); window 2: window 0 has left, 10 again
    assertEquals(2 * 10 * 10_000, rogueAccepted, "rogue messages accepted beyond the limit per two windows");
    assertEquals(memory, limiter.memoryBytes(), "memory grew with the senders");
  }
}
