package org.bloomchord.experiments.runner.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.churn.Population;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The roster's hosts of child JVMs ({@code run --jvms}) on an 8-bit ring with ids chosen by hand:
 * they are numbered, churned and judged like this JVM's, a killed JVM's hosts leave at once, and a
 * churn joiner under way in a child is accepted as a lookup's answer exactly where it will stand
 * (between the key and the oracle's successor).
 */
class RosterRemoteTest {

  private static final IdRing RING = new IdRing(8);

  private static PeerRef peer(String address, long id) {
    return new PeerRef(address, id);
  }

  @Test
  void childrensHostsAreNumberedAndLeaveWithTheirJvm() {
    Roster roster = new Roster(RING);
    int a = roster.addRemote(peer("p1@jvm1", 10));
    int b = roster.addRemote(peer("p2@jvm2", 100));
    int c = roster.addRemote(peer("p3@jvm1", 200));
    assertEquals(List.of(0, 1, 2), List.of(a, b, c));
    assertEquals(3, roster.size());
    assertEquals(0, roster.localSize(), "no host of this JVM");
    Population population = roster.population();
    assertEquals(List.of(0, 1, 2), population.alive(), "churn models see every JVM's hosts");
    assertNull(roster.pick(new SplittableRandom(1)), "operations start from this JVM's hosts only");
    assertEquals("p2@jvm2", roster.removeRemote(b, true).address());
    assertNull(roster.removeRemote(b, true), "removed once");
    assertEquals(List.of(0, 2), roster.removeNode("jvm1"));
    assertEquals(0, roster.size());
    assertFalse(roster.contains(a));
  }

  @Test
  void aJoinerUnderWayInAChildIsRightOnlyWhereItWillStand() {
    Roster roster = new Roster(RING);
    roster.addRemote(peer("a@jvm1", 10));
    roster.addRemote(peer("b@jvm2", 100));
    PeerRef joiner = peer("c0@jvm1", 60);
    // key 50: the oracle says b (100); the joiner at 60 lies between the key and b
    assertTrue(roster.judge(50, peer("b@jvm2", 100), 0));
    assertFalse(roster.judge(50, joiner, 0), "not yet under way: a wrong answer");
    roster.joiningRemote(joiner, true);
    assertTrue(roster.judge(50, joiner, 0), "under way, between the key and the oracle's successor");
    assertTrue(roster.judge(60, joiner, 0), "its own id");
    assertFalse(roster.judge(70, joiner, 0), "past the joiner: b is right, the joiner is not");
    assertFalse(roster.judge(5, joiner, 0), "a (10) comes first");
    // wrapping around zero: key 250, oracle successor a (10); a joiner at 3 stands between
    PeerRef wrap = peer("c1@jvm2", 3);
    roster.joiningRemote(wrap, true);
    assertTrue(roster.judge(250, wrap, 0));
    // once the child reports the join, it is on the ring and no longer under way
    roster.addRemote(7, joiner);
    assertTrue(roster.judge(50, joiner, 0));
    assertFalse(roster.judge(50, peer("b@jvm2", 100), 0), "b is no longer the owner of 50");
  }
}
