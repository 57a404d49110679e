package org.bloomchord.experiments.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bloomchord run SCENARIO --live 0} on Vert.x: 50 peers join, lookups run, one peer is
 * crashed through the live routes and then a fifth of the ring crashes. The event stream read over
 * HTTP must show every peer that joined, every departure the summary counts (the crash asked for
 * among them), sampled lookup paths that start at a peer of the ring, and per-second stats with
 * lookups; bad ports and the simulator are refused with one line and exit code 2.
 */
class RunLiveTest {

  private static final Pattern READY = Pattern.compile("live view on http://127\\.0\\.0\\.1:(\\d+)");

  private static final String SCENARIO = """
      name: live-small
      runtime: vertx
      peers: 50
      chord: { stabilize: 200ms, fixFingers: 200ms }
      phases:
        - join: { peers: 50, over: 2s }
        - wait: { for: 2s }
        - workload: { for: 5s, lookups: 40/s }
        - fail: { fraction: 0.2 }
        - wait: { for: 2s }
      """;

  @Test
  void theStreamShowsTheRunsPeersDeparturesPathsAndStats(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("live-small.yaml");
    Files.writeString(f, SCENARIO);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> BloomchordCli.execute(
        new String[] {"run", f.toString(), "--out", dir.resolve("out").toString(), "--live", "0", "--json"},
        new PrintWriter(out, true), new PrintWriter(err, true)));
    int port = awaitPort(err, run);
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    String base = "http://127.0.0.1:" + port;
    List<JsonObject> batches = new CopyOnWriteArrayList<>();
    List<JsonObject> stats = new CopyOnWriteArrayList<>();
    HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(URI.create(base + "/api/live/events"))
        .build(), HttpResponse.BodyHandlers.ofLines());
    Thread reader = new Thread(() -> {
      String event = null;
      for (String line : (Iterable<String>) stream.body()::iterator) {
        if (line.startsWith("event: ")) {
          event = line.substring(7);
        } else if (line.startsWith("data: ")) {
          (event.equals("batch") ? batches : stats).add(new JsonObject(line.substring(6)));
        }
      }
    });
    reader.setDaemon(true);
    reader.start();

    // the page's order: subscribe, then read the peers running already
    Set<String> joined = new TreeSet<>();
    new JsonObject(http.send(HttpRequest.newBuilder(URI.create(base + "/api/live/peers")).build(),
        HttpResponse.BodyHandlers.ofString()).body()).getJsonArray("peers")
        .forEach(p -> joined.add(((JsonArray) p).getString(0)));
    JsonObject info = new JsonObject(http.send(HttpRequest.newBuilder(URI.create(base + "/api/live")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
    assertEquals("vertx", info.getString("runtime"));
    assertTrue(http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString())
        .body().contains("<canvas id=\"ring\""));

    // once lookups run, crash one peer of the ring through the page's route
    long end = System.currentTimeMillis() + 20_000;
    while (stats.stream().noneMatch(s -> s.getDouble("lookupsPerSecond") > 0) && System.currentTimeMillis() < end) {
      Thread.sleep(100);
    }
    JsonArray peers = new JsonObject(http.send(HttpRequest.newBuilder(URI.create(base + "/api/live/peers")).build(),
        HttpResponse.BodyHandlers.ofString()).body()).getJsonArray("peers");
    assertEquals(50, peers.size(), "every joined peer is listed");
    String victim = peers.getJsonArray(0).getString(0);
    HttpResponse<String> crashed = http.send(HttpRequest.newBuilder(URI.create(base + "/api/live/peers/" + victim))
        .DELETE().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, crashed.statusCode(), crashed.body());

    assertEquals(0, run.get(40, TimeUnit.SECONDS), err.toString());
    JsonObject summary = new JsonObject(out.toString().strip());

    Set<String> departed = new TreeSet<>();
    int paths = 0;
    for (JsonObject b : batches) {
      b.getJsonArray("joined").forEach(j -> joined.add(((JsonArray) j).getString(0)));
      b.getJsonArray("departed").forEach(d -> departed.add(((JsonArray) d).getString(0)));
      for (Object o : b.getJsonArray("paths")) {
        JsonArray path = ((JsonObject) o).getJsonArray("path");
        assertTrue(joined.contains(path.getString(0)), "a path starts at a peer of the ring: " + o);
        paths++;
      }
    }
    JsonObject counts = summary.getJsonObject("peers");
    assertEquals(50, joined.size(), "joins seen on the stream");
    assertTrue(departed.contains(victim), "the crash asked for is on the stream");
    // the run's peers stop when it ends, so the stream saw the crashes, and then the rest leave
    assertTrue(departed.size() >= counts.getLong("crashes"), departed.size() + " departures, summary " + counts);
    assertTrue(counts.getLong("crashes") >= 11, "the crash asked for and the fail phase's: " + counts);
    assertTrue(paths > 0, "sampled lookup paths");
    assertTrue(stats.stream().anyMatch(s -> s.getInteger("peers") == 50), "stats count the peers");
  }

  @Test
  void aBadPortOrTheSimulatorIsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("live-small.yaml");
    Files.writeString(f, SCENARIO);
    assertUsage(new String[] {"run", f.toString(), "--live", "70000"}, "--live must be a port in 0..65535");
    assertUsage(new String[] {"run", f.toString(), "--live", "0", "--runtime", "sim",
        "--out", dir.resolve("o").toString()}, "--live shows runs on the vertx runtime");
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      assertUsage(new String[] {"run", f.toString(), "--live", Integer.toString(taken.getLocalPort()),
          "--out", dir.resolve("o2").toString()}, "cannot listen on 127.0.0.1:" + taken.getLocalPort());
    }
  }

  private static void assertUsage(String[] args, String mentions) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    assertEquals(2, code, err.toString());
    assertEquals(1, err.toString().lines().count(), err.toString());
    assertTrue(err.toString().contains(mentions), err.toString());
  }

  private static int awaitPort(StringWriter err, CompletableFuture<Integer> run) throws Exception {
    long end = System.currentTimeMillis() + 20_000;
    while (System.currentTimeMillis() < end) {
      Matcher m = READY.matcher(err.toString());
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      if (run.isDone()) {
        throw new AssertionError("the run ended before its live view was ready: " + err + " exit " + run.get());
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no 'live view on' line within 20 s: " + err);
  }
}
