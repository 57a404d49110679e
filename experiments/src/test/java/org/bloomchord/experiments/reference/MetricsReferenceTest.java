package org.bloomchord.experiments.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/metrics.md and the Grafana dashboard docs/grafana/bloomchord.json against the
 * {@code /metrics} of a live node of five peers on 127.0.0.1 that has put, read, deleted,
 * published, located and looked up keys and lost a peer ({@link MetricsReference#fromLiveNode}):
 * every family served is on the page with its type and labels, every family on the page is served,
 * and every query of the dashboard names metrics, and groups by labels, that the node serves.
 */
class MetricsReferenceTest {

  private static final String PAGE = "docs/reference/metrics.md";
  private static final String FIX = "run `" + GeneratedBlocks.regenerate(MetricsReference.BLOCK)
      + "` from the repository's root, then describe new metrics in the page's last column";
  private static final Pattern METRIC = Pattern.compile("\\b((?:bloomchord|vertx)_[A-Za-z0-9_]+)");
  private static final Pattern BY = Pattern.compile("\\bby \\(([^)]*)\\)");

  private static MetricsReference served;
  private static String page;

  @BeforeAll
  static void scrape() throws Exception {
    served = MetricsReference.fromLiveNode();
    page = ReferencePages.read("metrics.md");
  }

  @Test
  void everyServedFamilyIsOnThePageWithItsTypeAndLabels() {
    Map<String, MetricsReference.Family> documented = MetricsReference.documented(page);
    List<String> wrong = new ArrayList<>();
    served.families().forEach((name, f) -> {
      MetricsReference.Family d = documented.get(name);
      if (d == null) {
        wrong.add("missing: " + name + " (" + f.type() + ", labels " + f.labels() + ")");
      } else if (!d.type().equals(f.type()) || !d.labels().equals(f.labels())) {
        wrong.add("differs: " + name + " is served as " + f.type() + " with labels " + f.labels()
            + ", the page says " + d.type() + " with " + d.labels());
      }
    });
    assertEquals(List.of(), wrong, PAGE + " against the node's /metrics; " + FIX);
    assertTrue(served.families().size() >= 30, "families served: " + served.families().keySet());
  }

  @Test
  void everyFamilyOnThePageIsServed() {
    Set<String> stale = new TreeSet<>(MetricsReference.documented(page).keySet());
    stale.removeAll(served.families().keySet());
    assertEquals(Set.of(), stale, "metrics in " + PAGE + " that the node does not serve; " + FIX);
  }

  @Test
  void theGeneratedBlockIsWhatTheNodeServesToday() {
    String expected = served.markdown(page).strip();
    String actual = GeneratedBlocks.extract(page, MetricsReference.BLOCK);
    assertTrue(actual != null, PAGE + " has no generated block; " + FIX);
    // not assertEquals: the message names the first line that differs instead of printing both blocks
    assertTrue(expected.equals(actual), PAGE + " differs from the node at "
        + ReferencePages.firstDifference(expected, actual) + "\n" + FIX);
  }

  @Test
  void everyDashboardQueryNamesMetricsAndLabelsThatExist() throws Exception {
    List<String> queries = new ArrayList<>();
    collect(dashboard(), queries);
    assertTrue(queries.size() >= 15, "queries: " + queries);
    List<String> wrong = new ArrayList<>();
    for (String q : queries) {
      Matcher m = METRIC.matcher(q);
      // what Prometheus adds to every series it scrapes
      Set<String> labels = new TreeSet<>(Set.of("instance", "job"));
      boolean any = false;
      while (m.find()) {
        any = true;
        Set<String> l = served.samples().get(m.group(1));
        if (l == null) {
          wrong.add(m.group(1) + " (in " + q + ") is no metric of the node");
        } else {
          labels.addAll(l);
        }
      }
      if (!any) {
        wrong.add("names no metric: " + q);
      }
      Matcher by = BY.matcher(q);
      while (by.find()) {
        for (String label : by.group(1).split(",")) {
          if (!labels.contains(label.strip())) {
            wrong.add("groups by " + label.strip() + ", a label none of its metrics has: " + q);
          }
        }
      }
    }
    assertEquals(List.of(), wrong, "docs/grafana/bloomchord.json against the node's /metrics");
  }

  @Test
  void dashboardPanelsHaveUniqueIdsAndEachAQuery() throws Exception {
    Set<Integer> ids = new TreeSet<>();
    for (Object o : dashboard().getJsonArray("panels")) {
      JsonObject p = (JsonObject) o;
      assertTrue(ids.add(p.getInteger("id")), "duplicate panel id " + p.getInteger("id"));
      JsonArray targets = p.getJsonArray("targets", new JsonArray());
      Set<String> refs = new TreeSet<>();
      targets.forEach(t -> assertTrue(refs.add(((JsonObject) t).getString("refId")), p.getString("title")));
      assertFalse(!p.getString("type").equals("row") && targets.isEmpty(), "panel without a query: " + p.getString("title"));
    }
  }

  private static JsonObject dashboard() throws Exception {
    return new JsonObject(ReferencePages.readRepo("docs/grafana/bloomchord.json"));
  }

  /** The dashboard's queries: the panels' {@code expr} and the variables' {@code query} texts. */
  private static void collect(Object node, List<String> out) {
    if (node instanceof JsonObject o) {
      for (Map.Entry<String, Object> e : o) {
        if ((e.getKey().equals("expr") || e.getKey().equals("query")) && e.getValue() instanceof String s
            && !s.equals("prometheus")) {
          out.add(s);
        } else {
          collect(e.getValue(), out);
        }
      }
    } else if (node instanceof JsonArray a) {
      a.forEach(x -> collect(x, out));
    }
  }
}
