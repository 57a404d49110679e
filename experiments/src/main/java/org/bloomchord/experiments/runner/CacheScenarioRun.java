package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.cache.CacheRequest;
import org.bloomchord.experiments.cache.CacheTrial;
import org.bloomchord.experiments.cache.CacheWorkload;
import org.bloomchord.experiments.scenario.CacheSettings;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.CacheSection;
import org.bloomchord.experiments.summary.CacheStats;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.location.LocationConfig;

/**
 * The cache measurement of a scenario with a {@code cache} section: one {@link CacheTrial} per
 * listed protocol, each on a group of its own of the scenario's {@code peers} peers, launched with
 * the scenario's runtime, seed, {@code chord} and {@code routing} settings, serving the same Zipf
 * request stream (drawn from the scenario's seed). The groups are not the ring of the phases: a
 * protocol's peers carry their cache from launch, and the figures of one protocol must not depend
 * on what the phases or another protocol did. Churn phases therefore do not act on the caches.
 */
final class CacheScenarioRun {

  private CacheScenarioRun() {
  }

  /** Runs the measurement and returns the summary's {@code cache} section. */
  static CacheSection measure(Scenario scenario, Progress progress) {
    CacheSettings c = scenario.cache();
    int peers = scenario.peers();
    List<CacheRequest> workload = CacheWorkload.zipf(peers, c.objects(), c.zipf(), c.requests(), c.rate(),
        scenario.seed());
    ChordConfig chord = ScenarioRunner.chordConfig(scenario.chord());
    LocationConfig location = ScenarioRunner.locationConfig(scenario.routing());
    List<CacheStats> rows = new ArrayList<>();
    CacheStats icp = null;
    CacheStats summary = null;
    for (CacheProtocol p : c.protocols()) {
      progress.line("cache: %s on %d peers, %,d requests...", p.wireName(), peers, c.requests());
      CacheTrial trial = new CacheTrial(scenario.runtime().label(), peers, workload, c.warmup(), scenario.seed(), chord,
          c.config(p, peers), location);
      CacheStats s = trial.run().stats();
      rows.add(s);
      progress.line("cache: %s: hit ratio %.4f, %.3f messages and %.1f bytes per request", p.wireName(), s.hitRatio(),
          s.messagesPerRequest(), s.bytesPerRequest());
      icp = p == CacheProtocol.ICP ? s : icp;
      summary = p == CacheProtocol.SUMMARY ? s : summary;
    }
    return CacheSection.builder().names(c.names().wireName()).peers(peers).objects(c.objects()).zipf(c.zipf())
        .capacity(c.capacity()).requests(c.requests() - c.warmup()).warmup(c.warmup())
        .bitsPerEntry(c.bitsPerEntry()).hashes(c.hashes()).updateThreshold(c.updateThreshold()).protocols(rows)
        .paper(icp != null && summary != null ? CacheSection.PaperComparison.of(icp, summary) : null).build();
  }
}
