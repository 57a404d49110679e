package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document a running node serves at {@code /api/openapi.json}: valid OpenAPI 3 by a
 * real parser (swagger-parser), naming exactly the methods and paths of the node's vertx-web router,
 * and describing what the routes answer (the fields its schemas require are in the replies).
 */
class OpenApiDocumentTest {

  private static Node node;
  private static NodeHttpServer server;
  private static HttpClient client;
  private static String base;
  private static OpenAPI api;

  @BeforeAll
  static void start() throws Exception {
    node = Node.start(new NodeOptions().setPeers(4).setSeed(3).setEventLoopThreads(2));
    server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    base = "http://127.0.0.1:" + server.port();
    client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpResponse<String> doc = get(OpenApiDocument.PATH);
    assertEquals(200, doc.statusCode());
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(doc.body(), null, options);
    assertEquals(List.of(), parsed.getMessages() == null ? List.of() : parsed.getMessages(),
        "the OpenAPI parser's messages about " + OpenApiDocument.RESOURCE);
    api = parsed.getOpenAPI();
    assertNotNull(api);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    node.close();
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theDocumentIsOpenApi3() {
    assertTrue(api.getOpenapi().startsWith("3."), api.getOpenapi());
    int operations = api.getPaths().values().stream().mapToInt(p -> p.readOperations().size()).sum();
    assertTrue(operations >= 25, "operations: " + operations + " on " + api.getPaths().keySet());
    // every operation is named and answers something
    api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
      assertNotNull(op.getOperationId(), method + " " + path);
      assertTrue(op.getResponses() != null && !op.getResponses().isEmpty(), method + " " + path);
    }));
  }

  @Test
  void theDocumentAndTheRouterNameTheSameRoutes() {
    Set<String> routed = new TreeSet<>();
    for (Route r : server.routerInUse().getRoutes()) {
      // routes without a method are handlers of every request (the body handler, the 404 fallback)
      if (r.methods() == null || r.methods().isEmpty() || r.getPath() == null) {
        continue;
      }
      for (HttpMethod m : r.methods()) {
        routed.add(m.name() + " " + r.getPath().replaceAll(":([A-Za-z0-9_]+)", "{$1}"));
      }
    }
    Set<String> documented = new TreeSet<>();
    api.getPaths().forEach((path, item) -> item.readOperationsMap().keySet()
        .forEach(m -> documented.add(m.name() + " " + path)));
    Set<String> undocumented = new TreeSet<>(routed);
    undocumented.removeAll(documented);
    Set<String> stale = new TreeSet<>(documented);
    stale.removeAll(routed);
    String where = "node/src/main/resources/org/bloomchord/node/http/" + OpenApiDocument.RESOURCE;
    assertEquals(Set.of(), undocumented, "routes of the node's router missing from " + where);
    assertEquals(Set.of(), stale, "operations of " + where + " that the router does not have");
  }

  /**
   * Each GET without parameters, one peer's view, and a write, a lookup, a publish and a locate
   * answer their documented status with every field their schema requires and none it lacks.
   */
  @Test
  void repliesHoldWhatTheirSchemasRequire() throws Exception {
    int checked = 0;
    String peer = node.peerNames().iterator().next();
    for (Map.Entry<String, PathItem> e : api.getPaths().entrySet()) {
      Operation op = e.getValue().getGet();
      String path = e.getKey().replace("{name}", peer);
      if (op != null && !path.contains("{") && op.getResponses().get("200").getContent().containsKey("application/json")) {
        check("GET", e.getKey(), path, null);
        checked++;
      }
    }
    assertTrue(checked >= 8, "GET routes checked: " + checked);
    check("PUT", "/api/keys/{key}", "/api/keys/k1", "v1");
    check("DELETE", "/api/keys/{key}", "/api/keys/k1", null);
    check("GET", "/api/lookup/{key}", "/api/lookup/k2?from=" + peer, null);
    check("POST", "/api/objects/{name}", "/api/objects/o1?peer=" + peer, null);
    check("GET", "/api/locate/{name}", "/api/locate/o1", null);
    check("GET", "/api/live/lookup/{key}", "/api/live/lookup/k3", null);
    check("POST", "/api/documents/{id}", "/api/documents/t1", "the quick brown fox jumps over the lazy dog");
    check("GET", "/api/similar/{id}", "/api/similar/t1?threshold=0.3", null);
  }

  /** Sends a request and checks its reply against the operation's documented success reply. */
  private static void check(String method, String template, String path, String body) throws Exception {
    Operation op = api.getPaths().get(template).readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
    assertNotNull(op, method + " " + template + " is not in the document");
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build(), HttpResponse.BodyHandlers.ofString());
    String status = Integer.toString(r.statusCode());
    assertTrue(status.startsWith("2") && op.getResponses().containsKey(status),
        method + " " + path + " answered " + status + ", which the document does not give as a success: " + r.body());
    Schema<?> schema = op.getResponses().get(status).getContent().get("application/json").getSchema();
    if (schema.get$ref() != null) {
      schema = api.getComponents().getSchemas().get(schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1));
    }
    JsonObject reply = new JsonObject(r.body());
    for (String field : schema.getRequired() == null ? List.<String>of() : schema.getRequired()) {
      assertTrue(reply.containsKey(field), method + " " + path + " lacks " + field + ": " + r.body());
    }
    if (schema.getProperties() != null) {
      for (String field : reply.fieldNames()) {
        assertTrue(schema.getProperties().containsKey(field), method + " " + path + " answers " + field
            + ", which the document does not describe");
      }
    }
  }

  @Test
  void theDocumentIsServedAsJson() throws Exception {
    HttpResponse<String> r = get(OpenApiDocument.PATH);
    assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("application/json"));
    assertEquals("bloomchord node", new JsonObject(r.body()).getJsonObject("info").getString("title"));
  }
}
