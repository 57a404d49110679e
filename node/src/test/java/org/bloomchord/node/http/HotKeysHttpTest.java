package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node with hot-key relief, through its HTTP API: reads of one key through {@code GET
 * /api/keys/{key}} make that key's owner (the successor the ring's own lookup names) show as hot in
 * {@code /api/ring}, in its peer JSON and in the {@code bloomchord_hot_keys} gauge once the owner has
 * counted the threshold's number of gets, and not before. Before relief grants a lease every read
 * reaches the owner and counts once, and the counting filter counts one key exactly, so when the
 * reads fall within one second (one counting window) the key turns hot at exactly the threshold-th
 * read.
 */
class HotKeysHttpTest {

  private static final long THRESHOLD = 4;
  private static Node node;
  private static NodeHttpServer server;
  private static HttpClient client;
  private static String base;

  @BeforeAll
  static void start() throws Exception {
    node = Node.start(new NodeOptions().setPeers(8).setSeed(9).setEventLoopThreads(2)
        .setHotKeys(HotKeyOptions.defaults().with(THRESHOLD, 10_000)));
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
    return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonObject json(String path) throws Exception {
    HttpResponse<String> r = send("GET", path, null);
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    return new JsonObject(r.body());
  }

  private static JsonObject hotKeys() throws Exception {
    return json("/api/ring").getJsonObject("hotKeys");
  }

  @Test
  void aKeyReadThresholdTimesShowsItsOwnerAsHotAndNotBefore() throws Exception {
    String key = "hot-one";
    assertEquals(200, send("PUT", "/api/keys/" + key, "v1").statusCode());
    JsonObject lookup = json("/api/lookup/" + key);
    String owner = lookup.getString("successor");
    String keyId = lookup.getString("keyId");

    JsonObject before = hotKeys();
    assertTrue(before.getBoolean("relief"));
    assertEquals(THRESHOLD, before.getLong("thresholdPerSecond"));
    assertEquals(0, before.getInteger("keys"), before.encode());
    assertEquals(0, metric("bloomchord_hot_keys"));

    int firstHot = -1;
    JsonObject hot = null;
    long start = System.nanoTime();
    for (int i = 1; i <= 3 * THRESHOLD && firstHot < 0; i++) {
      HttpResponse<String> read = send("GET", "/api/keys/" + key, null);
      assertEquals(200, read.statusCode(), read.body());
      assertEquals("v1", read.body());
      hot = hotKeys();
      if (!hot.getJsonArray("owners").isEmpty()) {
        firstHot = i;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    assertTrue(firstHot >= THRESHOLD, "hot after " + firstHot + " reads, before the threshold of " + THRESHOLD);
    if (seconds < 1.0) {
      // every read counted in one window: hot at exactly the threshold-th, with the exact count
      assertEquals(THRESHOLD, firstHot, "reads until hot (" + seconds + " s)");
    }
    JsonArray owners = hot.getJsonArray("owners");
    assertEquals(1, owners.size(), hot.encode());
    JsonObject o = owners.getJsonObject(0);
    assertEquals(owner, o.getString("peer"), "the owner by the ring's lookup");
    assertEquals(1, o.getJsonArray("keys").size());
    JsonObject k = o.getJsonArray("keys").getJsonObject(0);
    assertEquals(key, k.getString("key"));
    assertEquals(keyId, k.getString("keyId"));
    assertTrue(k.getLong("rate") >= THRESHOLD, k.encode());
    if (seconds < 1.0) {
      assertEquals(THRESHOLD, k.getLong("rate"), "the owner's count of the reads");
    }
    assertEquals(1, hot.getInteger("keys"));

    // the owner's peer JSON lists the key; the other peers list none
    for (String peer : node.peerNames()) {
      JsonArray listed = json("/api/peers/" + peer).getJsonArray("hotKeys");
      assertEquals(peer.equals(owner) ? 1 : 0, listed.size(), peer + ": " + listed.encode());
    }
    assertEquals(1, metric("bloomchord_hot_keys"));
    assertEquals(1, metric("bloomchord_hot_key_owners"));
  }

  private static double metric(String name) throws Exception {
    String text = send("GET", "/metrics", null).body();
    Matcher m = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*})? (\\S+)$").matcher(text);
    assertTrue(m.find(), name + " is not in /metrics");
    return Double.parseDouble(m.group(1));
  }
}
