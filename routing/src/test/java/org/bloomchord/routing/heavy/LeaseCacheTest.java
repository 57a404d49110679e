package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** The lease rules of the path side and the holder table, against hand-computed times. */
class LeaseCacheTest {

  private static final StoredEntry V1 = new StoredEntry("k", new Version(10, 1), "v1");

  @Test
  void aCopyExpiresAtItsSendTimePlusTheLease() {
    LeaseCache c = new LeaseCache(HotKeyOptions.defaults(), 1_000);
    assertTrue(c.offer(V1, 500, 100, 180));
    assertEquals("v1", c.lookup("k", 599).entry().value());
    assertEquals(1, c.lookup("k", 599).remainingMs(599));
    assertNull(c.lookup("k", 600), "expired at 100 + 500, whenever the answer arrived");
  }

  @Test
  void anAnswerAskedForBeforeAnInvalidationIsRefused() {
    LeaseCache c = new LeaseCache(HotKeyOptions.defaults(), 1_000);
    c.invalidate("k", 200);
    assertFalse(c.offer(V1, 500, 150, 250), "get forwarded at 150, invalidated at 200");
    assertNull(c.lookup("k", 260));
    assertTrue(c.offer(V1, 500, 201, 260), "a get forwarded after the invalidation may be kept");
    c.invalidate("k", 300);
    assertNull(c.lookup("k", 301));
  }

  @Test
  void anEvictedMarkerStillRefusesOlderAnswers() {
    HotKeyOptions one = new HotKeyOptions(2, 10_000, HotKeyOptions.defaults().shape(), UpdateRule.CONSERVATIVE, 1, 1, 1);
    LeaseCache c = new LeaseCache(one, 1_000);
    c.invalidate("a", 100);
    c.invalidate("b", 120); // evicts a's marker
    assertFalse(c.offer(new StoredEntry("a", new Version(1, 1), "x"), 500, 90, 130));
    assertTrue(c.offer(new StoredEntry("a", new Version(1, 1), "x"), 500, 101, 130));
  }

  @Test
  void holdersAreBoundedAndRefusedRatherThanForgotten() {
    LeaseHolders h = new LeaseHolders(1, 2);
    PeerRef a = new PeerRef("a", 1);
    PeerRef b = new PeerRef("b", 2);
    PeerRef x = new PeerRef("x", 3);
    assertTrue(h.record("k", a, 1_000, 0));
    assertTrue(h.record("k", b, 2_000, 0));
    assertFalse(h.record("k", x, 1_500, 0), "a third live holder does not fit");
    assertFalse(h.record("other", x, 1_500, 0), "a second key does not fit");
    assertTrue(h.record("k", x, 3_000, 1_000), "a's lease ran out at 1,000: room again");
    assertEquals(Map.of(b, 2_000L, x, 3_000L), h.take("k", 1_000));
    assertNull(h.latest("k"));
  }
}
