package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTTP API of a running node on 127.0.0.1, through a real HTTP client. */
class NodeHttpServerTest {

  private static Node node;
  private static NodeHttpServer server;
  private static HttpClient client;
  private static String base;

  @BeforeAll
  static void start() throws Exception {
    node = Node.start(new NodeOptions().setPeers(10).setSeed(5).setEventLoopThreads(2));
    server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    base = "http://127.0.0.1:" + server.port();
    client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    node.close();
  }

  private static HttpResponse<String> send(String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonObject json(HttpResponse<String> r) {
    assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("application/json"), r.toString());
    return new JsonObject(r.body());
  }

  /** An error reply: the status, JSON with the same status, and one sentence naming the problem. */
  private static void assertError(HttpResponse<String> r, int status, String mentions) {
    assertEquals(status, r.statusCode(), r.body());
    JsonObject e = json(r);
    assertEquals(status, e.getInteger("status"));
    String sentence = e.getString("error");
    assertTrue(sentence.contains(mentions), sentence);
    assertTrue(sentence.endsWith(".") && sentence.indexOf(". ") < 0, "one sentence: " + sentence);
    assertFalse(r.body().contains("\tat "), "no stack trace: " + r.body());
  }

  @Test
  void ringReportsTheLivePeersAndStability() throws Exception {
    // another test of this class may have crashed a peer just before: the ring repairs itself
    // within a few stabilize periods (500 ms), so it is asked again for up to 30 s
    JsonObject ring = json(send("GET", "/api/ring", null));
    for (int attempt = 0; !ring.getBoolean("stable") && attempt < 60; attempt++) {
      Thread.sleep(500);
      ring = json(send("GET", "/api/ring", null));
    }
    assertTrue(ring.getBoolean("stable"), ring.encode());
    assertEquals(node.peerNames().size(), ring.getInteger("peers"));
  }

  @Test
  void keysArePutReadAndDeleted() throws Exception {
    HttpResponse<String> put = send("PUT", "/api/keys/city", "Lyon");
    // a write that reached no quorum answers 503 (a peer whose predecessor was just suspected on a
    // loaded machine takes no writes for a moment); a client tries again, as this one does
    for (int attempt = 1; put.statusCode() == 503 && attempt < 4; attempt++) {
      Thread.sleep(1000);
      put = send("PUT", "/api/keys/city", "Lyon");
    }
    assertEquals(200, put.statusCode(), put.body());
    long version = json(put).getLong("version");
    HttpResponse<String> get = send("GET", "/api/keys/city", null);
    assertEquals(200, get.statusCode());
    assertEquals("Lyon", get.body());
    assertEquals(Long.toString(version), get.headers().firstValue("x-version").orElseThrow());
    // a key with characters that need escaping in a URL path
    String odd = "a key/with ünïcode";
    String path = "/api/keys/" + URLEncoder.encode(odd, StandardCharsets.UTF_8).replace("+", "%20");
    assertEquals(200, send("PUT", path, "x").statusCode());
    assertEquals("x", node.get(odd).toCompletionStage().toCompletableFuture().get().value());
    HttpResponse<String> del = send("DELETE", "/api/keys/city", null);
    assertTrue(json(del).getLong("version") > version);
    assertError(send("GET", "/api/keys/city", null), 404, "city");
  }

  @Test
  void badRequestsGetOneSentenceAndTheirStatus() throws Exception {
    assertError(send("GET", "/api/keys/" + "k".repeat(2000), null), 400, "limit of 1024");
    assertError(send("POST", "/api/peers?count=many", null), 400, "'count'");
    assertError(send("POST", "/api/peers?count=0", null), 400, "1..1000");
    assertError(send("DELETE", "/api/peers/p1?mode=explode", null), 400, "mode");
    assertError(send("DELETE", "/api/peers/p999", null), 404, "p999");
    assertError(send("GET", "/api/peers/nobody", null), 404, "nobody");
    assertError(send("GET", "/api/locate/x?from=nobody", null), 404, "nobody");
    assertError(send("DELETE", "/api/objects/x", null), 400, "'peer'");
    assertError(send("GET", "/api/nothing-here", null), 404, "/api/nothing-here");
    assertError(send("PUT", "/api/keys/big", "v".repeat(70_000)), 413, "limit");
  }

  @Test
  void publishedObjectsAreLocatedWithOutcomeHolderAndHops() throws Exception {
    JsonObject pub = json(send("POST", "/api/objects/map.png?peer=p2", null));
    assertEquals("p2", pub.getString("holder"));
    JsonObject loc = null;
    long end = System.currentTimeMillis() + 20_000;
    while (System.currentTimeMillis() < end) {
      loc = json(send("GET", "/api/locate/map.png?from=p6", null));
      if ("p2".equals(loc.getString("holder"))) {
        break;
      }
      Thread.sleep(200);
    }
    assertNotNull(loc);
    assertEquals("p2", loc.getString("holder"));
    assertTrue(List.of("PROBABILISTIC", "FALLBACK").contains(loc.getString("outcome")), loc.encode());
    assertTrue(loc.getInteger("hops") >= 1, loc.encode());
    JsonObject none = json(send("GET", "/api/locate/never-published", null));
    assertEquals("NOT_FOUND", none.getString("outcome"));
  }

  @Test
  void lookupsReturnTheSuccessorAndTheirPath() throws Exception {
    JsonObject r = json(send("GET", "/api/lookup/some-key?from=p1", null));
    assertEquals("FOUND", r.getString("outcome"));
    JsonArray path = r.getJsonArray("path");
    assertEquals("p1", path.getString(0));
    assertEquals(r.getInteger("hopsToOwner") + 1, path.size(), r.encode());
    assertEquals(r.getString("successor"), path.getString(path.size() - 1), r.encode());
    long id = node.ring().hash("some-key");
    assertEquals(Long.toUnsignedString(id), r.getString("keyId"));
  }

  @Test
  void peerStateShowsTablesAndFilters() throws Exception {
    JsonObject p = json(send("GET", "/api/peers/p0", null));
    assertEquals("ACTIVE", p.getString("state"));
    assertEquals(64, p.getJsonArray("fingers").size());
    assertEquals(Math.min(8, node.peerNames().size() - 1), p.getJsonArray("successors").size());
    assertNotNull(p.getString("predecessor"));
    assertFalse(p.getJsonObject("linkFilters").isEmpty());
    JsonArray all = json(send("GET", "/api/peers", null)).getJsonArray("peers");
    assertEquals(node.peerNames().size(), all.size());
  }

  @Test
  void peersAreAddedAndCrashed() throws Exception {
    HttpResponse<String> add = send("POST", "/api/peers?count=1", null);
    assertEquals(201, add.statusCode(), add.body());
    String name = json(add).getJsonArray("added").getString(0);
    assertTrue(node.hasPeer(name));
    JsonObject crash = json(send("DELETE", "/api/peers/" + name + "?mode=crash", null));
    assertEquals("crash", crash.getString("mode"));
    assertFalse(node.hasPeer(name));
  }

  @Test
  void metricsArePrometheusText() throws Exception {
    send("GET", "/api/lookup/m?from=p3", null);
    HttpResponse<String> m = send("GET", "/metrics", null);
    assertEquals(200, m.statusCode());
    assertTrue(m.headers().firstValue("content-type").orElse("").startsWith("text/plain"));
    String text = m.body();
    assertTrue(text.contains("bloomchord_peers_alive " + node.peerNames().size() + ".0")
        || text.contains("bloomchord_peers_alive{"), "peers alive");
    long lookups = node.stats().lookups();
    assertTrue(text.contains("bloomchord_lookups_total " + lookups + ".0"), "lookups total " + lookups);
    assertTrue(text.contains("bloomchord_lookup_hops_total"));
    assertTrue(text.contains("bloomchord_lookup_timeouts_total"));
    assertTrue(text.contains("bloomchord_sent_bytes_total{type=\"FindSuccessor\"}"), "bytes by message type");
    assertTrue(text.contains("vertx_"), "the Vert.x metrics are there too");
  }

  @Test
  void liveViewAndEventStreamAreServed() throws Exception {
    HttpResponse<String> page = send("GET", "/", null);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<canvas id=\"ring\""));
    assertFalse(page.body().contains("http://") || page.body().contains("https://"), "no external resources");
    HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/events")).timeout(Duration.ofSeconds(10)).build();
    HttpResponse<InputStream> sse = client.send(req, HttpResponse.BodyHandlers.ofInputStream());
    assertEquals("text/event-stream", sse.headers().firstValue("content-type").orElse(""));
    try (BufferedReader in = new BufferedReader(new InputStreamReader(sse.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null && !line.startsWith("event: stats")) {
        // skip the greeting
      }
      assertEquals("event: stats", line);
      JsonObject stats = new JsonObject(in.readLine().substring("data: ".length()));
      assertEquals(node.peerNames().size(), stats.getInteger("peers"));
    }
  }

  /**
   * A lookup's FindSuccessor, captured at the peer that answered it, is traced back along the
   * lookup's own path (the oracle: the path the lookup reports) to the peer that started it.
   */
  @Test
  void aLookupIsTracedBackAlongItsPathToItsOrigin() throws Exception {
    JsonObject r = json(send("GET", "/api/lookup/traced-key?from=p4", null));
    io.vertx.core.json.JsonArray path = r.getJsonArray("path");
    String last = path.getString(path.size() - 1);
    String digest = null;
    for (int attempt = 0; digest == null && attempt < 20; attempt++) {
      JsonObject captured = json(send("GET", "/api/traceback/" + last, null));
      for (Object o : captured.getJsonArray("captured")) {
        JsonObject c = (JsonObject) o;
        String prev = path.getString(path.size() - 2);
        if (c.getString("type").equals("FindSuccessor") && c.getString("from").equals(prev)) {
          digest = c.getString("digest");
        }
      }
      if (digest == null) {
        Thread.sleep(100);
      }
    }
    assertTrue(digest != null, "the answering peer captured the lookup");
    JsonObject g = json(send("POST", "/api/traceback/" + last + "/" + digest, ""));
    assertEquals(new io.vertx.core.json.JsonArray().add("p4"), g.getJsonArray("origins"), g.encode());
    for (int i = 1; i < path.size(); i++) {
      JsonObject hop = new JsonObject().put("from", path.getString(i - 1)).put("to", path.getString(i));
      assertTrue(g.getJsonArray("links").contains(hop), hop + " in " + g.encode());
    }
    assertError(send("POST", "/api/traceback/p1/not-hex", ""), 400, "digest");
  }
}
