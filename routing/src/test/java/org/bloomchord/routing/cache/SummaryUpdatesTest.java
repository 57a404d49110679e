package org.bloomchord.routing.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.cache.CacheMessages.Coding;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.junit.jupiter.api.Test;

/** The owner's updates, whole and as deltas, rebuild at the receiver exactly the filter of the cache. */
class SummaryUpdatesTest {

  @Test
  void everyUpdateLeavesTheReceiverWithExactlyTheOwnersPlainBits() {
    CacheConfig config = CacheConfig.defaults(CacheProtocol.SUMMARY).withCapacity(50).withUpdateThreshold(0.04);
    OwnSummary own = new OwnSummary(config);
    SummaryBook book = new SummaryBook(config);
    PeerRef owner = new PeerRef("owner", 7);
    book.group(List.of(owner));
    ObjectCache cache = new ObjectCache(50);
    SplittableRandom r = new SplittableRandom(1);
    int deltas = 0;
    int updates = 0;
    for (int i = 0; i < 2000; i++) {
      long o = r.nextInt(400);
      if (cache.touch(o)) {
        continue;
      }
      Optional<ObjectName> ev = cache.insert(ObjectName.number(o), 1);
      SummaryUpdate u = own.onInsert(o, ev.map(ObjectName::key).orElse(-1L), cache.size());
      if (u != null) {
        updates++;
        deltas += u.coding() == Coding.DELTA ? 1 : 0;
        assertEquals(SummaryBook.Applied.APPLIED, book.apply(owner, u));
        BloomFilter expected = new BloomFilter(config.summaryShape());
        for (long x = 0; x < 400; x++) {
          if (cache.contains(x)) {
            expected.add(x);
          }
        }
        for (long x = 0; x < 400; x++) {
          assertEquals(expected.mightContain(x), book.matching(x).contains(owner), "object " + x + " after update " + updates);
        }
      }
    }
    assertTrue(updates > 100 && deltas > 0, updates + " updates, " + deltas + " deltas");
  }
}
