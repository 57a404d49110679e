package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/metrics.md and the Grafana dashboard docs/grafana/bloomchord.json against the
 * {@code /metrics} of a live node of five peers on 127.0.0.1 that has put, read, deleted,
 * published, located and looked up keys and lost a peer: every metric family served is on the
 * page with its type and labels, every family on the page is served, and every query of the
 * dashboard names metrics (and groups by labels) that exist.
 */
class MetricsReferenceTest {

  private static final Pattern TYPE = Pattern.compile("^# TYPE (\\S+) (\\S+)$");
  private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? \\S+$");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z_:0-9]+)` \\| (\\w+) \\| ([^|]*) \\|");
  private static final Pattern METRIC = Pattern.compile("\\b((?:bloomchord|vertx)_[A-Za-z0-9_]+)");
  private static final Pattern BY = Pattern.compile("\\bby \\(([^)]*)\\)");

  /** One family of the scrape or of the page: its type and label names. */
  record Family(String type, Set<String> labels) {
  }

  private static Node node;
  private static NodeHttpServer server;
  private static Map<String, Family> served;
  /** Sample names (families plus their _count and _sum series) with their label names. */
  private static Map<String, Set<String>> samples;

  @BeforeAll
  static void startAndWork() throws Exception {
    node = Node.start(new NodeOptions().setPeers(5).setSeed(11).setEventLoopThreads(2));
    server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    String base = "http://127.0.0.1:" + server.port();
    // work that every meter counts: writes, reads, locates, lookups, a crash (peer events)
    for (String[] call : new String[][] {{"PUT", "/api/keys/k1", "v"}, {"GET", "/api/keys/k1", null},
        {"DELETE", "/api/keys/k1", null}, {"POST", "/api/objects/o1", null}, {"GET", "/api/locate/o1", null},
        {"GET", "/api/lookup/k2", null}, {"GET", "/api/lookup/k3", null}, {"DELETE", "/api/peers/p4?mode=crash", null}}) {
      client.send(HttpRequest.newBuilder(URI.create(base + call[1])).timeout(Duration.ofSeconds(30))
          .method(call[0], call[2] == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(call[2]))
          .build(), HttpResponse.BodyHandlers.ofString());
    }
    Set<String> documented = page().keySet();
    // meters with a type or event label appear with their first message or event: scrape until
    // every documented family is there (the peers notice the crash within a few periods)
    long end = System.currentTimeMillis() + 20_000;
    do {
      String text = client.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      parse(text);
      if (served.keySet().containsAll(documented)) {
        break;
      }
      Thread.sleep(250);
    } while (System.currentTimeMillis() < end);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void everyServedFamilyIsOnThePageWithItsTypeAndLabels() throws Exception {
    Map<String, Family> documented = page();
    List<String> wrong = new ArrayList<>();
    served.forEach((name, f) -> {
      Family d = documented.get(name);
      if (d == null) {
        wrong.add("missing: | `" + name + "` | " + f.type() + " | " + labels(f.labels()) + " | ... |");
      } else if (!d.equals(f)) {
        wrong.add("differs: `" + name + "` is served as " + f.type() + " with labels " + f.labels()
            + ", the page says " + d.type() + " with " + d.labels());
      }
    });
    assertEquals(List.of(), wrong, "docs/reference/metrics.md against the node's /metrics");
  }

  @Test
  void everyFamilyOnThePageIsServed() throws Exception {
    Set<String> stale = new TreeSet<>(page().keySet());
    stale.removeAll(served.keySet());
    assertEquals(Set.of(), stale, "metrics in docs/reference/metrics.md that the node does not serve");
    assertTrue(served.size() >= 30, "families served: " + served.keySet());
  }

  @Test
  void everyDashboardQueryNamesMetricsAndLabelsThatExist() throws Exception {
    JsonObject dashboard = new JsonObject(Files.readString(repo().resolve("docs/grafana/bloomchord.json"),
        StandardCharsets.UTF_8));
    List<String> queries = new ArrayList<>();
    collect(dashboard, queries);
    assertTrue(queries.size() >= 15, "queries: " + queries);
    List<String> wrong = new ArrayList<>();
    for (String q : queries) {
      Matcher m = METRIC.matcher(q);
      Set<String> labels = new TreeSet<>(Set.of("instance", "job"));
      boolean any = false;
      while (m.find()) {
        any = true;
        Set<String> l = samples.get(m.group(1));
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
  void dashboardPanelsHaveUniqueIdsAndTheirQueriesReferenceIds() throws Exception {
    JsonObject dashboard = new JsonObject(Files.readString(repo().resolve("docs/grafana/bloomchord.json"),
        StandardCharsets.UTF_8));
    Set<Integer> ids = new TreeSet<>();
    for (Object o : dashboard.getJsonArray("panels")) {
      JsonObject p = (JsonObject) o;
      assertTrue(ids.add(p.getInteger("id")), "duplicate panel id " + p.getInteger("id"));
      JsonArray targets = p.getJsonArray("targets", new JsonArray());
      Set<String> refs = new TreeSet<>();
      targets.forEach(t -> assertTrue(refs.add(((JsonObject) t).getString("refId")), p.getString("title")));
      assertFalse(!p.getString("type").equals("row") && targets.isEmpty(), "panel without a query: " + p.getString("title"));
    }
  }

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

  private static void parse(String text) {
    Map<String, Family> families = new TreeMap<>();
    Map<String, Set<String>> names = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      Matcher t = TYPE.matcher(line);
      if (t.matches()) {
        families.put(t.group(1), new Family(t.group(2), new TreeSet<>()));
        continue;
      }
      Matcher s = SAMPLE.matcher(line);
      if (line.startsWith("#") || !s.matches()) {
        continue;
      }
      Set<String> labels = new TreeSet<>();
      Matcher l = LABEL.matcher(s.group(2) == null ? "" : s.group(2));
      while (l.find()) {
        labels.add(l.group(1));
      }
      names.computeIfAbsent(s.group(1), k -> new TreeSet<>()).addAll(labels);
      String family = s.group(1);
      for (String suffix : List.of("_count", "_sum", "_bucket")) {
        if (!families.containsKey(family) && family.endsWith(suffix)) {
          family = family.substring(0, family.length() - suffix.length());
        }
      }
      Family f = families.get(family);
      if (f != null) {
        labels.remove("quantile");
        f.labels().addAll(labels);
      }
    }
    served = families;
    samples = names;
  }

  /** The families the page lists, by name. */
  private static Map<String, Family> page() throws Exception {
    Map<String, Family> out = new TreeMap<>();
    for (String line : Files.readAllLines(repo().resolve("docs/reference/metrics.md"), StandardCharsets.UTF_8)) {
      Matcher m = ROW.matcher(line);
      if (m.find()) {
        Set<String> labels = new TreeSet<>();
        for (String l : m.group(3).split(",")) {
          if (!l.isBlank()) {
            labels.add(l.strip().replace("`", ""));
          }
        }
        out.put(m.group(1), new Family(m.group(2), labels));
      }
    }
    return out;
  }

  private static String labels(Set<String> labels) {
    List<String> out = new ArrayList<>();
    labels.forEach(l -> out.add("`" + l + "`"));
    return String.join(", ", out);
  }

  private static Path repo() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs").resolve("reference"))) {
      dir = dir.getParent();
    }
    return dir;
  }
}
