package org.bloomchord.routing.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.junit.jupiter.api.Test;

class LinkFiltersTest {

  private static final BloomShape SHAPE = new BloomShape(4096, 3);
  private final PeerRef a = new PeerRef("a", 1);
  private final PeerRef b = new PeerRef("b", 2);
  private final PeerRef c = new PeerRef("c", 3);

  private static BloomFilter localOf(long... keys) {
    BloomFilter f = new BloomFilter(SHAPE);
    for (long k : keys) {
      f.add(k);
    }
    return f;
  }

  @Test
  void summaryPutsLocalObjectsAtLevelOneAndNeighboursObjectsOneLevelDeeper() {
    // chain a -> b -> c: c holds key 30, b holds key 20
    LinkFilters atB = new LinkFilters(3, SHAPE);
    AttenuatedFilter fromC = new LinkFilters(3, SHAPE).summaryFor(localOf(30), b);
    atB.update(c, fromC, 1, 0);
    AttenuatedFilter fromB = atB.summaryFor(localOf(20), a);

    assertTrue(fromB.matchesAt(1, SHAPE.probes(20L)));
    assertEquals(1, fromB.lowestMatchingLevel(SHAPE.probes(20L)));
    assertEquals(2, fromB.lowestMatchingLevel(SHAPE.probes(30L)));
    assertEquals(0, fromB.lowestMatchingLevel(SHAPE.probes(99L)));
  }

  @Test
  void summaryLeavesOutWhatCameFromTheAsker() {
    LinkFilters atB = new LinkFilters(2, SHAPE);
    atB.update(a, new LinkFilters(2, SHAPE).summaryFor(localOf(10), b), 1, 0);
    atB.update(c, new LinkFilters(2, SHAPE).summaryFor(localOf(30), b), 1, 0);

    AttenuatedFilter forA = atB.summaryFor(localOf(), a);
    assertFalse(forA.matchesAt(2, SHAPE.probes(10L)), "a's own object must not come back to a");
    assertTrue(forA.matchesAt(2, SHAPE.probes(30L)));
  }

  @Test
  void candidatesComeLowestLevelFirstAndRespectTheBudget() {
    LinkFilters atA = new LinkFilters(3, SHAPE);
    BloomFilter empty = localOf();
    BloomFilter holder = localOf(7);
    atA.update(b, new AttenuatedFilter(empty, empty, holder), 1, 0);
    atA.update(c, new AttenuatedFilter(holder, empty, empty), 1, 0);

    List<LinkFilters.Candidate> all = atA.candidates(SHAPE.probes(7L), 3);
    assertEquals(List.of(new LinkFilters.Candidate(c, 1), new LinkFilters.Candidate(b, 3)), all);
    assertEquals(List.of(new LinkFilters.Candidate(c, 1)), atA.candidates(SHAPE.probes(7L), 2));
  }

  @Test
  void retainAndExpireDropStaleLinks() {
    LinkFilters t = new LinkFilters(2, SHAPE);
    t.update(b, AttenuatedFilter.empty(2, SHAPE), 5, 100);
    t.update(c, AttenuatedFilter.empty(2, SHAPE), 6, 200);
    assertEquals(5, t.knownVersion(b));
    assertEquals(1, t.expire(150));
    assertEquals(0, t.knownVersion(b));
    assertEquals(1, t.retain(List.of(a)));
    assertTrue(t.links().isEmpty());
  }

  @Test
  void theGenerationMovesWithEveryChangeOfContentAndOnlyThen() {
    // a peer answers summary requests from its last reply while the generation stands still, so
    // every change of what a summary is made of must move it, and a refresh must not
    LinkFilters t = new LinkFilters(2, SHAPE);
    long g = t.generation();
    t.update(b, new LinkFilters(2, SHAPE).summaryFor(localOf(20), a), 1, 100);
    assertTrue(t.generation() > g, "a new filter");
    AttenuatedFilter before = t.summaryFor(localOf(), a);
    g = t.generation();
    t.touch(b, 150);
    t.retain(List.of(b, c));
    t.expire(50);
    t.remove(c);
    assertEquals(g, t.generation(), "refreshes and no-ops keep the generation");
    assertEquals(before, t.summaryFor(localOf(), a), "and the summary");
    t.update(c, new LinkFilters(2, SHAPE).summaryFor(localOf(30), a), 1, 160);
    assertTrue(t.generation() > g, "a second link");
    g = t.generation();
    assertEquals(1, t.expire(155));
    assertTrue(t.generation() > g, "an expired filter");
    g = t.generation();
    assertEquals(1, t.retain(List.of(a)));
    assertTrue(t.generation() > g, "a link no longer kept");
    t.update(b, AttenuatedFilter.empty(2, SHAPE), 2, 200);
    g = t.generation();
    t.remove(b);
    assertTrue(t.generation() > g, "a link forgotten");
  }

  @Test
  void filtersOfAnotherShapeOrDepthAreRefused() {
    LinkFilters t = new LinkFilters(2, SHAPE);
    assertThrows(IllegalArgumentException.class, () -> t.update(b, AttenuatedFilter.empty(3, SHAPE), 1, 0));
    assertThrows(IllegalArgumentException.class,
        () -> t.update(b, AttenuatedFilter.empty(2, new BloomShape(2048, 3)), 1, 0));
  }
}
