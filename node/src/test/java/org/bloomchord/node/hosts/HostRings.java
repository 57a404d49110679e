package org.bloomchord.node.hosts;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Reading a host's {@code /api/ring} in the host-harness tests. */
final class HostRings {

  private HostRings() {
  }

  /** The node names of a ring answer's {@code unreachable} list, in its order. */
  static List<String> unreachable(JsonObject ring) {
    List<String> out = new ArrayList<>();
    JsonArray a = ring.getJsonArray("unreachable");
    for (int i = 0; i < a.size(); i++) {
      out.add(a.getJsonObject(i).getString("node"));
    }
    return out;
  }

  /** Polls {@code /api/ring} until {@code done} holds; returns that answer, or fails naming {@code what}. */
  static JsonObject await(HostHarness h, String url, Predicate<JsonObject> done, long maxMs, String what)
      throws InterruptedException {
    long end = System.currentTimeMillis() + maxMs;
    JsonObject last = null;
    while (System.currentTimeMillis() < end) {
      JsonObject r = h.getJson(url, "/api/ring");
      if (r != null) {
        last = r;
        if (done.test(r)) {
          return r;
        }
      }
      Thread.sleep(250);
    }
    throw new AssertionError(what + ": not within " + maxMs + " ms; last /api/ring: " + last);
  }
}
