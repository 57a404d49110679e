package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Forgetting refilled buckets changes no verdict: against a model that keeps every sender's bucket
 * forever, the same charges get the same answers, while only the buckets below their cap are
 * counted as tracked and no more than those of the last two seconds are kept.
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

    /** Senders whose buckets are below their cap at {@code now}. */
    long belowCap(long now) {
      return buckets.values().stream().filter(b -> !full(b, now, rate, byteRate)).count();
    }
  }

  /** Whether a bucket {@code {requests, bytes, time}} has refilled to its cap by {@code now}. */
  private static boolean full(double[] b, long now, long rate, long byteRate) {
    double seconds = now > b[2] ? (now - b[2]) / 1000.0 : 0;
    return Math.min(2.0 * rate, b[0] + seconds * rate) == 2.0 * rate
        && Math.min(2.0 * byteRate, b[1] + seconds * byteRate) == 2.0 * byteRate;
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
      if (i % 1000 == 0) {
        long t = now;
        long recent = lastHeard.values().stream().filter(at -> t - at < SenderQuota.REFILL_MS).count();
        assertTrue(quota.held() <= recent, quota.held() + " buckets kept, " + recent + " senders in 2 s");
        assertEquals(model.belowCap(now), quota.senders(), "senders below their cap after charge " + i);
      }
    }
    assertTrue(refused > 1000 && refused < 90_000, "the quotas were reached often enough to matter: " + refused);
  }

  /**
   * The buckets as an access-ordered map of bucket objects that drops every bucket at its cap
   * before and after each charge, evicting the sender charged longest ago beyond a cap: the
   * definition the array-based quota keeps, which drops full buckets lazily.
   */
  private static final class MapQuota {
    private final long rate;
    private final long byteRate;
    private final int max;
    private final LinkedHashMap<PeerRef, double[]> buckets = new LinkedHashMap<>(16, 0.75f, true);
    int evictions;

    MapQuota(long rate, long byteRate, int max) {
      this.rate = rate;
      this.byteRate = byteRate;
      this.max = max;
    }

    SenderQuota.Verdict charge(PeerRef from, int size, long now) {
      buckets.values().removeIf(b -> full(b, now, rate, byteRate));
      double[] b = buckets.get(from);
      if (b == null) {
        b = new double[] {2.0 * rate, 2.0 * byteRate, now};
        buckets.put(from, b);
        if (buckets.size() > max) {
          Iterator<PeerRef> first = buckets.keySet().iterator();
          first.next();
          first.remove();
          evictions++;
        }
      } else if (now > b[2]) {
        double seconds = (now - b[2]) / 1000.0;
        b[0] = Math.min(2.0 * rate, b[0] + seconds * rate);
        b[1] = Math.min(2.0 * byteRate, b[1] + seconds * byteRate);
        b[2] = now;
      }
      SenderQuota.Verdict verdict = SenderQuota.Verdict.ACCEPTED;
      if (b[0] < 1) {
        verdict = SenderQuota.Verdict.TOO_MANY;
      } else if (b[1] < size) {
        verdict = SenderQuota.Verdict.TOO_LARGE;
      } else {
        b[0] -= 1;
        b[1] -= size;
      }
      if (full(b, now, rate, byteRate)) {
        buckets.remove(from);
      }
      return verdict;
    }
  }

  @Test
  void evictsAndForgetsAsAnAccessOrderedMapOfBuckets() {
    int max = 40;
    ChordLimits limits = ChordLimits.defaults().withQuotas(max, 10, 2000);
    SplittableRandom random = new SplittableRandom(29);
    int[] evicted = {0};
    SenderQuota quota = new SenderQuota(limits, () -> evicted[0]++);
    MapQuota model = new MapQuota(10, 2000, max);
    long now = 0;
    for (int i = 0; i < 200_000; i++) {
      now += random.nextInt(300) == 0 ? random.nextInt(3000) : random.nextInt(3);
      // ids that collide in the table (several senders per id) as well as distinct ones
      int who = random.nextInt(4) == 0 ? random.nextInt(400) : random.nextInt(60);
      PeerRef from = new PeerRef("quota-" + who, who % 50);
      int size = 1 + random.nextInt(400);
      assertEquals(model.charge(from, size, now), quota.charge(from, size, now), "charge " + i);
      assertEquals(model.buckets.size(), quota.senders(), "senders kept after charge " + i);
      int held = quota.held();
      assertTrue(quota.capacity() >= held && quota.capacity() <= Math.max(6, 3 * (held + 1)),
          "room for " + quota.capacity() + " buckets with " + held + " held, after charge " + i);
    }
    assertEquals(model.evictions, evicted[0]);
    assertTrue(evicted[0] > 100, "the cap was reached often enough to matter: " + evicted[0]);
  }

  @Test
  void atTheDefaultQuotasOnlyTheSendersOfTheCurrentMillisecondAreKept() {
    SenderQuota quota = new SenderQuota(ChordLimits.defaults(), () -> { });
    SplittableRandom random = new SplittableRandom(31);
    Map<PeerRef, Long> lastHeard = new HashMap<>();
    long now = 0;
    for (int i = 0; i < 50_000; i++) {
      now += random.nextInt(4) == 0 ? 1 : 0;
      int who = random.nextInt(200);
      PeerRef from = new PeerRef("quota-" + who, who);
      assertEquals(SenderQuota.Verdict.ACCEPTED, quota.charge(from, 1 + random.nextInt(4000), now), "charge " + i);
      lastHeard.put(from, now);
      long t = now;
      long thisMillisecond = lastHeard.values().stream().filter(at -> at == t).count();
      assertEquals(thisMillisecond, quota.senders(), "senders below their cap after charge " + i);
      assertTrue(quota.held() <= thisMillisecond, quota.held() + " buckets kept after charge " + i);
    }
    assertTrue(quota.capacity() <= 8, "room for " + quota.capacity() + " buckets");
  }
}
