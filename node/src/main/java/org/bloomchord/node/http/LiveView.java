package org.bloomchord.node.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Serves the live view: one self-contained page (HTML, CSS and script inline, no external
 * resources, so it works offline) that draws the ring on a canvas and talks to the JSON API and
 * the event stream.
 */
final class LiveView {

  private static final String PAGE = "/org/bloomchord/node/http/live.html";

  private LiveView() {
  }

  static void mount(Router r) {
    Buffer page = Buffer.buffer(load());
    r.get("/").handler(ctx -> ctx.response().putHeader("content-type", "text/html; charset=utf-8").end(page));
  }

  private static byte[] load() {
    try (InputStream in = LiveView.class.getResourceAsStream(PAGE)) {
      if (in == null) {
        throw new IllegalStateException("the live view page " + PAGE + " is missing from the build");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
