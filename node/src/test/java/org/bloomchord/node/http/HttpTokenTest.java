package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's API with a token, walked route by route from its OpenAPI document: every operation
 * that changes state answers 401 with a JSON error without the token or with another one, and
 * changes nothing; with the token it succeeds. Reads stay open, unless reads are guarded too, when
 * every read but the page and the document answers 401 without the token and 200 with it.
 */
class HttpTokenTest {

  private static final String TOKEN = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0";
  private static Node node;
  private static NodeHttpServer writes;
  private static NodeHttpServer reads;
  private static HttpClient client;
  private static OpenAPI api;

  @BeforeAll
  static void start() throws Exception {
    node = Node.start(new NodeOptions().setPeers(6).setSeed(5).setEventLoopThreads(2));
    writes = NodeHttpServer.start(node, "127.0.0.1", 0, HttpAccess.token(TOKEN, false)).toCompletionStage()
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    reads = NodeHttpServer.start(node, "127.0.0.1", 0, HttpAccess.token(TOKEN, true)).toCompletionStage()
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpResponse<String> doc = send(writes, "GET", OpenApiDocument.PATH, null, null);
    assertEquals(200, doc.statusCode(), "the document is open");
    api = new OpenAPIV3Parser().readContents(doc.body()).getOpenAPI();
    assertNotNull(api);
  }

  @AfterAll
  static void stop() throws Exception {
    writes.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    reads.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    node.close();
  }

  /** A request of the walk: the concrete path and body of one documented operation. */
  private record Call(String path, String body) {
  }

  @Test
  void everyStateChangingRouteNeedsTheToken() throws Exception {
    List<String> names = new ArrayList<>(node.peerNames());
    String peer = names.get(0);
    // state-changing operations in an order that leaves something for each to act on
    Map<String, Call> calls = new LinkedHashMap<>();
    calls.put("PUT /api/keys/{key}", new Call("/api/keys/guarded", "value"));
    calls.put("DELETE /api/keys/{key}", new Call("/api/keys/guarded", null));
    calls.put("POST /api/objects/{name}", new Call("/api/objects/obj?peer=" + peer, null));
    calls.put("DELETE /api/objects/{name}", new Call("/api/objects/obj?peer=" + peer, null));
    calls.put("POST /api/documents/{id}", new Call("/api/documents/d1", "the quick brown fox jumps over the lazy dog"));
    calls.put("POST /api/traceback/{peer}/{digest}", new Call("/api/traceback/" + peer + "/1f", null));
    calls.put("POST /api/peers", new Call("/api/peers?count=1", null));
    calls.put("DELETE /api/peers/{name}", new Call("/api/peers/" + names.get(1) + "?mode=leave", null));
    calls.put("POST /api/live/peers", new Call("/api/live/peers", null));
    calls.put("DELETE /api/live/peers/{name}", new Call("/api/live/peers/" + names.get(2), null));
    calls.put("POST /api/churn", new Call("/api/churn?eventsPerSecond=0.1&seconds=1", null));
    calls.put("DELETE /api/churn", new Call("/api/churn", null));

    TreeSet<String> documented = new TreeSet<>();
    api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((m, op) -> {
      if (m == PathItem.HttpMethod.PUT || m == PathItem.HttpMethod.POST || m == PathItem.HttpMethod.DELETE
          || m == PathItem.HttpMethod.PATCH) {
        documented.add(m.name() + " " + path);
        assertTrue(op.getResponses().containsKey("401"), m + " " + path + " documents its 401");
        assertEquals("bearerToken", op.getSecurity().get(0).keySet().iterator().next(), m + " " + path);
      }
    }));
    assertEquals(documented, new TreeSet<>(calls.keySet()), "the walk covers every state-changing operation");

    for (Map.Entry<String, Call> e : calls.entrySet()) {
      String method = e.getKey().substring(0, e.getKey().indexOf(' '));
      Call c = e.getValue();
      for (String header : new String[] {null, "Bearer " + TOKEN + "x", "Basic " + TOKEN, "Bearer"}) {
        HttpResponse<String> refused = send(writes, method, c.path(), c.body(), header);
        assertEquals(401, refused.statusCode(), e.getKey() + " with " + header + ": " + refused.body());
        JsonObject error = new JsonObject(refused.body());
        assertEquals(401, error.getInteger("status"));
        assertTrue(error.getString("error").endsWith("."), refused.body());
        assertTrue(refused.headers().firstValue("www-authenticate").orElse("").startsWith("Bearer"));
      }
      if (e.getKey().equals("PUT /api/keys/{key}")) {
        assertEquals(404, send(writes, "GET", c.path(), null, null).statusCode(), "a refused write stores nothing");
      }
      if (e.getKey().equals("DELETE /api/peers/{name}")) {
        assertTrue(node.hasPeer(names.get(1)), "a refused removal removes nothing");
      }
      HttpResponse<String> done = send(writes, method, c.path(), c.body(), "Bearer " + TOKEN);
      assertTrue(done.statusCode() / 100 == 2, e.getKey() + " with the token answered " + done.statusCode() + ": "
          + done.body());
      if (e.getKey().equals("PUT /api/keys/{key}")) {
        assertEquals("value", send(writes, "GET", c.path(), null, null).body(), "the write with the token is stored");
      }
    }
    assertTrue(!node.hasPeer(names.get(1)), "the removal with the token removed the peer");
    java.util.regex.Matcher counted = java.util.regex.Pattern.compile("bloomchord_http_unauthorized_total (\\d+)\\.0")
        .matcher(send(writes, "GET", "/metrics", null, null).body());
    assertTrue(counted.find(), "the refusals are counted");
    assertTrue(Long.parseLong(counted.group(1)) >= 4L * calls.size(), counted.group());
  }

  @Test
  void readsAreOpenUnlessGuardedAndThenNeedTheToken() throws Exception {
    String peer = node.peerNames().iterator().next();
    int guarded = 0;
    for (Map.Entry<String, PathItem> e : api.getPaths().entrySet()) {
      if (e.getValue().getGet() == null || e.getKey().contains("events")) {
        continue;
      }
      String path = e.getKey().replace("{name}", peer).replace("{key}", "k").replace("{id}", "d")
          .replace("{peer}", peer);
      assertTrue(send(writes, "GET", path, null, null).statusCode() != 401, "a read is open by default: " + path);
      boolean open = path.equals("/") || path.equals(OpenApiDocument.PATH);
      HttpResponse<String> without = send(reads, "GET", path, null, null);
      assertEquals(open ? 200 : 401, without.statusCode(), path + ": " + without.body());
      if (!open) {
        guarded++;
        assertTrue(send(reads, "GET", path, null, "Bearer " + TOKEN).statusCode() != 401, path);
      }
    }
    assertTrue(guarded >= 12, "reads checked: " + guarded);
    assertEquals(200, send(reads, "GET", "/metrics", null, "bearer " + TOKEN).statusCode(), "the scheme is case-blind");
  }

  @Test
  void shortTokensAndTokenFilesOthersCanReadAreRefused(@TempDir Path dir) throws Exception {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HttpAccess.token("0123456789abcdef", false))
        .getMessage().contains("64 bits, fewer than 128"));
    assertThrows(IllegalArgumentException.class, () -> HttpAccess.token("has spaces in it, which a header cannot", false));
    Path file = Files.writeString(dir.resolve("token"), TOKEN + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HttpAccess.readTokenFile(file, false)).getMessage()
        .contains("chmod 600"));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    assertTrue(HttpAccess.readTokenFile(file, false).guarded());
  }

  private static HttpResponse<String> send(NodeHttpServer server, String method, String path, String body,
      String authorization) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
