package org.bloomchord.routing.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LocationConfigTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    LocationConfig c = LocationConfig.defaults();
    assertEquals(3, c.depth());
    assertEquals(4096, c.bitsPerLevel());
    assertEquals(3, c.hashes());
    assertEquals(1000, c.refreshMs());
    assertEquals(30_000, c.leaseMs());
    assertEquals(32, c.maxQueryHops());
    assertEquals(3000, c.filterExpiryMs(), "3 refresh periods when given as 0");
    assertEquals(600, c.withPeriods(200, 3000).filterExpiryMs(), "the expiry follows a new refresh period");
  }

  @Test
  void outOfRangeSettingsAreRefused() {
    LocationConfig d = LocationConfig.defaults();
    assertThrows(IllegalArgumentException.class, () -> d.withFilters(0, 4096));
    assertThrows(IllegalArgumentException.class, () -> d.withFilters(17, 4096));
    assertThrows(IllegalArgumentException.class, () -> d.withFilters(3, 63));
    assertThrows(IllegalArgumentException.class, () -> d.withFilters(3, (1 << 20) + 1));
    assertThrows(IllegalArgumentException.class, () -> d.withHashes(0));
    assertThrows(IllegalArgumentException.class, () -> d.withPeriods(0, 3000));
    assertThrows(IllegalArgumentException.class, () -> d.withQueryTimeoutMs(0));
    assertThrows(IllegalArgumentException.class,
        () -> d.toBuilder().refreshMs(1000).filterExpiryMs(500).build(), "expiry below the refresh period");
  }
}
