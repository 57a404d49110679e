package org.bloomchord.experiments.bench;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomchord.node.ChurnModel;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.http.NodeHttpServer;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The live view of a large node in headless Chromium: starts a node of PEERS peers on Vert.x with
 * its HTTP server on 127.0.0.1, opens the page through chromedriver, waits until every peer is
 * drawn, selects a peer (its fingers and successors are drawn too), then measures windows of
 * SECONDS each in the same page: idle; lookups at RATE a second asked through the live routes
 * (each traced, so the page animates its path); the same with churn (10 events a second, half of
 * them crashes); and the lookups with a full redraw forced at every frame. For each window it reads
 * from the page the animation frames a second ({@code requestAnimationFrame} callbacks), the frames
 * drawn and the mean time a drawing took, the paths received, and from the server the bytes pushed
 * on the event stream and in replies.
 *
 * <p>It drives the page with Selenium's Java client (a test dependency, so it lives with the tests
 * and stays out of the CLI's jar):
 *
 * <pre>
 * mvn -B -q -o -pl experiments -am test-compile dependency:build-classpath \
 *     -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
 * java -Xmx4g -cp "experiments/target/test-classes:experiments/target/classes:$(cat experiments/target/test-classpath.txt)" \
 *     org.bloomchord.experiments.bench.LiveViewBench PEERS SECONDS RATE [PERIOD_MS]
 * </pre>
 *
 * <p>Before the page is opened the bench waits until the node has settled: a ring that has just
 * become stable still pulls every link's first filter summary and runs its first replica repairs,
 * which at 10,000 peers keeps both event loops busy for tens of seconds, and lookups asked at 100 a
 * second into that backlog time out and pile up. Settled means 20 lookups in a row (one at a time,
 * through the embedding API) each answered within 50 ms; the time it took is printed.
 *
 * <p>PERIOD_MS (default 500, the node's) is the peers' stabilize, fix-fingers and
 * check-predecessor period; the filter refresh is 20 times it and the lease 60 times. A longer
 * period lets a large ring start on a loaded machine; the page's work does not depend on it.
 */
public final class LiveViewBench {

  private LiveViewBench() {
  }

  public static void main(String[] args) throws Exception {
    int peers = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int rate = args.length > 2 ? Integer.parseInt(args[2]) : 100;
    long period = args.length > 3 ? Long.parseLong(args[3]) : 500;
    Path chromium = Path.of("/usr/bin/chromium");
    Path driver = Path.of("/usr/bin/chromedriver");
    if (!Files.isExecutable(chromium) || !Files.isExecutable(driver)) {
      System.err.println("LiveViewBench: needs /usr/bin/chromium and /usr/bin/chromedriver");
      System.exit(2);
    }
    long t0 = System.nanoTime();
    NodeOptions options = new NodeOptions().setPeers(peers).setSeed(7).setStartTimeoutMs(1_800_000);
    options.setChord(options.getChord().withPeriods(period, period, period))
        .setLocation(options.getLocation().withPeriods(20 * period, 60 * period));
    try (Node node = Node.start(options)) {
      System.out.printf(Locale.ROOT, "node of %d peers stable after %.1f s%n", peers, (System.nanoTime() - t0) / 1e9);
      long settle = System.nanoTime();
      int probes = settle(node);
      System.out.printf(Locale.ROOT, "settled %.1f s later (%d probe lookups)%n", (System.nanoTime() - settle) / 1e9, probes);
      NodeHttpServer server = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      String base = "http://127.0.0.1:" + server.port();
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      ChromeDriver browser = chromium(driver, chromium, 1200, 900);
      try {
        long load = System.nanoTime();
        browser.get(base + "/");
        String want = Integer.toString(node.peerNames().size());
        while (!want.equals(browser.executeScript("return document.getElementById('ring').dataset.peers || '';"))) {
          Thread.sleep(50);
        }
        JsonObject served = served(http, base);
        System.out.printf(Locale.ROOT, "page drew %s peers %.2f s after navigation; %d bytes served so far%n", want,
            (System.nanoTime() - load) / 1e9, served.getLong("replyBytes") + served.getLong("streamBytes"));
        browser.executeScript("select(peers[0].name); return 0;");
        Thread.sleep(1000);
        System.out.printf(Locale.ROOT, "%-16s %7s %8s %9s %8s %12s %12s %9s%n", "window", "fps", "draws/s",
            "draw ms", "paths/s", "stream B/s", "replies B/s", "lookups/s");
        window(browser, http, base, "idle", seconds, null, 0);
        window(browser, http, base, "lookups", seconds, null, rate);
        window(browser, http, base, "lookups+churn", seconds, node, rate);
        browser.executeScript("window.liveForceDraw = true; return 0;");
        window(browser, http, base, "full redraw", seconds, null, rate);
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target", "live-view-bench.png"), browser.getScreenshotAs(OutputType.BYTES));
      } finally {
        browser.quit();
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }

  /** Headless Chromium through the system's chromedriver, both given, so that Selenium fetches nothing. */
  private static ChromeDriver chromium(Path driver, Path chromium, int width, int height) {
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
        .usingAnyFreePort().withSilent(true).build();
    return new ChromeDriver(service, new ChromeOptions().setBinary(chromium.toFile()).addArguments("--headless=new",
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=" + width + "," + height));
  }

  private static void window(ChromeDriver browser, HttpClient http, String base, String name, int seconds,
      Node churn, int rate) throws Exception {
    JsonArray before = page(browser);
    JsonObject servedBefore = served(http, base);
    AtomicLong done = new AtomicLong();
    ScheduledExecutorService lookups = Executors.newSingleThreadScheduledExecutor();
    AtomicLong next = new AtomicLong();
    ScheduledFuture<?> task = rate == 0 ? null : lookups.scheduleAtFixedRate(() -> http.sendAsync(
        HttpRequest.newBuilder(URI.create(base + "/api/live/lookup/bench-" + next.incrementAndGet())).GET().build(),
        HttpResponse.BodyHandlers.discarding()).thenRun(done::incrementAndGet), 0, 1_000_000 / rate,
        TimeUnit.MICROSECONDS);
    if (churn != null) {
      churn.startChurn(new ChurnModel(10, 0.5, seconds, 2));
    }
    long start = System.nanoTime();
    Thread.sleep(seconds * 1000L);
    double wall = (System.nanoTime() - start) / 1e9;
    JsonArray after = page(browser);
    JsonObject servedAfter = served(http, base);
    if (task != null) {
      task.cancel(false);
    }
    lookups.shutdown();
    if (churn != null) {
      churn.stopChurn();
    }
    double ms = after.getDouble(4) - before.getDouble(4);
    double frames = after.getDouble(0) - before.getDouble(0);
    double draws = after.getDouble(1) - before.getDouble(1);
    double drawMs = after.getDouble(2) - before.getDouble(2);
    double paths = after.getDouble(3) - before.getDouble(3);
    System.out.printf(Locale.ROOT, "%-16s %7.1f %8.1f %9.2f %8.1f %12.0f %12.0f %9.1f%n", name, frames * 1000 / ms,
        draws * 1000 / ms, draws == 0 ? 0 : drawMs / draws, paths * 1000 / ms,
        (servedAfter.getLong("streamBytes") - servedBefore.getLong("streamBytes")) / wall,
        (servedAfter.getLong("replyBytes") - servedBefore.getLong("replyBytes")) / wall, done.get() / wall);
    Thread.sleep(2000);
  }

  /** Waits until 20 lookups in a row were each answered within 50 ms (at most 10 minutes); returns how many were asked. */
  private static int settle(Node node) throws Exception {
    int inRow = 0;
    int asked = 0;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
    while (inRow < 20 && System.nanoTime() < deadline) {
      long start = System.nanoTime();
      node.lookup(null, "settle-" + asked++).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
      boolean quick = System.nanoTime() - start <= TimeUnit.MILLISECONDS.toNanos(50);
      inRow = quick ? inRow + 1 : 0;
      if (!quick) {
        Thread.sleep(200);
      }
    }
    return asked;
  }

  private static JsonArray page(ChromeDriver browser) {
    return new JsonArray((List<?>) browser.executeScript("return [window.liveFrames, window.liveDraws,"
        + " window.liveDrawMs, window.livePaths, performance.now()];"));
  }

  private static JsonObject served(HttpClient http, String base) throws Exception {
    return new JsonObject(http.send(HttpRequest.newBuilder(URI.create(base + "/api/live/served")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
  }
}
