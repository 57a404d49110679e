package org.bloomchord.chord.cluster;

import java.util.List;

/**
 * Where the expected keys are, by the {@link RingOracle}.
 *
 * @param stored keys expected to be live
 * @param lost expected keys no live peer holds a live copy of
 * @param underReplicated expected keys that some of their r true replica holders lack
 * @param lostKeys the lost keys themselves (at most 100)
 * @param perPeer for each live peer (oracle order), how many expected keys it is the primary of
 */
public record KeyReport(int stored, int lost, int underReplicated, List<String> lostKeys, List<Integer> perPeer) {

  public KeyReport {
    lostKeys = List.copyOf(lostKeys);
    perPeer = List.copyOf(perPeer);
  }
}
