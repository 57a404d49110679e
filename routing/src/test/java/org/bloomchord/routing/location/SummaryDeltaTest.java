package org.bloomchord.routing.location;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.ConditionedBits;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.junit.jupiter.api.Test;

/**
 * Delta summaries against the oracle of a full pull: whatever two versions of a summary are, the
 * base with the changes applied, after a trip through the wire codecs, is exactly the filter the
 * full summary decodes to, with the same version; and a damaged delta is either rejected or fails
 * the version check, never taken for another filter.
 */
class SummaryDeltaTest {

  private final ChordConfig chord = ChordConfig.defaults();

  /** A summary of d levels with about {@code perLevel * i} keys at level i drawn from {@code keys}. */
  private static AttenuatedFilter summary(int depth, BloomShape shape, long[] keys, int perLevel,
      SplittableRandom random) {
    BloomFilter[] levels = new BloomFilter[depth];
    for (int i = 0; i < depth; i++) {
      levels[i] = new BloomFilter(shape);
      int n = Math.min(keys.length, perLevel * (i + 1) * (i + 1));
      for (int k = 0; k < n; k++) {
        levels[i].add(keys[random.nextInt(keys.length)]);
      }
    }
    return new AttenuatedFilter(levels);
  }

  /** The next version: some keys gone, some new, a level possibly left alone or rebuilt. */
  private static AttenuatedFilter evolve(AttenuatedFilter base, long[] keys, SplittableRandom random) {
    BloomFilter[] levels = base.levels();
    for (int i = 0; i < levels.length; i++) {
      switch (random.nextInt(4)) {
        case 0 -> { } // unchanged level
        case 1 -> { // a few objects published
          for (int k = random.nextInt(1, 20); k > 0; k--) {
            levels[i].add(keys[random.nextInt(keys.length)] ^ 0x5DEECE66DL);
          }
        }
        case 2 -> { // some bits gone (objects unpublished, a link dropped)
          for (int k = random.nextInt(1, 40); k > 0; k--) {
            long bit = random.nextLong(levels[i].bits());
            if (levels[i].get(bit)) {
              levels[i] = flip(levels[i], bit);
            }
          }
        }
        default -> { // rebuilt from other keys altogether
          levels[i] = new BloomFilter(levels[i].shape());
          for (int k = random.nextInt(0, 400); k > 0; k--) {
            levels[i].add(random.nextLong());
          }
        }
      }
    }
    return new AttenuatedFilter(levels);
  }

  private static BloomFilter flip(BloomFilter f, long bit) {
    long[] words = f.toLongArray();
    words[(int) (bit >>> 6)] ^= 1L << bit;
    return BloomFilter.of(f.shape(), words);
  }

  @Test
  void aDeltaRebuildsExactlyTheFilterAFullPullWouldGive() {
    SplittableRandom random = new SplittableRandom(20_261_123);
    int deltasShorter = 0;
    for (int trial = 0; trial < 300; trial++) {
      int depth = 1 + random.nextInt(4);
      int bits = 64 << random.nextInt(8);
      BloomShape shape = new BloomShape(bits, 1 + random.nextInt(4));
      LocationConfig config = LocationConfig.defaults().withFilters(depth, bits).withHashes(shape.hashes());
      WireRegistry registry = LocationWire.register(ChordWire.registry(chord), config, chord);
      long[] keys = random.longs(1 + random.nextInt(2000)).toArray();
      AttenuatedFilter base = summary(depth, shape, keys, 1 + random.nextInt(60), random);
      AttenuatedFilter current = base;
      for (int step = 0; step < 4; step++) {
        current = evolve(current, keys, random);
      }

      SummaryReply full = (SummaryReply) registry.decode(registry.encode(
          new SummaryReply(SummaryCoding.version(current), SummaryCoding.encode(current))));
      AttenuatedFilter pulled = SummaryCoding.decode(full.levels(), depth, shape);

      SummaryDelta delta = (SummaryDelta) registry.decode(registry.encode(new SummaryDelta(
          SummaryCoding.version(current), SummaryCoding.delta(base, current))));
      AttenuatedFilter rebuilt = SummaryCoding.applyDelta(base, delta.levels());
      // the serving side's form, from the base kept in its coding, gives the very same bytes
      List<byte[]> fromCodings = SummaryCoding.delta(SummaryCoding.encode(base), SummaryCoding.encode(current), current);
      for (int i = 0; i < depth; i++) {
        assertArrayEquals(delta.levels().get(i), fromCodings.get(i), "trial " + trial + ", level " + (i + 1));
      }

      assertEquals(pulled, rebuilt, "trial " + trial);
      assertEquals(full.version(), SummaryRequest.tag(SummaryCoding.version(rebuilt)));
      // a delta carries the version's tag; the asker checks it against the hash of what it rebuilt
      assertEquals(delta.version(), SummaryRequest.tag(SummaryCoding.version(rebuilt)));
      if (delta.encodedBytes() < SummaryCoding.encodedBytes(full.levels())) {
        deltasShorter++;
      }
    }
    assertTrue(deltasShorter > 0, "no delta was ever shorter than the full summary");
  }

  @Test
  void anUnchangedLevelCostsNoBytesAndFewChangesCostFewBytes() {
    BloomShape shape = LocationConfig.defaults().shape();
    SplittableRandom random = new SplittableRandom(7);
    AttenuatedFilter base = summary(3, shape, random.longs(3000).toArray(), 40, random);
    BloomFilter[] levels = base.levels();
    levels[1].add(123L);
    AttenuatedFilter current = new AttenuatedFilter(levels);
    List<byte[]> delta = SummaryCoding.delta(base, current);
    assertEquals(0, delta.get(0).length);
    assertEquals(0, delta.get(2).length);
    assertTrue(delta.get(1).length <= 1 + 3 * 2, "3 changed bits of 4096 in " + delta.get(1).length + " bytes");
    assertEquals(current, SummaryCoding.applyDelta(base, delta));
  }

  @Test
  void aDamagedDeltaIsRejectedOrFailsTheVersionCheckNeverYieldsAnotherFilter() {
    LocationConfig config = LocationConfig.defaults();
    BloomShape shape = config.shape();
    LocationWire wire = new LocationWire(config, chord);
    SplittableRandom random = new SplittableRandom(11);
    long[] keys = random.longs(2000).toArray();
    int rejected = 0;
    for (int trial = 0; trial < 400; trial++) {
      AttenuatedFilter base = summary(3, shape, keys, 30, random);
      AttenuatedFilter current = evolve(base, keys, random);
      List<byte[]> levels = new ArrayList<>(SummaryCoding.delta(base, current));
      int i = random.nextInt(levels.size());
      byte[] damaged = levels.get(i).clone();
      switch (damaged.length == 0 ? 2 : random.nextInt(3)) {
        case 0 -> damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
        case 1 -> damaged = java.util.Arrays.copyOf(damaged, Math.max(0, damaged.length - 1 - random.nextInt(3)));
        default -> damaged = java.util.Arrays.copyOf(damaged, damaged.length + 1 + random.nextInt(3));
      }
      levels.set(i, damaged);
      SummaryDelta delta = new SummaryDelta(SummaryCoding.version(current), levels);
      try {
        wire.check(delta);
        AttenuatedFilter rebuilt = SummaryCoding.applyDelta(base, delta.levels());
        if (SummaryCoding.version(rebuilt) == delta.version()) {
          assertEquals(current, rebuilt, "trial " + trial + ": a damaged delta passed as another filter");
        } else {
          assertNotEquals(current, rebuilt);
          rejected++;
        }
      } catch (MalformedMessageException e) {
        rejected++;
      }
    }
    assertTrue(rejected > 350, "rejected " + rejected);
  }

  @Test
  void theWireRejectsDeltasOfAnotherDepthOrWithoutVersions() {
    LocationConfig config = LocationConfig.defaults();
    WireRegistry registry = LocationWire.register(ChordWire.registry(chord), config, chord);
    AttenuatedFilter a = AttenuatedFilter.empty(3, config.shape());
    AttenuatedFilter deep = AttenuatedFilter.empty(4, config.shape());
    assertThrows(MalformedMessageException.class,
        () -> registry.decode(registry.encode(new SummaryDelta(2, SummaryCoding.delta(deep, deep)))), "depth 4");
    assertThrows(MalformedMessageException.class,
        () -> registry.decode(registry.encode(new SummaryDelta(0, SummaryCoding.delta(a, a)))), "no version");
    long[] all = new long[2 * config.shape().words()];
    java.util.Arrays.fill(all, -1L);
    // a level given the base's (empty) level whose one part claims twice the positions it has
    byte[] tooMany = new ConditionedBits.Packer().bits(SummaryCoding.GIVEN_BASE, 1)
        .parts(all, 2 * config.shape().bits(), new long[all.length]).toByteArray();
    // a delta's levels decode only against their base: the wire passes them, the asker rejects them
    SummaryDelta many = (SummaryDelta) registry.decode(registry.encode(new SummaryDelta(2, List.of(tooMany, tooMany, tooMany))));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.applyDelta(a, many.levels()),
        "more changed bits than a level has");
    byte[] tooLong = new byte[SummaryCoding.maxLevelBytes(config.shape()) + 1];
    assertThrows(MalformedMessageException.class,
        () -> registry.decode(registry.encode(new SummaryDelta(2, List.of(tooLong, tooLong, tooLong)))),
        "level longer than a plain one");
    SummaryDelta ok = new SummaryDelta(2, SummaryCoding.delta(a, a));
    SummaryDelta back = (SummaryDelta) registry.decode(registry.encode(ok));
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(ok.levels().get(i), back.levels().get(i));
    }
  }

  @Test
  void countChangesRebuildTheCountsAndOutOfRangeOnesAreRejected() {
    int[] before = {3, 40, 900};
    int[] after = {2, 55, 1200};
    assertArrayEquals(after, SummaryCoding.withCountChanges(before, SummaryCoding.countChanges(before, after)));
    assertEquals(null, SummaryCoding.countChanges(before, before.clone()));
    assertArrayEquals(before, SummaryCoding.withCountChanges(before, null));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.withCountChanges(before, new int[] {-4, 0, 0}));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.withCountChanges(before, new int[] {0, 0}));
    assertThrows(MalformedMessageException.class,
        () -> SummaryCoding.withCountChanges(new int[] {SummaryCoding.MAX_COUNT, 0, 0}, new int[] {1, 0, 0}));
    LocationConfig config = LocationConfig.defaults();
    WireRegistry registry = LocationWire.register(ChordWire.registry(chord), config, chord);
    AttenuatedFilter a = AttenuatedFilter.empty(3, config.shape());
    SummaryDelta ok = new SummaryDelta(2, SummaryCoding.delta(a, a), new int[] {-1, 0, 300});
    assertArrayEquals(ok.counts(), ((SummaryDelta) registry.decode(registry.encode(ok))).counts());
    SummaryDelta huge = new SummaryDelta(2, SummaryCoding.delta(a, a), new int[] {0, Integer.MIN_VALUE, 0});
    assertThrows(MalformedMessageException.class, () -> registry.decode(registry.encode(huge)), "a change beyond any count");
  }

  @Test
  void objectsThatComeAtTwoLevelsAreCodedGivenTheLevelBelowAndRebuildExactly() {
    BloomShape shape = LocationConfig.defaults().shape();
    SplittableRandom random = new SplittableRandom(17);
    AttenuatedFilter base = summary(3, shape, random.longs(3000).toArray(), 40, random);
    BloomFilter[] levels = base.levels();
    for (int k = 0; k < 30; k++) {
      long key = random.nextLong();
      levels[1].add(key);
      levels[2].add(key);
    }
    AttenuatedFilter current = new AttenuatedFilter(levels);
    List<byte[]> delta = SummaryCoding.delta(base, current);
    byte[] third = delta.get(2);
    assertEquals(SummaryCoding.GIVEN_BASE_AND_BELOW, (third[0] & 0xFF) >>> 7, "level 3 coded given the level below");
    long[] xor = base.level(3).toLongArray();
    for (int w = 0; w < xor.length; w++) {
      xor[w] ^= current.word(3, w);
    }
    int givenBase = new ConditionedBits.Packer().bits(SummaryCoding.GIVEN_BASE, 1)
        .parts(xor, shape.bits(), base.level(3).toLongArray()).toByteArray().length;
    assertTrue(third.length < 0.8 * givenBase, third.length + " bytes, " + givenBase + " given the base alone");
    assertEquals(current, SummaryCoding.applyDelta(base, delta));
  }

  @Test
  void aFirstLevelCodedGivenALevelBelowAndCodesBeyondOrShortOfTheBytesAreRejected() {
    BloomShape shape = LocationConfig.defaults().shape();
    SplittableRandom random = new SplittableRandom(19);
    AttenuatedFilter base = summary(3, shape, random.longs(3000).toArray(), 40, random);
    BloomFilter[] levels = base.levels();
    levels[0].add(99L);
    levels[1].add(99L);
    levels[2].add(99L);
    AttenuatedFilter current = new AttenuatedFilter(levels);
    List<byte[]> delta = SummaryCoding.delta(base, current);
    assertEquals(current, SummaryCoding.applyDelta(base, delta));
    byte[] first = delta.get(0).clone();
    first[0] |= (byte) 0x80;
    assertThrows(MalformedMessageException.class,
        () -> SummaryCoding.applyDelta(base, List.of(first, delta.get(1), delta.get(2))), "level 1 has no level below");
    byte[] cut = {(byte) 0x80};
    assertThrows(MalformedMessageException.class,
        () -> SummaryCoding.applyDelta(base, List.of(delta.get(0), delta.get(1), cut)), "parts beyond the bytes");
    byte[] longer = java.util.Arrays.copyOf(delta.get(2), delta.get(2).length + 1);
    assertThrows(MalformedMessageException.class,
        () -> SummaryCoding.applyDelta(base, List.of(delta.get(0), delta.get(1), longer)), "a trailing byte");
  }
}
