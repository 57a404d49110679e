package org.bloomchord.chord.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.bloomchord.chord.ring.IdRing;
import org.junit.jupiter.api.Test;

class StoreTest {

  private final IdRing ring = new IdRing(16);

  @Test
  void versionsOrderByCounterThenUnsignedWriter() {
    assertTrue(new Version(2, 1).compareTo(new Version(1, 99)) > 0);
    assertTrue(new Version(1, -1).compareTo(new Version(1, 5)) > 0, "writer ids compare unsigned");
    assertEquals(0, new Version(3, 3).compareTo(new Version(3, 3)));
    assertThrows(IllegalArgumentException.class, () -> new Version(-1, 0));
  }

  @Test
  void nextVersionExceedsThePreviousAndFollowsTheClock() {
    Version v1 = Version.next(null, 0, 7);
    assertEquals(new Version(1, 7), v1);
    assertEquals(new Version(2, 7), Version.next(v1, 0, 7));
    // the clock moved on: physical part 500 ms, logical part 0
    Version v500 = Version.next(v1, 500, 8);
    assertEquals(new Version(500L << 16, 8), v500);
    assertEquals(500, v500.physicalMs());
    // a primary whose clock is behind still writes a newer version: logical part + 1
    assertEquals(new Version((500L << 16) + 1, 9), Version.next(v500, 400, 9));
  }

  @Test
  void versionsNeverOverflowAndAReceivedVersionIsWithinReachOfTheNextWrite() {
    assertThrows(IllegalArgumentException.class, () -> new Version(Long.MAX_VALUE, 1));
    assertThrows(IllegalArgumentException.class, () -> new Version(Version.MAX_COUNTER + 1, 1));
    // a clock beyond the largest physical time saturates instead of wrapping
    Version far = Version.next(null, Long.MAX_VALUE, 1);
    assertEquals(Version.MAX_PHYSICAL_MS, far.physicalMs());
    assertTrue(Version.next(far, 0, 1).newerThan(far));
    // plausibility: at most maxClockAhead beyond the receiver's clock
    Version ahead = Version.next(null, 70_000, 3);
    assertTrue(ahead.plausibleAt(10_000, 60_000));
    assertTrue(!ahead.plausibleAt(9_999, 60_000));
    // whatever a peer accepted, its next write at its own clock is newer
    Version accepted = Version.next(null, 10_000 + 60_000, 3);
    assertTrue(Version.next(accepted, 10_000, 4).newerThan(accepted));
  }

  @Test
  void tombstonesAreCollectedOnlyAfterTheirGracePeriod() {
    LocalStore s = new LocalStore(new org.bloomchord.chord.ring.IdRing(16));
    s.merge(new StoredEntry("old", Version.next(null, 1_000, 1), null));
    s.merge(new StoredEntry("recent", Version.next(null, 5_000, 1), null));
    s.merge(new StoredEntry("live", Version.next(null, 1_000, 1), "v"));
    assertEquals(1, s.collectTombstones(2_000));
    assertEquals(false, s.contains("old"));
    assertEquals(true, s.contains("recent"));
    assertEquals(true, s.contains("live"));
  }

  @Test
  void mergeKeepsTheNewestVersionWhateverTheOrder() {
    List<StoredEntry> writes = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      writes.add(new StoredEntry("k" + (i % 4), new Version(i, i % 3), i % 5 == 0 ? null : "v" + i));
    }
    LocalStore a = new LocalStore(ring);
    a.mergeAll(writes);
    LocalStore b = new LocalStore(ring);
    List<StoredEntry> shuffled = new ArrayList<>(writes);
    Collections.shuffle(shuffled, new Random(3));
    b.mergeAll(shuffled);
    assertEquals(a.all(), b.all(), "replicas converge");
    assertEquals(new Version(20, 2), a.get("k0").version());
    assertNull(a.get("k0").value(), "a newer tombstone wins");
    assertEquals(MergeOutcome.KEPT, a.merge(new StoredEntry("k1", new Version(1, 0), "old")));
    assertEquals(MergeOutcome.ADDED, a.merge(new StoredEntry("new", new Version(1, 0), "x")));
    assertEquals(4, a.liveSize());
  }

  @Test
  void rangeSelectsKeysByTheirRingIdAcrossZero() {
    LocalStore s = new LocalStore(ring);
    for (int i = 0; i < 200; i++) {
      s.merge(new StoredEntry("key" + i, new Version(1, 0), "v"));
    }
    long from = 60_000;
    long to = 5_000;
    List<StoredEntry> in = s.range(from, to);
    int expected = 0;
    for (int i = 0; i < 200; i++) {
      long id = ring.hash("key" + i);
      if (id > from || id <= to) {
        expected++;
      }
    }
    assertEquals(expected, in.size());
    assertEquals(200, s.range(7, 7).size(), "(a, a] is the whole ring");
  }
}
