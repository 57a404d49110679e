package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Promise;
import java.util.List;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** The lease rules of the path side and the holder table, against hand-computed times and versions. */
class LeaseCacheTest {

  private static final StoredEntry V1 = new StoredEntry("k", new Version(10, 1), "v1");
  private static final StoredEntry V2 = new StoredEntry("k", new Version(20, 1), "v2");
  private static final StoredEntry V3 = new StoredEntry("k", new Version(30, 1), "v3");

  @Test
  void aCopyExpiresAtItsSendTimePlusTheLease() {
    LeaseCache c = new LeaseCache(HotKeyOptions.defaults(), 1_000);
    assertTrue(c.offer(V1, 500, 100, 180));
    assertEquals("v1", c.lookup("k", 599).entry().value());
    assertEquals(1, c.lookup("k", 599).remainingMs(599));
    assertNull(c.lookup("k", 600), "expired at 100 + 500, whenever the answer arrived");
  }

  @Test
  void aPushReplacesAnOlderCopyAndKeepsItsLease() {
    LeaseCache c = new LeaseCache(HotKeyOptions.defaults(), 1_000);
    assertTrue(c.offer(V1, 500, 100, 180));
    assertTrue(c.update(V2, 200));
    assertEquals(V2, c.lookup("k", 599).entry(), "the copy took the pushed version");
    assertNull(c.lookup("k", 600), "a push renews no lease: still 100 + 500");
    assertFalse(c.update(V1, 300), "nothing older replaces anything");
    assertEquals(V2.version(), c.floor("k", 300));
  }

  @Test
  void anAnswerOlderThanAPushedVersionIsRefusedWhenEverItWasAskedFor() {
    LeaseCache c = new LeaseCache(HotKeyOptions.defaults(), 1_000);
    c.update(V2, 200);
    assertNull(c.lookup("k", 201), "a push brings no copy where there was none");
    assertFalse(c.offer(V1, 500, 150, 250), "asked before the push, older than it");
    assertFalse(c.offer(V1, 500, 260, 270), "asked after the push, still older than it");
    assertTrue(c.olderThanPushed(V1, 260, 270));
    assertFalse(c.olderThanPushed(V2, 150, 270));
    assertTrue(c.offer(V2, 500, 150, 250), "the pushed version itself may be kept");
    assertTrue(c.offer(V3, 500, 150, 260), "and a newer one");
    assertFalse(c.offer(V2, 500, 300, 310), "never back to an older one while the copy lives");
    assertEquals(V3, c.lookup("k", 320).entry());
    assertTrue(c.offer(V1, 500, 1_300, 1_310), "a marker lives as long as an answer can be in flight (1,000 ms)");
  }

  @Test
  void anEvictedMarkerStillRefusesOlderAnswers() {
    HotKeyOptions one = new HotKeyOptions(2, 10_000, HotKeyOptions.defaults().shape(), UpdateRule.CONSERVATIVE, 1, 1, 1);
    LeaseCache c = new LeaseCache(one, 1_000);
    c.update(new StoredEntry("a", new Version(5, 1), "x"), 100);
    c.update(new StoredEntry("b", new Version(5, 1), "y"), 120); // evicts a's marker
    assertFalse(c.offer(new StoredEntry("a", new Version(1, 1), "x"), 500, 90, 130));
    assertTrue(c.offer(new StoredEntry("a", new Version(1, 1), "x"), 500, 101, 130));
  }

  @Test
  void holdersAreBoundedAndRefusedRatherThanForgotten() {
    LeaseHolders h = new LeaseHolders(1, 2);
    PeerRef a = new PeerRef("a", 1);
    PeerRef b = new PeerRef("b", 2);
    PeerRef x = new PeerRef("x", 3);
    assertTrue(h.record("k", a, 1_000, V2.version(), 0));
    assertTrue(h.record("k", b, 2_000, V2.version(), 0));
    assertFalse(h.record("k", x, 1_500, V2.version(), 0), "a third live holder does not fit");
    assertFalse(h.record("other", x, 1_500, V2.version(), 0), "a second key does not fit");
    assertTrue(h.record("k", x, 3_000, V2.version(), 1_000), "a's lease ran out at 1,000: room again");
    assertEquals(List.of(b, x), h.live("k", 1_000).stream().map(LeaseHolders.Holder::peer).toList());
    assertEquals(3_000L, h.latest("k"));
    assertEquals(List.of(), h.live("k", 3_000), "every lease ran out");
    assertNull(h.latest("k"));
  }

  @Test
  void aHolderKeepsTheOldestVersionHandedAndTheLatestExpiry() {
    LeaseHolders h = new LeaseHolders(4, 4);
    PeerRef a = new PeerRef("a", 1);
    h.record("k", a, 1_000, V2.version(), 0);
    h.record("k", a, 800, V1.version(), 0);
    LeaseHolders.Holder got = h.live("k", 0).get(0);
    assertEquals(V1.version(), got.version(), "it may still serve the older copy");
    assertEquals(1_000, got.untilMs());
    assertTrue(got.settled().succeeded(), "nothing pushed yet");
    Promise<Void> push = Promise.promise();
    got.pushed(V3.version(), push.future());
    h.record("k", a, 1_200, V3.version(), 100);
    assertEquals(V3.version(), got.version());
    assertFalse(h.live("k", 100).get(0).settled().isComplete(), "the push under way is what a later put waits for");
  }
}
