package org.bloomchord.node.live;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * A small client of the W3C WebDriver protocol, enough to drive headless Chromium through
 * chromedriver on 127.0.0.1: navigate, find elements, click, type, run a script, take a
 * screenshot. The protocol is plain JSON over HTTP, so no browser-automation library is needed.
 * The live view's browser test and its benchmark ({@code LiveViewBench}) drive the page with it.
 */
public final class WebDriverClient implements AutoCloseable {

  /** The W3C key of element references in JSON. */
  private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

  private final Process driver;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String base;
  private String session;

  private WebDriverClient(Process driver, int port) {
    this.driver = driver;
    this.base = "http://127.0.0.1:" + port;
  }

  /** Starts chromedriver on a free loopback port and opens a headless Chromium session. */
  public static WebDriverClient start(Path chromedriver, Path chromium, int width, int height) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process p = new ProcessBuilder(chromedriver.toString(), "--port=" + port, "--allowed-ips=127.0.0.1")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    WebDriverClient c = new WebDriverClient(p, port);
    try {
      c.awaitReady();
      JsonObject options = new JsonObject().put("binary", chromium.toString()).put("args", new JsonArray(List.of(
          "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--window-size=" + width + "," + height)));
      JsonObject caps = new JsonObject().put("capabilities", new JsonObject().put("alwaysMatch",
          new JsonObject().put("browserName", "chrome").put("goog:chromeOptions", options)));
      c.session = c.call("POST", "/session", caps).getJsonObject("value").getString("sessionId");
      return c;
    } catch (Exception e) {
      c.close();
      throw e;
    }
  }

  private void awaitReady() throws Exception {
    long end = System.currentTimeMillis() + 20_000;
    while (true) {
      try {
        if (call("GET", "/status", null).getJsonObject("value").getBoolean("ready")) {
          return;
        }
      } catch (IOException e) {
        if (System.currentTimeMillis() > end) {
          throw e;
        }
      }
      Thread.sleep(100);
    }
  }

  public void navigate(String url) throws Exception {
    call("POST", s("/url"), new JsonObject().put("url", url));
  }

  /** The element matching a CSS selector (fails when there is none). */
  public String find(String css) throws Exception {
    JsonObject v = call("POST", s("/element"), new JsonObject().put("using", "css selector").put("value", css))
        .getJsonObject("value");
    return v.getString(ELEMENT);
  }

  public String text(String element) throws Exception {
    return call("GET", s("/element/" + element + "/text"), null).getString("value");
  }

  public void click(String element) throws Exception {
    call("POST", s("/element/" + element + "/click"), new JsonObject());
  }

  public void clear(String element) throws Exception {
    call("POST", s("/element/" + element + "/clear"), new JsonObject());
  }

  public void type(String element, String text) throws Exception {
    call("POST", s("/element/" + element + "/value"), new JsonObject().put("text", text));
  }

  /** A mouse click at (x, y) pixels from the element's centre, as a user's would be. */
  public void clickAt(String element, int x, int y) throws Exception {
    JsonObject origin = new JsonObject().put(ELEMENT, element);
    JsonArray steps = new JsonArray()
        .add(new JsonObject().put("type", "pointerMove").put("duration", 0).put("origin", origin).put("x", x).put("y", y))
        .add(new JsonObject().put("type", "pointerDown").put("button", 0))
        .add(new JsonObject().put("type", "pointerUp").put("button", 0));
    JsonObject mouse = new JsonObject().put("type", "pointer").put("id", "mouse")
        .put("parameters", new JsonObject().put("pointerType", "mouse")).put("actions", steps);
    call("POST", s("/actions"), new JsonObject().put("actions", new JsonArray().add(mouse)));
  }

  /** Runs a script in the page and returns its value (as Vert.x JSON types). */
  public Object script(String body, Object... args) throws Exception {
    return call("POST", s("/execute/sync"), new JsonObject().put("script", body).put("args", new JsonArray(List.of(args))))
        .getValue("value");
  }

  public void screenshot(Path file) throws Exception {
    String png = call("GET", s("/screenshot"), null).getString("value");
    Files.createDirectories(file.getParent());
    Files.write(file, Base64.getDecoder().decode(png));
  }

  private String s(String path) {
    return "/session/" + session + path;
  }

  private JsonObject call(String method, String path, JsonObject body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
        .header("content-type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body.encode()));
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    JsonObject json = new JsonObject(r.body());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("WebDriver " + method + " " + path + " failed: " + r.statusCode() + " "
          + json.getJsonObject("value", new JsonObject()).getString("message"));
    }
    return json;
  }

  @Override
  public void close() {
    try {
      if (session != null) {
        call("DELETE", "/session/" + session, null);
      }
    } catch (Exception e) {
      // the driver is stopped below in any case
    } finally {
      driver.destroy();
      try {
        driver.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
