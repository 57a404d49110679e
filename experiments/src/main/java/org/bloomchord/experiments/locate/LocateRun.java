package org.bloomchord.experiments.locate;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.experiments.metrics.TrafficWindow;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.cluster.LocationCluster;

/**
 * What the steps of one {@link LocateTrial} share: the trial, its cluster with the location layer,
 * the random stream of its choices, and what each step found (ring stable, the traffic window,
 * the placement of the objects, filters settled, the locates' figures).
 */
final class LocateRun {

  final LocateTrial trial;
  final LocationCluster cluster;
  final SplittableRandom random;
  boolean ringStable;
  TrafficWindow window;
  Map<String, List<PeerRef>> placement;
  boolean filtersSettled;
  LocateSummary summary;
  TrafficWindow traffic;

  LocateRun(LocateTrial trial, LocationCluster cluster) {
    this.trial = trial;
    this.cluster = cluster;
    this.random = new SplittableRandom(trial.seed() ^ 0x5DEECE66DL);
  }
}
