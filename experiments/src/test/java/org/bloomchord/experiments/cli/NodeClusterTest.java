package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bloomchord node} with the cluster flags: two real node JVMs on 127.0.0.1 form one ring, a
 * key written through one is read through the other, either reports every peer, and documents
 * published at once through both are all found by a similarity query through one; bad flag
 * combinations are one line and exit code 2.
 */
class NodeClusterTest {


  @Test
  void twoNodeJvmsFormOneRing(@TempDir Path dir) throws Exception {
    Path secret = Files.writeString(dir.resolve("secret"), "a shared secret of this test\n");
    Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    int clusterPort = freePort();
    List<Process> started = new ArrayList<>();
    try {
      Process first = NodeProcesses.start(started, dir.resolve("first.err"), "--peers", "4", "--http-port", "0",
          "--cluster-port", Integer.toString(clusterPort), "--secret-file", secret.toString());
      String a = NodeProcesses.awaitListening(first, dir.resolve("first.err"));
      Process second = NodeProcesses.start(started, dir.resolve("second.err"), "--peers", "4", "--http-port", "0",
          "--members", "127.0.0.1:" + clusterPort, "--secret-file", secret.toString());
      String b = NodeProcesses.awaitListening(second, dir.resolve("second.err"));

      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      for (String base : List.of(a, b)) {
        String ring = send(http, HttpRequest.newBuilder(URI.create(base + "/api/ring"))).body();
        assertTrue(ring.contains("\"peers\":8") && ring.contains("\"active\":8") && ring.contains("\"stable\":true"),
            base + ": " + ring);
      }
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> put = send(http, HttpRequest.newBuilder(URI.create(a + "/api/keys/k" + i))
            .PUT(HttpRequest.BodyPublishers.ofString("v" + i)));
        assertEquals(200, put.statusCode(), put.body());
      }
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> get = send(http, HttpRequest.newBuilder(URI.create(b + "/api/keys/k" + i)));
        assertEquals(200, get.statusCode(), get.body());
        assertEquals("v" + i, get.body());
      }
      HttpResponse<String> back = send(http, HttpRequest.newBuilder(URI.create(b + "/api/keys/back"))
          .PUT(HttpRequest.BodyPublishers.ofString("from the second")));
      assertEquals(200, back.statusCode(), back.body());
      assertEquals("from the second", send(http, HttpRequest.newBuilder(URI.create(a + "/api/keys/back"))).body());

      // one text published at once through both nodes: the band-bucket appends cross the JVMs
      String text = "the same words in every copy of this document, published at once through both nodes";
      List<CompletableFuture<HttpResponse<String>>> posts = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        posts.add(http.sendAsync(HttpRequest.newBuilder(URI.create((i % 2 == 0 ? a : b) + "/api/documents/s" + i))
            .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(text)).build(),
            HttpResponse.BodyHandlers.ofString()));
      }
      for (CompletableFuture<HttpResponse<String>> post : posts) {
        HttpResponse<String> r = post.get(90, TimeUnit.SECONDS);
        assertEquals(201, r.statusCode(), r.body());
      }
      HttpResponse<String> similar = send(http, HttpRequest.newBuilder(URI.create(b + "/api/similar/s0?threshold=0.9")));
      assertEquals(200, similar.statusCode(), similar.body());
      for (int i = 1; i < 12; i++) {
        assertTrue(similar.body().contains("\"id\":\"s" + i + "\""), "s" + i + " missing: " + similar.body());
      }
    } finally {
      for (Process p : started) {
        p.destroyForcibly();
      }
      for (Process p : started) {
        p.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void badClusterFlagCombinationsGetOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
    Path empty = Files.writeString(dir.resolve("empty"), "");
    String[][] cases = {
        {"node", "--http-port", "7000", "--cluster-port", "7000"},
        {"node", "--http-port", "0", "--members", "localhost"},
        {"node", "--http-port", "0", "--cluster-port", "7001", "--members", "127.0.0.1:7001"},
        {"node", "--http-port", "0", "--secret-file", empty.toString()},
        {"node", "--http-port", "0", "--cluster-name", "x"}};
    String[] mentions = {"--cluster-port", "--members", "--members", "--secret-file", "--cluster-name"};
    for (int i = 0; i < cases.length; i++) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code = BloomchordCli.execute(cases[i], new PrintWriter(out), new PrintWriter(err));
      assertEquals(BloomchordCli.EXIT_USAGE, code, String.join(" ", cases[i]) + ": " + err);
      List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
      assertEquals(1, lines.size(), lines.toString());
      assertTrue(lines.get(0).startsWith("bloomchord: ") && lines.get(0).contains(mentions[i]), lines.toString());
      assertFalse(err.toString().contains("\tat "), "no stack trace");
      assertEquals("", out.toString());
    }
  }

  private static HttpResponse<String> send(HttpClient http, HttpRequest.Builder request) throws Exception {
    return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
