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

  /**
   * How long a node may take to listen (its JVM starts, joins the membership and launches its
   * peers): three of them starting at once on 2 cores beside a load average of 35 once took more
   * than 120 s.
   */
  static final long START_TIMEOUT_MS = 300_000;

  /**
   * Starts a node of {@code peers} peers on each host of {@code h} and waits until every node sees
   * one stable ring of all of them; returns the nodes' HTTP base URLs, host by host.
   */
  static List<String> startStable(HostHarness h, int hosts, int peers) throws Exception {
    List<String> url = new ArrayList<>();
    for (int k = 0; k < hosts; k++) {
      url.add(h.startNode(k, peers, START_TIMEOUT_MS));
    }
    for (int k = 0; k < hosts; k++) {
      await(h, url.get(k), r -> r.getInteger("peers") == hosts * peers && r.getBoolean("stable"), 60_000,
          "node " + k + " sees the whole ring stable before the cut");
    }
    return url;
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
