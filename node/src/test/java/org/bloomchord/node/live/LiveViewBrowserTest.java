package org.bloomchord.node.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.node.FingerRun;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.PeerView;
import org.bloomchord.node.http.HttpAccess;
import org.bloomchord.node.http.NodeHttpServer;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.WebElement;
import org.junit.jupiter.api.Test;

/**
 * The live view in headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, which
 * {@code .ci/run} installs): the page of a running node draws every peer, a click on a peer shows
 * its fingers as the node has them, a lookup typed into the page shows its path, a screenshot
 * goes to {@code target/live-view.png}, and the crash button removes the peer from the node and,
 * through the event stream, from the drawing. Skipped, with the reason, only where Chromium is missing.
 */
class LiveViewBrowserTest {

  private static final int PEERS = 24;

  @Test
  void thePageDrawsTheRingShowsAPeersFingersAndALookupPath() throws Exception {
    Optional<Path> chromium = executable("chromium", "chromium-browser");
    Optional<Path> driver = executable("chromedriver");
    Assumptions.assumeTrue(chromium.isPresent() && driver.isPresent(),
        "headless Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does it)");

    try (Node node = Node.start(new NodeOptions().setPeers(PEERS).setSeed(21).setEventLoopThreads(2))) {
      NodeHttpServer http = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      try (HeadlessChromium browser = HeadlessChromium.start(driver.get(), chromium.get(), 1200, 900)) {
        browser.navigate("http://127.0.0.1:" + http.port() + "/");

        // the ring: one dot per peer, at the angle of its ring id
        await(() -> Integer.toString(PEERS).equals(browser.script(
            "return document.getElementById('ring').dataset.peers || '';")));
        JsonArray drawn = (JsonArray) browser.script(
            "const g = document.getElementById('ring').getContext('2d');"
                + "return peers.map(p => { const d = g.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data;"
                + " return {name: p.name, x: p.x, y: p.y, painted: d[0] === 0x33 && d[1] === 0x55 && d[2] === 0x77}; });");
        TreeSet<String> names = new TreeSet<>();
        for (Object o : drawn) {
          JsonObject p = (JsonObject) o;
          names.add(p.getString("name"));
          assertTrue(p.getBoolean("painted"), "peer drawn on the canvas: " + p.encode());
        }
        assertEquals(new TreeSet<>(node.peerNames()), names);

        // click a peer and read its fingers
        JsonObject target = (JsonObject) drawn.getValue(0);
        WebElement canvas = browser.find("#ring");
        browser.clickAt(canvas, (int) Math.round(target.getDouble("x") - 360), (int) Math.round(target.getDouble("y") - 360));
        String name = target.getString("name");
        await(() -> name.equals(browser.text(browser.find("#selected"))));
        PeerView truth = node.peer(name).toCompletionStage().toCompletableFuture().get();
        // equal consecutive fingers on one line ("1-52: p115"): expanded again, the lines are the fingers
        List<String> runs = FingerRun.of(truth.fingers()).stream().map(FingerRun::label).toList();
        await(() -> browser.text(browser.find("#fingers")).lines().count() == runs.size());
        List<String> shown = browser.text(browser.find("#fingers")).lines().toList();
        assertEquals(runs, shown);
        List<String> expanded = new ArrayList<>();
        for (String line : shown) {
          String[] range = line.substring(0, line.indexOf(':')).split("-");
          int first = Integer.parseInt(range[0]);
          int last = Integer.parseInt(range[range.length - 1]);
          String peer = line.substring(line.indexOf(": ") + 2);
          for (int i = first; i <= last; i++) {
            expanded.add(peer.equals("-") ? null : peer);
          }
        }
        assertEquals(truth.fingers(), expanded);
        assertTrue(shown.size() < truth.fingers().size(), "fingers grouped: " + shown);

        // a lookup from the selected peer, its path drawn and written out
        WebElement key = browser.find("#key");
        browser.clear(key);
        browser.type(key, "where-is-this");
        browser.click(browser.find("#lookup"));
        await(() -> browser.text(browser.find("#path")).contains("FOUND"));
        String path = browser.text(browser.find("#path"));
        List<PeerRef> live = new ArrayList<>();
        node.peerNames().forEach(n -> live.add(new PeerRef(n, node.ring().hash(n))));
        String successor = new RingOracle(node.ring(), live).successor(node.ring().hash("where-is-this")).address();
        assertTrue(path.startsWith(name), path);
        assertTrue(path.contains("\u21d2 " + successor + " (FOUND"), path + " should name " + successor);
        JsonArray lastPath = (JsonArray) browser.script("return lastPath;");
        assertEquals(name, lastPath.getString(0));

        browser.screenshot(Path.of("target", "live-view.png"));
        assertTrue(Files.size(Path.of("target", "live-view.png")) > 10_000);

        // crash the selected peer from the page: the node loses it, and the stream takes it off the ring
        browser.click(browser.find("#crash"));
        await(() -> !node.hasPeer(name));
        await(() -> Integer.toString(PEERS - 1).equals(browser.script(
            "return document.getElementById('ring').dataset.peers || '';")));
        assertEquals(Boolean.FALSE, browser.script("return byName.has('" + name + "');"));
        assertTrue(((Number) browser.script("return window.liveFrames;")).longValue() > 0, "animation frames counted");
      } finally {
        http.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * A node whose reads and writes need a token: the page opened with the token in its fragment
   * draws the ring (its reads carry the token), cuts the token from the address bar, never puts it
   * in a URL it requests, adds a peer (a write with the token) and sees it come back on its event
   * stream (read through fetch with the token); opened without the token, it shows the node's 401.
   */
  @Test
  void thePageOpenedWithTheTokenReadsWritesAndStreamsWithIt() throws Exception {
    Optional<Path> chromium = executable("chromium", "chromium-browser");
    Optional<Path> driver = executable("chromedriver");
    Assumptions.assumeTrue(chromium.isPresent() && driver.isPresent(),
        "headless Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does it)");
    String token = "dG9rZW4tb2YtdGhlLWJyb3dzZXItdGVzdA";
    int peers = 8;
    try (Node node = Node.start(new NodeOptions().setPeers(peers).setSeed(22).setEventLoopThreads(2))) {
      NodeHttpServer http = NodeHttpServer.start(node, "127.0.0.1", 0, HttpAccess.token(token, true))
          .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      String base = "http://127.0.0.1:" + http.port();
      try (HeadlessChromium browser = HeadlessChromium.start(driver.get(), chromium.get(), 1000, 800)) {
        browser.navigate(base + "/#token=" + token);
        await(() -> Integer.toString(peers).equals(browser.script(
            "return document.getElementById('ring').dataset.peers || '';")));
        assertEquals("", browser.script("return location.hash;"), "the token is cut from the address bar");

        browser.click(browser.find("#add"));
        await(() -> node.peerNames().size() == peers + 1);
        await(() -> Integer.toString(peers + 1).equals(browser.script(
            "return document.getElementById('ring').dataset.peers || '';")));
        JsonArray requested = (JsonArray) browser.script(
            "return performance.getEntriesByType('resource').map(e => e.name);");
        assertTrue(requested.size() >= 3, requested.encode());
        for (Object url : requested) {
          assertFalse(url.toString().contains(token), "a URL the page requested holds the token: " + url);
        }

        browser.script("sessionStorage.clear(); return 0;");
        browser.navigate(base + "/?without-token");
        await(() -> browser.text(browser.find("#status")).contains("Authorization: Bearer"));
      } finally {
        http.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }

  private static void await(Callable<Boolean> condition) throws Exception {
    long end = System.currentTimeMillis() + 20_000;
    while (!Boolean.TRUE.equals(condition.call())) {
      if (System.currentTimeMillis() > end) {
        throw new AssertionError("the page did not reach the expected state within 20 s");
      }
      Thread.sleep(100);
    }
  }

  static Optional<Path> executable(String... names) {
    String pathVar = System.getenv().getOrDefault("PATH", "");
    for (String name : names) {
      for (String dir : pathVar.split(java.io.File.pathSeparator)) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }
}
