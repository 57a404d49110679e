package org.bloomchord.node.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A churn model started over HTTP, on a node of its own (it crashes peers other tests name). */
class ChurnHttpTest {

  private static Node node;
  private static NodeHttpServer server;
  private static final HttpClient client = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    node = Node.start(new NodeOptions().setPeers(8).setSeed(9).setEventLoopThreads(2));
    server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    node.close();
  }

  private static HttpResponse<String> send(String method, String path, String body) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(30)).method(method, HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonObject json(HttpResponse<String> r) {
    return new JsonObject(r.body());
  }

  private static void assertError(HttpResponse<String> r, int status, String mentions) {
    assertEquals(status, r.statusCode(), r.body());
    assertTrue(json(r).getString("error").contains(mentions), r.body());
  }

  @Test
  void aChurnModelChangesTheRingUntilStopped() throws Exception {
    assertError(send("POST", "/api/churn?eventsPerSecond=1000", null), 400, "eventsPerSecond");
    assertError(send("POST", "/api/churn?crashShare=lots", null), 400, "'crashShare'");
    HttpResponse<String> start = send("POST", "/api/churn?eventsPerSecond=20&crashShare=1&seconds=30", null);
    assertEquals(202, start.statusCode(), start.body());
    assertTrue(json(start).getBoolean("running"));
    long end = System.currentTimeMillis() + 20_000;
    JsonObject run = json(send("GET", "/api/churn", null));
    while (run.getInteger("joins") + run.getInteger("crashes") < 4 && System.currentTimeMillis() < end) {
      Thread.sleep(100);
      run = json(send("GET", "/api/churn", null));
    }
    assertEquals(0, run.getInteger("leaves"), "crashShare 1: every departure is a crash");
    assertTrue(run.getInteger("joins") + run.getInteger("crashes") >= 4, run.encode());
    JsonObject stopped = json(send("DELETE", "/api/churn", null));
    end = System.currentTimeMillis() + 20_000;
    while (stopped.getBoolean("running") && System.currentTimeMillis() < end) {
      Thread.sleep(100);
      stopped = json(send("GET", "/api/churn", null));
    }
    assertFalse(stopped.getBoolean("running"));
    // the ring heals after the churn
    end = System.currentTimeMillis() + 30_000;
    while (!json(send("GET", "/api/ring", null)).getBoolean("stable") && System.currentTimeMillis() < end) {
      Thread.sleep(250);
    }
    assertTrue(json(send("GET", "/api/ring", null)).getBoolean("stable"));
  }

}
