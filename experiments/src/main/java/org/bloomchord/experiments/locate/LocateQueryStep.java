package org.bloomchord.experiments.locate;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.cluster.LinkOracle;

/**
 * Draws the queries (a random peer, a random published object) with the oracle distance of each,
 * runs them all at once as locates, then again by the deterministic path alone, and closes the
 * traffic window.
 */
final class LocateQueryStep implements RunStep {

  private final LocateRun run;

  LocateQueryStep(LocateRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    LinkOracle oracle = run.cluster.oracle();
    List<PeerHandle<ChordPeer>> all = run.cluster.servicePeers();
    List<String> keys = new ArrayList<>(run.placement.keySet());
    List<PeerHandle<ChordPeer>> from = new ArrayList<>();
    List<String> asked = new ArrayList<>();
    List<Integer> distances = new ArrayList<>();
    for (int i = 0; i < run.trial.queries(); i++) {
      PeerHandle<ChordPeer> q = all.get(run.random.nextInt(all.size()));
      String key = keys.get(run.random.nextInt(keys.size()));
      from.add(q);
      asked.add(key);
      distances.add(oracle.distance(q.ref(), key));
    }
    List<LocateResult> results = run.cluster.runQueries(from, asked, LocationService::locate);
    List<LocateResult> byChord = run.cluster.runQueries(from, asked, LocationService::locateByChord);
    run.summary = LocateSummary.of(results, distances, byChord, run.trial.location().depth());
    run.traffic = run.window.end(ctx.network(), all.size(), LocateTrial.MAINTENANCE_TYPES);
  }
}
