package org.bloomchord.node.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.node.FingerRun;
import org.bloomchord.node.HotKey;
import org.bloomchord.node.HotKeyOwners;
import org.bloomchord.node.LookupTrace;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeReachability;
import org.bloomchord.node.PeerView;
import org.bloomchord.node.RingEvent;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.traceback.AttackGraph;
import org.bloomchord.routing.traceback.TracebackService;

/**
 * The JSON shapes of the HTTP API and the live view; field names are part of the contract (the
 * schemas of {@code openapi.json}, which a test holds to these replies).
 */
public final class JsonViews {

  private JsonViews() {
  }

  static JsonObject ring(Node.RingStatus s) {
    JsonArray unreachable = new JsonArray();
    long now = System.currentTimeMillis();
    for (NodeReachability.NodeState n : s.unreachable()) {
      unreachable.add(new JsonObject().put("node", n.node()).put("address", n.address())
          .put("sinceMs", n.sinceMs()).put("seconds", Math.max(0, now - n.sinceMs()) / 1000));
    }
    return new JsonObject().put("peers", s.peers()).put("active", s.active()).put("stable", s.stable())
        .put("lookups", s.lookups()).put("unreachable", unreachable);
  }

  /** The ring status with the hot keys' owners of {@code hot} as field {@code hotKeys}. */
  static JsonObject ring(Node.RingStatus s, HotKeyOwners hot) {
    return ring(s).put("hotKeys", hotKeys(hot));
  }

  /** {@code {"relief": true, "thresholdPerSecond": 2, "owners": [{"peer", "id", "keys": [...]}]}}. */
  static JsonObject hotKeys(HotKeyOwners hot) {
    JsonArray owners = new JsonArray();
    for (HotKeyOwners.Owner o : hot.owners()) {
      owners.add(new JsonObject().put("peer", o.peer()).put("id", o.id()).put("keys", hotKeys(o.keys())));
    }
    return new JsonObject().put("relief", hot.relief()).put("thresholdPerSecond", hot.thresholdPerSecond())
        .put("keys", hot.keys()).put("owners", owners);
  }

  private static JsonArray hotKeys(List<HotKey> keys) {
    JsonArray out = new JsonArray();
    keys.forEach(k -> out.add(new JsonObject().put("key", k.key()).put("keyId", k.keyId()).put("rate", k.rate())));
    return out;
  }

  static JsonObject write(WriteResult w) {
    return new JsonObject().put("key", w.key()).put("outcome", w.outcome().name())
        .put("version", w.version() == null ? null : w.version().counter())
        .put("writer", w.version() == null ? null : Long.toUnsignedString(w.version().writer()))
        .put("replicas", w.replicas());
  }

  static JsonObject locate(LocateResult r) {
    return new JsonObject().put("name", r.key()).put("outcome", r.outcome().name())
        .put("holder", r.holder() == null ? null : r.holder().address())
        .put("hops", r.probabilisticHops() + r.fallbackHops() + r.finalHops())
        .put("probabilisticHops", r.probabilisticHops()).put("fallbackHops", r.fallbackHops())
        .put("finalHops", r.finalHops()).put("falsePositives", r.falsePositives()).put("latencyMs", r.latencyMs());
  }

  static JsonObject captured(TracebackService.Snapshot snapshot) {
    JsonArray out = new JsonArray();
    for (var c : snapshot.captured()) {
      out.add(new JsonObject().put("digest", Long.toHexString(c.digest())).put("type", c.type())
          .put("from", c.from().address()).put("at", c.at()));
    }
    return new JsonObject().put("captured", out).put("entries", snapshot.entries())
        .put("digestBytes", snapshot.digestBytes()).put("messageBytes", snapshot.messageBytes());
  }

  static JsonObject traceback(AttackGraph g) {
    JsonArray links = new JsonArray();
    g.links().forEach(l -> links.add(new JsonObject().put("from", l.from().address()).put("to", l.to().address())));
    return new JsonObject().put("digest", Long.toHexString(g.digest()))
        .put("peers", new JsonArray(g.peers().stream().map(p -> p.address()).toList()))
        .put("links", links)
        .put("origins", new JsonArray(g.origins().stream().map(p -> p.address()).toList()))
        .put("queries", g.queries()).put("falseBranches", g.falseBranches())
        .put("expectedFalseBranches", g.expectedFalseBranches());
  }

  public static JsonObject lookup(LookupTrace t) {
    LookupResult r = t.result();
    return new JsonObject().put("key", t.key()).put("keyId", t.keyId()).put("outcome", r.outcome().name())
        .put("successor", r.successor() == null ? null : r.successor().address())
        .put("hops", r.hops()).put("hopsToOwner", r.hopsToOwner()).put("timeouts", r.timeouts()).put("latencyMs", r.latencyMs())
        .put("path", new JsonArray(t.path()));
  }

  public static JsonObject peer(PeerView v) {
    JsonObject filters = new JsonObject();
    for (Map.Entry<String, double[]> e : v.linkFilters().entrySet()) {
      JsonArray levels = new JsonArray();
      for (double f : e.getValue()) {
        levels.add(Math.round(f * 10_000) / 10_000.0);
      }
      filters.put(e.getKey(), levels);
    }
    return new JsonObject().put("name", v.name()).put("id", v.id()).put("state", v.state())
        .put("predecessor", v.predecessor()).put("successors", new JsonArray(v.successors()))
        .put("fingers", new JsonArray(v.fingers())).put("fingerRuns", fingerRuns(v.fingers()))
        .put("keys", v.keys()).put("entries", v.entries())
        .put("objects", v.objects()).put("linkFilters", filters).put("hotKeys", hotKeys(v.hotKeys()));
  }

  /** The fingers grouped as the live view lists them: {@code [{"first": 1, "last": 52, "peer": "p115"}, ...]}. */
  private static JsonArray fingerRuns(List<String> fingers) {
    JsonArray out = new JsonArray();
    for (FingerRun r : FingerRun.of(fingers)) {
      out.add(new JsonObject().put("first", r.first()).put("last", r.last()).put("peer", r.peer()));
    }
    return out;
  }

  static JsonObject event(RingEvent e) {
    return new JsonObject().put("kind", e.kind().name()).put("peer", e.peer()).put("predecessor", e.predecessor())
        .put("successor", e.successor()).put("timeMs", e.timeMs());
  }

  public static JsonObject error(int status, String message) {
    return new JsonObject().put("status", status).put("error", message);
  }
}
