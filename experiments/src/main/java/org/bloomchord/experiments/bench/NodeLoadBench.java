package org.bloomchord.experiments.bench;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.http.NodeHttpServer;

/**
 * Load test of one node on loopback: puts then gets of random keys, through the HTTP API and
 * through the embedding API, in alternating rounds in the same process (so both meet the same
 * machine load), with a fixed number of operations in flight. Bounded in time (each round lasts
 * {@code seconds}) and in count (at most {@value #MAX_SAMPLES} latencies kept per round).
 *
 * <pre>
 * java -Xmx2g -cp experiments/target/bloomchord.jar org.bloomchord.node.bench.NodeLoadBench \
 *     PEERS SECONDS CONCURRENCY ROUNDS
 * </pre>
 */
public final class NodeLoadBench {

  static final int MAX_SAMPLES = 2_000_000;
  private static final int KEYS = 10_000;

  private NodeLoadBench() {
  }

  public static void main(String[] args) throws Exception {
    int peers = args.length > 0 ? Integer.parseInt(args[0]) : 64;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int concurrency = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    try (Node node = Node.start(new NodeOptions().setPeers(peers).setSeed(7))) {
      NodeHttpServer server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      String base = "http://127.0.0.1:" + server.port() + "/api/keys/";
      Function<Integer, CompletableFuture<Boolean>> httpPut = i -> http.sendAsync(HttpRequest.newBuilder(
          URI.create(base + key(i))).timeout(Duration.ofSeconds(30)).PUT(HttpRequest.BodyPublishers.ofString(value(i)))
          .build(), HttpResponse.BodyHandlers.ofString()).thenApply(r -> r.statusCode() == 200);
      Function<Integer, CompletableFuture<Boolean>> httpGet = i -> http.sendAsync(HttpRequest.newBuilder(
          URI.create(base + key(i))).timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString())
          .thenApply(r -> r.statusCode() == 200 && r.body().equals(value(i)));
      Function<Integer, CompletableFuture<Boolean>> apiPut = i -> node.put(key(i), value(i)).map(w -> w.stored())
          .toCompletionStage().toCompletableFuture();
      Function<Integer, CompletableFuture<Boolean>> apiGet = i -> node.get(key(i)).map(r -> value(i).equals(r.value()))
          .toCompletionStage().toCompletableFuture();
      // every key exists before the first get, so that a get that finds nothing is an error
      List<CompletableFuture<Boolean>> fill = new ArrayList<>();
      for (int i = 0; i < KEYS; i++) {
        fill.add(apiPut.apply(i));
        if (fill.size() == 256) {
          CompletableFuture.allOf(fill.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
          fill.clear();
        }
      }
      CompletableFuture.allOf(fill.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
      System.out.printf(Locale.ROOT, "node of %d peers, %d s per phase, %d operations in flight, %d rounds%n",
          peers, seconds, concurrency, rounds);
      System.out.printf(Locale.ROOT, "%-5s %-4s %-4s %10s %8s %8s %8s %8s %7s%n",
          "round", "via", "op", "ops/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors");
      List<double[]> results = new ArrayList<>();
      for (int round = 1; round <= rounds; round++) {
        for (String via : List.of("http", "api")) {
          boolean overHttp = via.equals("http");
          double[] put = run(round, via, "put", overHttp ? httpPut : apiPut, seconds, concurrency);
          double[] get = run(round, via, "get", overHttp ? httpGet : apiGet, seconds, concurrency);
          results.add(put);
          results.add(get);
        }
      }
      summary(results, rounds);
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  /** Medians over the rounds of each (via, op), and the ratio of the embedding API to HTTP. */
  private static void summary(List<double[]> results, int rounds) {
    String[] names = {"http put", "http get", "api put", "api get"};
    double[][] medians = new double[4][];
    for (int k = 0; k < 4; k++) {
      double[][] per = new double[rounds][];
      for (int r = 0; r < rounds; r++) {
        per[r] = results.get(r * 4 + k);
      }
      medians[k] = new double[5];
      for (int f = 0; f < 5; f++) {
        double[] col = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          col[r] = per[r][f];
        }
        Arrays.sort(col);
        medians[k][f] = col[rounds / 2];
      }
      System.out.printf(Locale.ROOT, "median %-8s %10.0f ops/s  p50 %.2f  p90 %.2f  p99 %.2f ms%n",
          names[k], medians[k][0], medians[k][1], medians[k][2], medians[k][3]);
    }
    System.out.printf(Locale.ROOT, "api/http throughput: put %.1fx, get %.1fx%n",
        medians[2][0] / medians[0][0], medians[3][0] / medians[1][0]);
  }

  private static String value(int i) {
    return "value-" + (i % KEYS);
  }

  private static String key(int i) {
    return URLEncoder.encode("key-" + (i % KEYS), StandardCharsets.UTF_8);
  }

  /** One phase: returns {ops/s, p50, p90, p99, max} and prints them. */
  private static double[] run(int round, String via, String op, Function<Integer, CompletableFuture<Boolean>> call,
      int seconds, int concurrency) throws Exception {
    long[] samples = new long[MAX_SAMPLES];
    AtomicInteger count = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    AtomicInteger next = new AtomicInteger();
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<?>[] loops = new CompletableFuture<?>[concurrency];
    long start = System.nanoTime();
    for (int c = 0; c < concurrency; c++) {
      CompletableFuture<Void> done = new CompletableFuture<>();
      loops[c] = done;
      loop(call, samples, count, errors, next, stop, done);
    }
    Thread.sleep(seconds * 1000L);
    stop.set(true);
    CompletableFuture.allOf(loops).get(60, TimeUnit.SECONDS);
    double elapsed = (System.nanoTime() - start) / 1e9;
    int n = Math.min(count.get(), MAX_SAMPLES);
    long[] sorted = Arrays.copyOf(samples, n);
    Arrays.sort(sorted);
    double[] r = {count.get() / elapsed, pct(sorted, 0.50), pct(sorted, 0.90), pct(sorted, 0.99),
        n == 0 ? 0 : sorted[n - 1] / 1e6};
    System.out.printf(Locale.ROOT, "%-5d %-4s %-4s %10.0f %8.2f %8.2f %8.2f %8.1f %7d%n",
        round, via, op, r[0], r[1], r[2], r[3], r[4], errors.get());
    return r;
  }

  private static void loop(Function<Integer, CompletableFuture<Boolean>> call, long[] samples, AtomicInteger count,
      AtomicInteger errors, AtomicInteger next, AtomicBoolean stop, CompletableFuture<Void> done) {
    if (stop.get()) {
      done.complete(null);
      return;
    }
    long t0 = System.nanoTime();
    call.apply(next.getAndIncrement()).whenComplete((ok, failure) -> {
      int i = count.getAndIncrement();
      if (i < samples.length) {
        samples[i] = System.nanoTime() - t0;
      }
      if (failure != null || !Boolean.TRUE.equals(ok)) {
        errors.incrementAndGet();
      }
      loop(call, samples, count, errors, next, stop, done);
    });
  }

  private static double pct(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))] / 1e6;
  }
}
