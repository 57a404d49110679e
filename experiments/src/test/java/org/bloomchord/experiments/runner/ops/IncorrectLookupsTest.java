package org.bloomchord.experiments.runner.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code incorrect.csv} on an 8-bit ring with ids and times chosen by hand: each wrong answer is
 * written with the oracle's owner, the last moment of the lookup at which the answer was the
 * oracle's owner (rebuilt from the roster's history), and the membership events of both peers.
 */
class IncorrectLookupsTest {

  private static final IdRing RING = new IdRing(8);
  private static final PeerRef A = new PeerRef("a@jvm1", 10);
  private static final PeerRef B = new PeerRef("b@jvm2", 100);
  private static final PeerRef C = new PeerRef("c0@jvm1", 60);

  @TempDir
  Path dir;

  @Test
  void eachWrongAnswerIsWrittenWithWhenItLastOwnedTheKeyAndTheEventsOfBothPeers() throws Exception {
    AtomicLong now = new AtomicLong();
    Roster roster = new Roster(RING, now::get, 0);
    roster.addRemote(A);
    roster.addRemote(B);
    now.set(1_000);
    roster.joiningRemote(C, true);
    now.set(1_400);
    int c = roster.addRemote(C);
    now.set(2_000);
    roster.removeRemote(c, true);
    now.set(2_300);
    roster.departed(C);
    now.set(3_000);
    Path file = dir.resolve("incorrect.csv");
    try (IncorrectLookups log = new IncorrectLookups(file)) {
      // key 50, issued at 0.5 s: C (60) owned it from 1.4 s to 2.0 s, the crash's start
      assertFalse(roster.judge(50, C, 500));
      log.record(roster, new PeerRef("o@jvm0", 200), "key-7", 50, 500, found(50, C, 3));
      // A (10) never owned 50
      assertFalse(roster.judge(50, A, 2_500));
      log.record(roster, new PeerRef("o@jvm0", 200), "key-8", 50, 2_500, found(50, A, 1));
      assertEquals(2, log.written());
    }
    List<String> lines = Files.readAllLines(file);
    assertEquals(IncorrectLookups.HEADER, lines.get(0));
    assertEquals(List.of("0.500", "3.000", "o@jvm0", "key-7", IdRing.format(50), C.toString(), B.toString(), "3", "3",
        "0", "2.000", "join-started@jvm1:1.000;joined@jvm1:1.400;crash@jvm1:2.000;departed@jvm1:2.300",
        "joined@jvm2:0.000"),
        List.of(lines.get(1).split(",", -1)));
    assertEquals(List.of("2.500", "3.000", "o@jvm0", "key-8", IdRing.format(50), A.toString(), B.toString(), "1", "1",
        "0", "", "joined@jvm1:0.000", "joined@jvm2:0.000"), List.of(lines.get(2).split(",", -1)),
        "A never owned 50; events from 5 s before the lookup");
  }

  @Test
  void lastOwnedIsTheEndOfTheLatestIntervalOfTheLookupInWhichTheAnswerWasTheOwner() {
    RingHistory history = new RingHistory();
    history.record(0, A, RingHistory.Kind.JOINED);
    history.record(0, B, RingHistory.Kind.JOINED);
    history.record(1_000, C, RingHistory.Kind.JOINED);
    history.record(2_000, C, RingHistory.Kind.LEAVING);
    history.record(2_500, B, RingHistory.Kind.CRASHING);
    List<PeerRef> ring = List.of(A);
    long mask = RING.mask();
    assertEquals(3_000, history.lastOwned(50, A, ring, 500, 3_000, mask), "A owns 50 after B's crash");
    assertEquals(2_500, history.lastOwned(50, B, ring, 500, 3_000, mask), "B until its crash started");
    assertEquals(2_000, history.lastOwned(50, C, ring, 500, 3_000, mask), "C between its join and its leave");
    assertEquals(-1, history.lastOwned(50, C, ring, 2_100, 3_000, mask), "C left before the lookup started");
    assertEquals(-1, history.lastOwned(50, A, ring, 500, 2_400, mask), "B owned 50 throughout");
    assertEquals(800, history.lastOwned(50, B, ring, 500, 800, mask), "B at the lookup's end, before C joined");
  }

  private static LookupResult found(long key, PeerRef answer, int hops) {
    return LookupResult.found(key, answer, List.of(answer), hops, hops, 0, 100);
  }
}
