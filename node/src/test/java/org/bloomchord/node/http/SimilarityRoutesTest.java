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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.routing.similar.Shingles;
import org.bloomchord.routing.similar.SimilarityOptions;
import org.junit.jupiter.api.Test;

/**
 * Near-duplicate search through a node's HTTP API: a text and a lightly edited copy find each other
 * with an estimate within 4 standard errors of their exact Jaccard coefficient, an unrelated text
 * is not returned, an unknown id is a 404 and a bad threshold a 400; concurrent publications into
 * one band bucket all land.
 */
class SimilarityRoutesTest {

  @Test
  void editedCopiesFindEachOther() throws Exception {
    try (Node node = Node.start(new NodeOptions().setPeers(4).setSeed(5).setEventLoopThreads(2))) {
      NodeHttpServer server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      try {
        String base = "http://127.0.0.1:" + server.port();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        SplittableRandom random = new SplittableRandom(11);
        String[] words = new String[120];
        for (int i = 0; i < words.length; i++) {
          words[i] = "w" + Long.toHexString(random.nextLong());
        }
        String original = String.join(" ", words);
        words[30] = "changed";
        words[90] = "also changed";
        String edited = String.join(" ", words);
        String other = String.join(" ", random.longs(100).mapToObj(Long::toHexString).toList());
        assertEquals(201, send(client, "POST", base + "/api/documents/a", original).statusCode());
        assertEquals(201, send(client, "POST", base + "/api/documents/b", edited).statusCode());
        assertEquals(201, send(client, "POST", base + "/api/documents/c", other).statusCode());

        HttpResponse<String> r = send(client, "GET", base + "/api/similar/a?threshold=0.6", null);
        assertEquals(200, r.statusCode(), r.body());
        JsonObject reply = new JsonObject(r.body());
        JsonArray matches = reply.getJsonArray("matches");
        assertEquals(1, matches.size(), r.body());
        assertEquals("b", matches.getJsonObject(0).getString("id"));
        int k = SimilarityOptions.defaults().hashes();
        double exact = Shingles.jaccard(Shingles.of(original, 4), Shingles.of(edited, 4));
        double estimate = matches.getJsonObject(0).getDouble("estimate");
        assertTrue(Math.abs(estimate - exact) <= 4 * Math.sqrt(0.25 / k), estimate + " vs exact " + exact);
        assertEquals(SimilarityOptions.defaults().bands() + 1, reply.getInteger("lookups"));

        assertEquals(404, send(client, "GET", base + "/api/similar/nobody", null).statusCode());
        assertEquals(400, send(client, "GET", base + "/api/similar/a?threshold=2", null).statusCode());
        assertEquals(400, send(client, "POST", base + "/api/documents/d", "  ,, ").statusCode());
      } finally {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * 40 publications of one text at once through the HTTP API share all their band buckets: every
   * bucket is appended to at its owner, so a query by any of them returns the 39 others (the oracle:
   * every published id). By read-modify-write, concurrent publications into one bucket lose entries.
   */
  @Test
  void concurrentPublicationsOfOneTextAllLand() throws Exception {
    try (Node node = Node.start(new NodeOptions().setPeers(6).setSeed(8).setEventLoopThreads(2))) {
      NodeHttpServer server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      try {
        String base = "http://127.0.0.1:" + server.port();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String text = String.join(" ", new SplittableRandom(3).longs(80).mapToObj(Long::toHexString).toList());
        int n = 40;
        List<CompletableFuture<HttpResponse<String>>> posts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          posts.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/api/documents/d" + i))
              .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(text)).build(),
              HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> post : posts) {
          HttpResponse<String> r = post.get(90, TimeUnit.SECONDS);
          assertEquals(201, r.statusCode(), r.body());
        }
        for (int q : new int[] {0, 17, n - 1}) {
          HttpResponse<String> r = send(client, "GET", base + "/api/similar/d" + q + "?threshold=0.9", null);
          assertEquals(200, r.statusCode(), r.body());
          Set<String> found = new TreeSet<>();
          new JsonObject(r.body()).getJsonArray("matches").forEach(m -> found.add(((JsonObject) m).getString("id")));
          Set<String> expected = new TreeSet<>();
          for (int i = 0; i < n; i++) {
            if (i != q) {
              expected.add("d" + i);
            }
          }
          assertEquals(expected, found, "query by d" + q);
        }
      } finally {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }

  private static HttpResponse<String> send(HttpClient client, String method, String uri, String body) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build(), HttpResponse.BodyHandlers.ofString());
  }
}
