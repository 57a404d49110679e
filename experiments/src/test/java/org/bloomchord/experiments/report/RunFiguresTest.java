package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.LocateStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two small seeded simulator runs end to end: one with locates and lookups, one with lookups and
 * puts only. Each report holds the charts whose data its run has and none of the others.
 */
class RunFiguresTest {

  private static final String LOCATED = """
      name: located
      seed: 3
      runtime: sim
      peers: 24
      chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms, requestTimeout: 500ms }
      routing: { depth: 3, bitsPerLevel: 2048, refresh: 500ms, queryTimeout: 2s }
      phases:
        - join:     { over: 0s }
        - wait:     { for: 3s }
        - publish:  { objects: 20, holdersPerObject: 2 }
        - wait:     { for: 2s }
        - measure:  { locates: 150, lookups: 60, pace: 50/s, keys: { population: 30 } }
      """;

  private static final String LOOKUPS_ONLY = """
      name: plain
      seed: 3
      runtime: sim
      peers: 16
      phases:
        - join:     { over: 0s }
        - wait:     { for: 3s }
        - measure:  { lookups: 80, puts: 20, pace: 40/s }
      """;

  private static Scenario scenario(String text) {
    List<Scenario> s = ScenarioLoader.parse("test.yaml", text, List.of(), Path.of("."));
    assertEquals(1, s.size());
    return s.get(0);
  }

  private static Set<String> figures(String html) {
    return java.util.regex.Pattern.compile("(?:<img alt|<svg class=\"chart\"[^>]*aria-label)=\"[^:\"]*: ([^\"]*)\"")
        .matcher(html).results()
        .map(m -> m.group(1)).collect(Collectors.toSet());
  }

  @Test
  void aRunWithLocatesShowsTheLocationLayerAndItsHistograms(@TempDir Path dir) throws Exception {
    Experiment.Result result = Experiment.run(List.of(scenario(LOCATED)), dir, Progress.silent());
    RunResult run = result.runs().get(0);
    LocateStats l = run.summary().locate();
    assertNotNull(l);
    assertEquals(150, l.total(), "the measured locates");

    BarChart outcomes = RunFigures.locateOutcomes("located", run.series());
    assertNotNull(outcomes);
    assertTrue(outcomes.stacked());
    assertEquals(l.total(), outcomes.total(), 0.0, "the stacks sum to locate.total");
    for (BarChart.Bars b : outcomes.series()) {
      long expected = switch (b.name()) {
        case "local" -> l.local();
        case "probabilistic" -> l.probabilistic();
        case "fallback" -> l.fallback();
        case "not found" -> l.notFound();
        case "failed" -> l.failed();
        default -> throw new AssertionError(b.name());
      };
      assertEquals(expected, b.total(), 0.0, b.name());
    }

    SampledOperations sample = SampledOperations.read(dir.resolve("operations.csv"));
    List<String> lines = Files.readAllLines(dir.resolve("operations.csv"));
    long locateLines = lines.stream().filter(s -> s.contains(",locate,")).count();
    assertEquals(locateLines, sample.operations("locate"));
    long knownHops = lines.stream().filter(s -> s.contains(",locate,"))
        .filter(s -> !SampledOperations.fields(s).get(4).isEmpty()).count();
    List<RunFigures.Named> named = RunFigures.of("located", run.summary(), run.series(), sample);
    BarChart hops = (BarChart) chart(named, "locate-hops-histogram");
    assertEquals(knownHops, hops.total(), 0.0, "the histogram's bars sum to the sampled locates with hops");
    assertEquals(l.found(), knownHops, "every measured locate is in the sample and the found ones have hops");
    BarChart latency = (BarChart) chart(named, "lookup-latency-histogram");
    assertEquals(sample.latencyMs("lookup").length, latency.total(), 0.0);

    String html = Files.readString(result.report(), StandardCharsets.UTF_8);
    Set<String> shown = figures(html);
    for (String title : List.of("peers alive", "lookups per second", "mean lookup hops", "traffic",
        "locate outcomes", "locate hops vs Chord", "lookup hops", "locate hops", "lookup latency", "locate latency",
        "traffic by message type")) {
      assertTrue(shown.contains(title), title + " in " + shown);
    }
    assertFalse(shown.contains("get latency") || shown.contains("put latency"), "no gets or puts: " + shown);
    for (String f : List.of("locate-outcomes", "locate-vs-chord", "locate-hops-histogram", "traffic-by-type")) {
      assertTrue(Files.size(dir.resolve(f + ".png")) > 1000 && Files.size(dir.resolve(f + ".svg")) > 1000, f);
    }
    assertTrue(html.contains("<details class=\"section\" id=\"summary-located-locate\"><summary>locate</summary>"));
  }

  @Test
  void aRunWithoutLocatesShowsNoLocateChart(@TempDir Path dir) throws Exception {
    Experiment.Result result = Experiment.run(List.of(scenario(LOOKUPS_ONLY)), dir, Progress.silent());
    assertEquals(null, result.runs().get(0).summary().locate());
    String html = Files.readString(result.report(), StandardCharsets.UTF_8);
    Set<String> shown = figures(html);
    for (String title : List.of("peers alive", "lookups per second", "lookup hops", "lookup latency",
        "put latency", "traffic by message type")) {
      assertTrue(shown.contains(title), title + " in " + shown);
    }
    for (String title : shown) {
      assertFalse(title.startsWith("locate"), "no locate chart: " + shown);
    }
    assertFalse(Files.exists(dir.resolve("locate-outcomes.png")));
    assertFalse(html.contains("<summary>locate</summary>"));
  }

  @Test
  void trafficSharesStackToAHundredPercentWithTheSmallTypesAsOther() {
    java.util.Map<String, long[]> counts = new java.util.TreeMap<>();
    for (int i = 0; i < 15; i++) {
      counts.put("T" + (char) ('a' + i), new long[] {10 + i, 1000L * (15 - i)});
    }
    BarChart c = RunFigures.trafficByType("r", org.bloomchord.experiments.summary.TrafficStats.of(counts, 4, 10));
    assertEquals(RunFigures.MAX_TYPES + 1, c.series().size());
    assertTrue(c.series().get(RunFigures.MAX_TYPES).name().startsWith("other (4 types)"));
    for (int cat = 0; cat < 2; cat++) {
      double sum = 0;
      for (BarChart.Bars b : c.series()) {
        sum += b.values()[cat];
      }
      assertEquals(100, sum, 1e-9, c.categories().get(cat));
    }
    assertEquals(null, RunFigures.trafficByType("r", org.bloomchord.experiments.summary.TrafficStats.totals(3, 90)));
  }

  private static Chart chart(List<RunFigures.Named> named, String name) {
    return named.stream().filter(n -> n.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " not among " + named.stream().map(RunFigures.Named::name)
            .toList())).chart();
  }
}
