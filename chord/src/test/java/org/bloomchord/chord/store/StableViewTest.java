package org.bloomchord.chord.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The minority refusal's view on a 10-bit ring with hand-placed peers: what it follows (a joiner
 * in front, a joiner behind, after a quiet period) and what it keeps (a predecessor or a replica
 * target lost, until the old neighbourhood is back or the expiry passed).
 */
class StableViewTest {

  private static final IdRing RING = new IdRing(10);
  private static final long QUIET = 1_000;
  private static final long EXPIRY = 60_000;

  private static PeerRef p(long id) {
    return new PeerRef("p" + id, id);
  }

  private final PeerRef self = p(500);
  private final PeerRef pred = p(400);
  private final List<PeerRef> targets = List.of(p(600), p(700));
  private final List<PeerRef> successors = List.of(p(600), p(700), p(800), p(900));

  private StableView view() {
    StableView v = new StableView(RING, self, QUIET, EXPIRY);
    v.observe(0, pred, targets, successors);
    return v;
  }

  @Test
  void theFirstViewIsTakenAsFoundAndOwnsThePrimaryRange() {
    StableView v = view();
    assertTrue(v.owns(450));
    assertTrue(v.owns(500));
    assertFalse(v.owns(400));
    assertFalse(v.owns(550));
    assertTrue(v.counts(p(600)) && v.counts(p(700)) && !v.counts(p(800)));
    assertEquals(3, v.replicaSet());
  }

  @Test
  void aJoinerBetweenPredecessorAndSelfShrinksTheRangeOnceQuiet() {
    StableView v = view();
    PeerRef joiner = p(450);
    v.observe(10, joiner, targets, successors);
    assertTrue(v.owns(420), "not before the quiet period");
    v.observe(10 + QUIET, joiner, targets, successors);
    assertFalse(v.owns(420), "the joiner's keys are its own");
    assertTrue(v.owns(480));
  }

  @Test
  void aLostPredecessorOrTargetKeepsTheOldViewUntilTheExpiry() {
    StableView v = view();
    // a split: the predecessor and the first target are on the other side
    PeerRef farPred = p(300);
    List<PeerRef> sideTargets = List.of(p(700), p(900));
    List<PeerRef> sideSuccessors = List.of(p(700), p(900), p(950));
    v.observe(10, farPred, sideTargets, sideSuccessors);
    v.observe(10 + QUIET, farPred, sideTargets, sideSuccessors);
    assertFalse(v.owns(350), "the range gained is not written while the old view holds");
    assertTrue(v.owns(450));
    assertFalse(v.counts(p(900)), "a copy on a new target does not count");
    v.observe(10 + QUIET + EXPIRY - 1, farPred, sideTargets, sideSuccessors);
    assertFalse(v.owns(350));
    v.observe(10 + QUIET + EXPIRY, farPred, sideTargets, sideSuccessors);
    assertTrue(v.owns(350), "the expiry passed: the current neighbourhood is taken");
    assertEquals(1, v.expired());
  }

  @Test
  void theOldNeighbourhoodBackEndsTheWaitWithoutExpiry() {
    StableView v = view();
    v.observe(10, p(300), List.of(p(700), p(900)), List.of(p(700), p(900)));
    v.observe(10 + QUIET, p(300), List.of(p(700), p(900)), List.of(p(700), p(900)));
    v.observe(20 + QUIET, pred, targets, successors);
    // a later joiner in front is followed again once quiet
    v.observe(30 + QUIET, p(450), targets, successors);
    v.observe(30 + 2 * QUIET, p(450), targets, successors);
    assertFalse(v.owns(420));
    assertEquals(0, v.expired());
  }
}
