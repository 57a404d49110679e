package org.bloomchord.experiments.runner.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The judge's answer window on an 8-bit ring with ids and times chosen by hand: an answer is right
 * when it was the oracle's owner at some moment of the lookup no more than the window before the
 * lookup completed, and wrong when it owned the key at no moment of the lookup or only earlier.
 * A(10) and B(100) are on the ring; C(60) joins at 1 s and departs at 3 s, so key 50 belongs to B
 * until 1 s, to C until 3 s, and to B again after.
 */
class RosterAnswerWindowTest {

  private static final IdRing RING = new IdRing(8);
  private static final long WINDOW_MS = 4_000;
  private static final PeerRef A = new PeerRef("a@jvm1", 10);
  private static final PeerRef B = new PeerRef("b@jvm2", 100);
  private static final PeerRef C = new PeerRef("c0@jvm1", 60);

  private final AtomicLong now = new AtomicLong();

  /** A and B at 0 s, C's join ended at 1 s; returns C's number. */
  private int joinC(Roster roster) {
    roster.addRemote(A);
    roster.addRemote(B);
    now.set(1_000);
    return roster.addRemote(C);
  }

  @Test
  void anAnswerThatOwnedTheKeyWithinTheWindowOfTheLookupIsRight() {
    Roster roster = new Roster(RING, now::get, WINDOW_MS);
    int c = joinC(roster);
    now.set(1_500);
    assertTrue(roster.judge(50, B, 500), "B owned 50 until C's join ended at 1 s, 0.5 s before the answer arrived");
    assertTrue(roster.judge(50, B, 500), "judging does not change the history");
    now.set(3_000);
    roster.removeRemote(c, true);
    now.set(3_200);
    assertTrue(roster.judge(50, C, 2_000), "C owned 50 until its crash started at 3 s");
    assertTrue(roster.judge(50, B, 2_000), "B owns 50 again now");
  }

  @Test
  void anAnswerThatNeverOwnedTheKeyWhileTheLookupRanIsWrong() {
    Roster roster = new Roster(RING, now::get, WINDOW_MS);
    int c = joinC(roster);
    now.set(1_500);
    assertFalse(roster.judge(50, B, 1_200), "issued after C's join ended: B was never the owner of this lookup");
    assertFalse(roster.judge(50, A, 500), "A owns no key between 10 and 100 at any time");
    assertFalse(roster.judge(70, C, 500), "C never owned 70 (B did)");
    now.set(3_000);
    roster.removeRemote(c, true);
    now.set(3_500);
    assertFalse(roster.judge(50, C, 3_100), "issued after C's crash started");
  }

  @Test
  void anAnswerThatOwnedTheKeyOnlyBeforeTheWindowIsWrong() {
    Roster roster = new Roster(RING, now::get, WINDOW_MS);
    int c = joinC(roster);
    now.set(3_000);
    roster.removeRemote(c, false);
    now.set(6_900);
    assertTrue(roster.judge(50, C, 2_000), "C owned 50 until its leave started at 3 s, 3.9 s before the answer arrived");
    now.set(7_500);
    assertFalse(roster.judge(50, C, 2_000), "C owned 50 until 3 s, 4.5 s before the answer arrived");
  }

  @Test
  void withoutAWindowOnlyTheOwnerAtCompletionIsRight() {
    Roster roster = new Roster(RING, now::get, 0);
    joinC(roster);
    now.set(1_500);
    assertFalse(roster.judge(50, B, 500));
    assertTrue(roster.judge(50, C, 500));
    assertThrows(IllegalArgumentException.class, () -> new Roster(RING, now::get, -1));
  }

  @Test
  void theWindowIsTheCeilingOfTheAdaptiveRequestTimeout() {
    ChordConfig defaults = ChordConfig.defaults();
    assertEquals(4 * defaults.requestTimeoutMs(), Roster.answerWindowMs(defaults));
    ChordConfig shortLookups = defaults.toBuilder().requestTimeoutMs(1_000).lookupTimeoutMs(2_500).build();
    assertEquals(2_500, Roster.answerWindowMs(shortLookups), "never longer than a whole lookup may take");
  }
}
