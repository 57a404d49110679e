package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code keys} section: stored DHT records and their spread over peers.
 *
 * @param stored distinct keys put during the run
 * @param lost keys no live replica holds at the end
 * @param perNode keys held per live peer (primary copies), or null (omitted) when no peer is alive
 */
@JsonPropertyOrder({"stored", "lost", "perNode"})
public record KeyStats(long stored, long lost, Load perNode) {

  public KeyStats {
    Finite.nonNegative("stored", stored);
    Finite.nonNegative("lost", lost);
  }
}
