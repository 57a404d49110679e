package org.bloomchord.chord.merge;

/**
 * Settings of ring unification ({@link RingMerger}); durations in milliseconds of the runtime's
 * clock. Defaults in {@link #defaults()}, variants by {@code withX}.
 *
 * @param mode how the news of another ring spreads (default {@link MergeMode#BROADCAST})
 * @param fanout random peers told besides the successor in {@link MergeMode#GOSSIP} (default 2)
 * @param maxRemembered failed peers remembered for re-probing, 1..1024 (default 16); when full the
 *     one that failed most often gives way
 * @param probeFloorMs the shortest interval between two probes of remembered peers (default 2000)
 * @param probeCeilingMs the longest: after each probe that found nobody alive the interval doubles
 *     up to this (default 60000), so a peer whose remembered peers are gone for good costs one
 *     request per ceiling, and a ring of N peers still notices a heal within about ceiling / N
 * @param quietMs after taking part in a merge a peer starts no new one of its own for this long
 *     (default 30000): many peers notice a heal at once and one broadcast is enough
 * @param forwardsPerWindow distinct merge epochs a peer forwards within {@code quietMs}
 *     (default 3): concurrent detections cost at most this many messages per peer
 */
public record MergeOptions(MergeMode mode, int fanout, int maxRemembered, long probeFloorMs, long probeCeilingMs,
    long quietMs, int forwardsPerWindow) {

  public MergeOptions {
    if (mode == null) {
      throw new IllegalArgumentException("mode must be set");
    }
    if (fanout < 0 || fanout > 16) {
      throw new IllegalArgumentException("fanout must be in 0..16: " + fanout);
    }
    if (maxRemembered < 1 || maxRemembered > 1024) {
      throw new IllegalArgumentException("maxRemembered must be in 1..1024: " + maxRemembered);
    }
    if (probeFloorMs <= 0 || probeCeilingMs < probeFloorMs) {
      throw new IllegalArgumentException("need 0 < probeFloorMs <= probeCeilingMs: " + probeFloorMs + ", " + probeCeilingMs);
    }
    if (quietMs < 0 || forwardsPerWindow < 1) {
      throw new IllegalArgumentException("need quietMs >= 0 and forwardsPerWindow >= 1");
    }
  }

  /** The defaults: broadcast, fanout 2, 16 remembered, probes every 2 s backing off to 60 s. */
  public static MergeOptions defaults() {
    return new MergeOptions(MergeMode.BROADCAST, 2, 16, 2_000, 60_000, 30_000, 3);
  }

  /** These settings with another mode. */
  public MergeOptions withMode(MergeMode m) {
    return new MergeOptions(m, fanout, maxRemembered, probeFloorMs, probeCeilingMs, quietMs, forwardsPerWindow);
  }

  /** These settings with another gossip fanout. */
  public MergeOptions withFanout(int f) {
    return new MergeOptions(mode, f, maxRemembered, probeFloorMs, probeCeilingMs, quietMs, forwardsPerWindow);
  }

  /** These settings with other probe intervals. */
  public MergeOptions withProbes(long floorMs, long ceilingMs) {
    return new MergeOptions(mode, fanout, maxRemembered, floorMs, ceilingMs, quietMs, forwardsPerWindow);
  }
}
