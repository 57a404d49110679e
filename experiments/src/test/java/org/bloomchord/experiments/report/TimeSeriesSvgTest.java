package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A time-series chart as the report draws it: one shaded, named rectangle per phase, a line that
 * breaks where the series has no value, and markers on a sparse series only.
 */
class TimeSeriesSvgTest {

  @Test
  void phasesAreShadedGapsBreakTheLineAndOnlySparseSeriesHaveMarkers() {
    int n = 100;
    double[] t = new double[n];
    double[] dense = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = i;
      // no value from 30 to 59 s (no lookup answered), then values again
      dense[i] = i >= 30 && i < 60 ? Double.NaN : 3 + (i % 3) * 0.1;
    }
    double[] st = {0, 25, 50, 75};
    double[] sparse = {1, 2, Double.NaN, 4};
    List<Band> phases = List.of(new Band("churn", 0, 30), new Band("partition", 30, 60), new Band("measure", 60, 99));
    String svg = TimeSeriesSvg.svg(new LineChart("hops", "time (s)", "hops",
        List.of(Series.measured("mean hops", t, dense)), false, phases));
    assertEquals(List.of("churn", "partition", "measure"), all(svg, "<rect class=\"phase\" data-phase=\"([a-z]+)\""));
    assertEquals(List.of("churn", "partition", "measure"), all(svg, "<text class=\"phase-name\"[^>]*>([a-z]+)</text>"));
    String d = all(svg, "<path class=\"line\" data-series=\"mean hops\" d=\"([^\"]*)\"").get(0);
    assertEquals(2, d.chars().filter(c -> c == 'M').count(), "two runs of values, so two subpaths: " + d);
    assertEquals(n - 30 - 2, d.chars().filter(c -> c == 'L').count());
    assertEquals(0, all(svg, "(<circle class=\"marker\")").size(), "a dense series has no markers");

    String few = TimeSeriesSvg.svg(new LineChart("x", "time (s)", "y", List.of(Series.measured("few", st, sparse)),
        false, List.of()));
    assertEquals(3, all(few, "(<circle class=\"marker\")").size(), "a marker on each defined point of a sparse series");
    assertEquals(0, all(few, "(<rect class=\"phase\")").size());
  }

  private static List<String> all(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
