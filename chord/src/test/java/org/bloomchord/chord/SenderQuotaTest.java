package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Forgetting refilled buckets changes no verdict: against a model that keeps every sender's bucket
 * forever, the same charges get the same answers, while only the senders of the last two seconds
 * are kept.
 */
class SenderQuotaTest {

  /** The token buckets of the definition, one per sender ever heard, never evicted. */
  private static final class Model {
    private final long rate;
    private final long byteRate;
    private final Map<PeerRef, double[]> buckets = new HashMap<>();

    Model(long rate, long byteRate) {
      this.rate = rate;
      this.byteRate = byteRate;
    }

    SenderQuota.Verdict charge(PeerRef from, int size, long now) {
      double[] b = buckets.computeIfAbsent(from, k -> new double[] {2.0 * rate, 2.0 * byteRate, now});
      double seconds = (now - b[2]) / 1000.0;
      b[0] = Math.min(2.0 * rate, b[0] + seconds * rate);
      b[1] = Math.min(2.0 * byteRate, b[1] + seconds * byteRate);
      b[2] = now;
      if (b[0] < 1) {
        return SenderQuota.Verdict.TOO_MANY;
      }
      if (b[1] < size) {
        return SenderQuota.Verdict.TOO_LARGE;
      }
      b[0] -= 1;
      b[1] -= size;
      return SenderQuota.Verdict.ACCEPTED;
    }
  }

  @Test
  void forgettingRefilledBucketsGivesTheVerdictsOfBucketsKeptForever() {
    ChordLimits limits = ChordLimits.defaults().withQuotas(4096, 10, 2000);
    SplittableRandom random = new SplittableRandom(23);
    SenderQuota quota = new SenderQuota(limits, () -> { });
    Model model = new Model(10, 2000);
    Map<PeerRef, Long> lastHeard = new HashMap<>();
    long now = 0;
    int refused = 0;
    for (int i = 0; i < 100_000; i++) {
      // bursts from a few senders, pauses of up to 3 s, and a long tail of senders heard once
      now += random.nextInt(200) == 0 ? random.nextInt(3000) : random.nextInt(2);
      int who = random.nextInt(5) == 0 ? 10 + random.nextInt(5000) : random.nextInt(10);
      PeerRef from = new PeerRef("quota-" + who, who);
      int size = 1 + random.nextInt(400);
      SenderQuota.Verdict want = model.charge(from, size, now);
      assertEquals(want, quota.charge(from, size, now), "charge " + i);
      refused += want == SenderQuota.Verdict.ACCEPTED ? 0 : 1;
      lastHeard.put(from, now);
      long t = now;
      long recent = lastHeard.values().stream().filter(at -> t - at < SenderQuota.REFILL_MS).count();
      if (i % 1000 == 0) {
        assertTrue(quota.senders() <= recent, quota.senders() + " buckets kept, " + recent + " senders in 2 s");
      }
    }
    assertTrue(refused > 1000 && refused < 90_000, "the quotas were reached often enough to matter: " + refused);
  }
}
