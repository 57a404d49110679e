package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;

/**
 * The {@code routing} section: the location layer's attenuated Bloom filters and leases. Defaults:
 * {@code depth 3, bitsPerLevel 4096, hashes 3, refresh 1s, lease 30s, queryTimeout 10s}. The
 * runner gives peers the location layer only when the scenario publishes objects or locates them.
 *
 * @param depth filter levels per link d, 1..16
 * @param bitsPerLevel bits of each level's filter, 64..1,048,576
 * @param hashes probes per object k, 1..16
 * @param refresh period of the summary pulls from neighbours
 * @param lease how long a holder's pointer lives unless renewed (renewed every third of it)
 * @param queryTimeout how long a querier waits for a forwarded locate before it resolves the key
 *     on the Chord path itself
 */
public record RoutingSettings(int depth, int bitsPerLevel, int hashes, Duration refresh, Duration lease,
    Duration queryTimeout) {

  /** The keys of the section, in the order messages list them. */
  public static final List<String> KEYS = List.of("depth", "bitsPerLevel", "hashes", "refresh", "lease",
      "queryTimeout");

  /** The defaults. */
  public static final RoutingSettings DEFAULTS = new RoutingSettings(3, 4096, 3, Duration.ofSeconds(1),
      Duration.ofSeconds(30), Duration.ofSeconds(10));

  public RoutingSettings {
    if (depth < 1 || bitsPerLevel < 1 || hashes < 1 || refresh == null || lease == null || queryTimeout == null) {
      throw new IllegalArgumentException("routing settings out of range");
    }
  }

  /** These settings with another depth and level width. */
  public RoutingSettings withFilters(int d, int bits) {
    return new RoutingSettings(d, bits, hashes, refresh, lease, queryTimeout);
  }
}
