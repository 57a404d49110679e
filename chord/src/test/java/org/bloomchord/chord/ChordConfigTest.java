package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bloomchord.chord.lookup.LookupMode;
import org.junit.jupiter.api.Test;

class ChordConfigTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    ChordConfig c = ChordConfig.defaults();
    assertEquals(64, c.idBits());
    assertEquals(8, c.successors());
    assertEquals(3, c.replicas());
    assertEquals(500, c.stabilizeMs());
    assertEquals(1, c.virtualNodes());
    assertEquals(LookupMode.RECURSIVE, c.lookupMode());
    assertEquals(2 * 64 + 8 + 16, c.maxHops());
    assertEquals(2 * 8 + 8 + 16, c.withIdBits(8).maxHops());
  }

  @Test
  void invalidSettingsAreRejectedWithTheirName() {
    ChordConfig d = ChordConfig.defaults();
    assertThrows(IllegalArgumentException.class, () -> d.withIdBits(0));
    assertThrows(IllegalArgumentException.class, () -> d.withIdBits(65));
    assertThrows(IllegalArgumentException.class, () -> d.withSuccessors(2, 3));
    assertThrows(IllegalArgumentException.class, () -> d.withPeriods(0, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> d.withTimeouts(1000, 999));
    assertThrows(IllegalArgumentException.class, () -> d.withVirtualNodes(0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.withLookupMode(null));
    assertEquals("lookupMode must be given", e.getMessage());
  }

  @Test
  void joinAttemptsDoubleTheirLookupTimeoutAndTheJoinWaitCoversThemAll() {
    ChordConfig d = ChordConfig.defaults();
    assertEquals(10_000, d.joinLookupTimeoutMs(1));
    assertEquals(20_000, d.joinLookupTimeoutMs(2));
    assertEquals(40_000, d.joinLookupTimeoutMs(3));
    // 3 attempts: (1 + 2 + 4) lookup timeouts plus 2 stabilize periods each
    assertEquals(7 * 10_000 + 3 * 2 * 500, d.joinWaitMs());
  }
}
