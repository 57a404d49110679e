package org.bloomchord.experiments.reference;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.bloomchord.node.http.NodeHttpServer;

/**
 * The metrics reference (docs/reference/metrics.md, block {@value #BLOCK}) written from the
 * {@code /metrics} of a live node: a node of {@value #PEERS} peers on 127.0.0.1 does what every
 * meter counts ({@link #EXERCISE}: writes, reads, a publish, a locate, lookups, a crash), and the
 * families of its scrape, with their types and label names, become the tables. The meaning column
 * is hand-written and kept, family by family, when the block is rewritten; a new family starts with
 * its registry's own help text.
 */
public final class MetricsReference {

  /** The name of the generated block. */
  public static final String BLOCK = "metrics";
  /** Peers of the node that is scraped. */
  static final int PEERS = 5;
  /** The requests sent before the scrape: method, path, body. */
  static final List<String[]> EXERCISE = List.of(
      new String[] {"PUT", "/api/keys/k1", "v"}, new String[] {"GET", "/api/keys/k1", null},
      new String[] {"DELETE", "/api/keys/k1", null}, new String[] {"POST", "/api/objects/o1", null},
      new String[] {"GET", "/api/locate/o1", null}, new String[] {"GET", "/api/lookup/k2", null},
      new String[] {"GET", "/api/lookup/k3", null}, new String[] {"DELETE", "/api/peers/p4?mode=crash", null});

  private static final Pattern TYPE = Pattern.compile("^# TYPE (\\S+) (\\S+)$");
  private static final Pattern HELP = Pattern.compile("^# HELP (\\S+) (.*)$");
  private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? \\S+$");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern ROW = Pattern.compile("^\\| `([a-zA-Z_:0-9]+)` \\| (\\w+) \\| ([^|]*) \\| (.*) \\|$");

  /**
   * One metric family.
   *
   * @param name its name as served ({@code bloomchord_lookups_total})
   * @param type counter, gauge, summary, histogram
   * @param labels its label names (a summary's {@code quantile} left out)
   * @param meaning the registry's help text, or the page's description
   */
  public record Family(String name, String type, Set<String> labels, String meaning) {
  }

  private final Map<String, Family> families;
  private final Map<String, Set<String>> samples;

  private MetricsReference(Map<String, Family> families, Map<String, Set<String>> samples) {
    this.families = families;
    this.samples = samples;
  }

  /** Starts a node on 127.0.0.1, exercises it, and reads its metrics; stops it again. */
  public static MetricsReference fromLiveNode() {
    try (Node node = Node.start(new NodeOptions().setPeers(PEERS).setSeed(11).setEventLoopThreads(2))) {
      NodeHttpServer server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      try {
        return exercise("http://127.0.0.1:" + server.port());
      } finally {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading a node's metrics", e);
    } catch (Exception e) {
      throw new IllegalStateException("cannot read a live node's metrics: " + e, e);
    }
  }

  private static MetricsReference exercise(String base) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    for (String[] call : EXERCISE) {
      client.send(HttpRequest.newBuilder(URI.create(base + call[1])).timeout(Duration.ofSeconds(30))
          .method(call[0], call[2] == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(call[2]))
          .build(), HttpResponse.BodyHandlers.ofString());
    }
    // meters with a type or event label appear with their first message or event, and the HTTP
    // server's with the first finished request: scrape until two scrapes name the same families
    // and the peers' events (the crash is noticed within a few stabilize periods) are among them
    MetricsReference last = null;
    long end = System.currentTimeMillis() + 20_000;
    while (System.currentTimeMillis() < end) {
      String text = client.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).timeout(Duration.ofSeconds(30))
          .build(), HttpResponse.BodyHandlers.ofString()).body();
      MetricsReference now = parse(text);
      if (last != null && last.families.keySet().equals(now.families.keySet())
          && now.families.containsKey("bloomchord_peer_events_total")) {
        return now;
      }
      last = now;
      Thread.sleep(500);
    }
    return last;
  }

  /** The families of a scrape in the Prometheus text format. */
  public static MetricsReference parse(String text) {
    Map<String, String> types = new TreeMap<>();
    Map<String, String> help = new TreeMap<>();
    Map<String, Set<String>> labelsOf = new TreeMap<>();
    Map<String, Set<String>> samples = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      Matcher t = TYPE.matcher(line);
      Matcher h = HELP.matcher(line);
      Matcher s = SAMPLE.matcher(line);
      if (t.matches()) {
        types.put(t.group(1), t.group(2));
        labelsOf.putIfAbsent(t.group(1), new TreeSet<>());
      } else if (h.matches()) {
        help.put(h.group(1), h.group(2));
      } else if (!line.startsWith("#") && s.matches()) {
        Set<String> labels = new TreeSet<>();
        Matcher l = LABEL.matcher(s.group(2) == null ? "" : s.group(2));
        while (l.find()) {
          labels.add(l.group(1));
        }
        samples.computeIfAbsent(s.group(1), k -> new TreeSet<>()).addAll(labels);
        String family = familyOf(s.group(1), types);
        if (family != null) {
          labels.remove("quantile");
          labels.remove("le");
          labelsOf.get(family).addAll(labels);
        }
      }
    }
    Map<String, Family> families = new TreeMap<>();
    types.forEach((name, type) -> families.put(name, new Family(name, type, labelsOf.get(name),
        help.getOrDefault(name, ""))));
    return new MetricsReference(families, samples);
  }

  private static String familyOf(String sample, Map<String, String> types) {
    if (types.containsKey(sample)) {
      return sample;
    }
    for (String suffix : List.of("_count", "_sum", "_bucket")) {
      String base = sample.endsWith(suffix) ? sample.substring(0, sample.length() - suffix.length()) : null;
      if (base != null && types.containsKey(base)) {
        return base;
      }
    }
    return null;
  }

  /** The families served, by name. */
  public Map<String, Family> families() {
    return families;
  }

  /** Every series name served (families and their {@code _count}, {@code _sum} series) with its label names. */
  public Map<String, Set<String>> samples() {
    return samples;
  }

  /** The families a page's generated block lists, by name, with the page's meanings. */
  public static Map<String, Family> documented(String page) {
    Map<String, Family> out = new TreeMap<>();
    String block = GeneratedBlocks.extract(page, BLOCK);
    if (block == null) {
      return out;
    }
    for (String line : block.split("\n")) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        Set<String> labels = new TreeSet<>();
        for (String l : m.group(3).split(",")) {
          if (!l.isBlank()) {
            labels.add(l.strip().replace("`", ""));
          }
        }
        out.put(m.group(1), new Family(m.group(1), m.group(2), labels, m.group(4).strip()));
      }
    }
    return out;
  }

  /** The generated block: the node's own families, then Vert.x', then any other; meanings from {@code page}. */
  public String markdown(String page) {
    Map<String, Family> described = documented(page);
    StringBuilder b = new StringBuilder();
    table(b, "The node's metrics", "bloomchord_", described);
    table(b, "Vert.x metrics", "vertx_", described);
    table(b, "Other metrics", null, described);
    return b.toString();
  }

  private void table(StringBuilder b, String title, String prefix, Map<String, Family> described) {
    List<Family> rows = new ArrayList<>();
    families.values().forEach(f -> {
      boolean other = !f.name().startsWith("bloomchord_") && !f.name().startsWith("vertx_");
      if (prefix == null ? other : f.name().startsWith(prefix)) {
        rows.add(f);
      }
    });
    if (rows.isEmpty()) {
      return;
    }
    b.append("## ").append(title).append("\n\n| Metric | Type | Labels | Meaning |\n| --- | --- | --- | --- |\n");
    for (Family f : rows) {
      List<String> labels = new ArrayList<>();
      f.labels().forEach(l -> labels.add("`" + l + "`"));
      Family d = described.get(f.name());
      String meaning = d != null && !d.meaning().isBlank() ? d.meaning() : CliReference.cell(f.meaning()) + ".";
      b.append("| `").append(f.name()).append("` | ").append(f.type()).append(" | ").append(String.join(", ", labels))
          .append(" | ").append(meaning).append(" |\n");
    }
    b.append('\n');
  }
}
