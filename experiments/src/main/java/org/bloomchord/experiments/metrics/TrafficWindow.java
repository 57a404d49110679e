package org.bloomchord.experiments.metrics;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.experiments.summary.TypeTraffic;
import org.bloomchord.overlay.Network;

/**
 * Messages and bytes sent during a window of runtime time, by message type, and the messages and
 * bytes of a chosen set of types per peer per second.
 *
 * @param startMs runtime time at the start
 * @param endMs runtime time at the end (equal to start while open)
 * @param byType type -> {messages, bytes} sent in the window
 * @param peers peers the per-peer rate is divided by
 * @param selectedBytesPerPeerPerSecond bytes of the selected types / (peers * seconds)
 * @param selectedMessagesPerPeerPerSecond messages of the selected types / (peers * seconds)
 */
public record TrafficWindow(long startMs, long endMs, Map<String, long[]> byType, int peers,
    double selectedBytesPerPeerPerSecond, double selectedMessagesPerPeerPerSecond) {

  /** Opens a window at the network's current time and traffic. */
  public static TrafficWindow start(Network<?> network) {
    return new TrafficWindow(network.now(), network.now(), network.traffic().snapshot(), 0, 0, 0);
  }

  /** Closes this window now: the difference of traffic since the start. */
  public TrafficWindow end(Network<?> network, int peerCount, Collection<String> selectedTypes) {
    Map<String, long[]> now = network.traffic().snapshot();
    Map<String, long[]> diff = new TreeMap<>();
    now.forEach((t, c) -> {
      long[] b = byType.getOrDefault(t, new long[2]);
      if (c[0] - b[0] > 0) {
        diff.put(t, new long[] {c[0] - b[0], c[1] - b[1]});
      }
    });
    long end = network.now();
    double seconds = Math.max(1, end - startMs) / 1000.0;
    long selectedBytes = 0;
    long selectedMessages = 0;
    for (String t : selectedTypes) {
      long[] c = diff.getOrDefault(t, new long[2]);
      selectedMessages += c[0];
      selectedBytes += c[1];
    }
    return new TrafficWindow(startMs, end, diff, peerCount,
        peerCount == 0 ? 0 : selectedBytes / (peerCount * seconds),
        peerCount == 0 ? 0 : selectedMessages / (peerCount * seconds));
  }

  /**
   * The {@code traffic} section: every message of the window by type, and the per-peer rates of
   * the selected types only.
   */
  public TrafficStats toStats() {
    Map<String, TypeTraffic> types = new TreeMap<>();
    byType.forEach((type, c) -> types.put(type, new TypeTraffic(c[0], c[1])));
    return new TrafficStats(messages(), bytes(), selectedBytesPerPeerPerSecond, selectedMessagesPerPeerPerSecond,
        types);
  }

  /** Messages sent in the window. */
  public long messages() {
    return byType.values().stream().mapToLong(c -> c[0]).sum();
  }

  /** Bytes sent in the window. */
  public long bytes() {
    return byType.values().stream().mapToLong(c -> c[1]).sum();
  }
}
