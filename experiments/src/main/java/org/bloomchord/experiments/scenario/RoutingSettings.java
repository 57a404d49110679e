package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;

/**
 * The {@code routing} section: attenuated Bloom filters. Defaults: {@code depth 3,
 * bitsPerLevel 4096, refresh 1s}.
 *
 * @param depth filter levels per link d, 1..16
 * @param bitsPerLevel bits of each level's filter, 64..67,108,864
 * @param refresh period of the summary pulls from neighbours
 */
public record RoutingSettings(int depth, int bitsPerLevel, Duration refresh) {

  /** The keys of the section, in the order messages list them. */
  public static final List<String> KEYS = List.of("depth", "bitsPerLevel", "refresh");

  /** The defaults. */
  public static final RoutingSettings DEFAULTS = new RoutingSettings(3, 4096, Duration.ofSeconds(1));

  public RoutingSettings {
    if (depth < 1 || bitsPerLevel < 1 || refresh == null) {
      throw new IllegalArgumentException("routing settings out of range");
    }
  }
}
