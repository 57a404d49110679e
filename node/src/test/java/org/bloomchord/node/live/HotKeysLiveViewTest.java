package org.bloomchord.node.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.http.NodeHttpServer;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The live view of a node with hot-key relief, in headless Chromium: while one key is read about 20
 * times a second its owner (the ring oracle's successor of the key) gets a flame next to its dot and
 * a line in the side panel; once the reads stop it loses them. The lease is 1 ms, so no copy
 * answers in the owner's place and the owner keeps counting every read. Screenshot:
 * {@code target/live-view-hot.png}. Skipped, with the reason, only where Chromium is missing.
 */
class HotKeysLiveViewTest {

  private static final int PEERS = 12;

  @Test
  void theOwnerOfAHotKeyIsMarkedWhileItIsHotAndNotAfter() throws Exception {
    Optional<Path> chromium = LiveViewBrowserTest.executable("chromium", "chromium-browser");
    Optional<Path> driver = LiveViewBrowserTest.executable("chromedriver");
    Assumptions.assumeTrue(chromium.isPresent() && driver.isPresent(),
        "headless Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does it)");

    try (Node node = Node.start(new NodeOptions().setPeers(PEERS).setSeed(23).setEventLoopThreads(2)
        .setHotKeys(HotKeyOptions.defaults().with(3, 1)))) {
      NodeHttpServer http = NodeHttpServer.start(node, "127.0.0.1", 0).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      String key = "popular";
      node.put(key, "v").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      List<PeerRef> live = new ArrayList<>();
      node.peerNames().forEach(n -> live.add(new PeerRef(n, node.ring().hash(n))));
      String owner = new RingOracle(node.ring(), live).successor(node.ring().hash(key)).address();
      AtomicBoolean reading = new AtomicBoolean(true);
      Thread reader = new Thread(() -> {
        while (reading.get()) {
          try {
            node.get(key).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            Thread.sleep(50);
          } catch (Exception e) {
            return;
          }
        }
      }, "hot-reader");
      try (HeadlessChromium browser = HeadlessChromium.start(driver.get(), chromium.get(), 1200, 900)) {
        browser.navigate("http://127.0.0.1:" + http.port() + "/");
        await(() -> Integer.toString(PEERS).equals(browser.script(
            "return document.getElementById('ring').dataset.peers || '';")));
        assertEquals("", browser.script("return document.getElementById('ring').dataset.hotOwners || '';"));
        reader.start();

        await(() -> owner.equals(browser.script("return document.getElementById('ring').dataset.hotOwners || '';")));
        assertTrue(browser.text(browser.find("#hotKeys")).startsWith(owner + ": " + key + " ("),
            browser.text(browser.find("#hotKeys")));
        assertTrue(browser.text(browser.find("#hotLine")).contains("hot keys 1 (threshold 3/s)"),
            browser.text(browser.find("#hotLine")));
        // the flame's outer colour just outside the owner's dot, towards the rim
        JsonObject flame = (JsonObject) browser.script(
            "const p = byName.get('" + owner + "'), ux = (p.x - CX) / R, uy = (p.y - CY) / R;"
                + "const x = Math.round(p.x + ux * 14), y = Math.round(p.y + uy * 14 - 7);"
                + "const d = document.getElementById('ring').getContext('2d').getImageData(x, y, 1, 1).data;"
                + "return {r: d[0], g: d[1], b: d[2]};");
        assertEquals(0xee, flame.getInteger("r"), flame.encode());
        assertEquals(0x44, flame.getInteger("g"), flame.encode());
        browser.screenshot(Path.of("target", "live-view-hot.png"));
        assertTrue(Files.size(Path.of("target", "live-view-hot.png")) > 10_000);

        // without reads the owner's count falls below the threshold within two seconds
        reading.set(false);
        reader.join(15_000);
        await(() -> "".equals(browser.script("return document.getElementById('ring').dataset.hotOwners || '';")));
      } finally {
        reading.set(false);
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
}
