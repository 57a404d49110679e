package org.bloomchord.node.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.node.ChurnModel;
import org.bloomchord.node.ChurnRun;
import org.bloomchord.node.DriverCalls;
import org.bloomchord.node.HotKeyOwners;
import org.bloomchord.node.Node;
import org.bloomchord.node.live.LiveServer;
import org.bloomchord.node.live.NodeLiveSource;
import org.bloomchord.overlay.RequestTimeoutException;

/**
 * The node's HTTP API on vertx-web: JSON everywhere, errors as {@code {"status": s, "error": "one
 * sentence."}} and never a stack trace. Routes (the contract, with every parameter and reply, is
 * the OpenAPI document {@code openapi.json} beside this class, served at {@code /api/openapi.json}):
 *
 * <pre>
 * GET    /api/ring                 peers alive, active, stable, the known nodes this one cannot reach,
 *                                  this node's owners of hot keys (with hot-key relief)
 * GET    /api/peers                every peer: name, id, state
 * POST   /api/peers?count=N        add N peers                     201
 * GET    /api/peers/{name}         one peer's successors, fingers, predecessor, keys, filters
 * DELETE /api/peers/{name}?mode=leave|crash
 * PUT    /api/keys/{key}           body: the value -> version
 * GET    /api/keys/{key}           the value (text/plain), 404 when absent
 * DELETE /api/keys/{key}
 * POST   /api/objects/{name}?peer= publish at a peer (any by default) -> holder
 * DELETE /api/objects/{name}?peer= unpublish
 * GET    /api/locate/{name}?from=  outcome, holder, hops
 * GET    /api/lookup/{key}?from=   outcome, successor, hops, path
 * POST   /api/documents/{id}       body: text -> publish for near-duplicate search    201 (SimilarityRoutes)
 * GET    /api/similar/{id}?threshold=  published documents like {id}, with estimates
 * POST   /api/churn?eventsPerSecond=&crashShare=&seconds=   start a churn model    202
 * GET    /api/churn                the churn run: model, joins, leaves, crashes, running
 * DELETE /api/churn                stop it
 * GET    /api/events               ring events as server-sent events
 * GET    /metrics                  Prometheus text format
 * GET    /api/openapi.json         this contract as an OpenAPI 3 document (docs/reference/http-api.md)
 * GET    /                         the live view, with its routes under /api/live (see LiveServer)
 * </pre>
 *
 * With a token ({@link HttpAccess}), every PUT, POST and DELETE needs {@code Authorization: Bearer
 * <token>} and is answered 401 without it; so is every other request but the page and the OpenAPI
 * document when reads are guarded too.
 *
 * <p>Membership changes block until done, so they run one at a time on a thread of their own; data
 * operations are asynchronous end to end.
 *
 * <p>Why one class, longer than most: it is the router of one HTTP API, one short handler per
 * route above plus the parameter parsing and error mapping they share. Each handler only parses,
 * calls {@link Node} and maps the answer to JSON (the JSON shapes are in {@code JsonViews}, the
 * metrics in {@code NodeMetrics}, the event stream in {@code EventStream}, the live view in
 * {@code LiveServer}); splitting the routes over several classes would scatter the API's contract
 * (status codes, error bodies, parameter bounds) that reads best as one table.
 */
public final class NodeHttpServer {

  private static final Logger LOG = System.getLogger(NodeHttpServer.class.getName());

  private final Node node;
  private final Vertx vertx;
  private final ChordConfig chord;
  private final NodeMetrics metrics;
  private final EventStream events;
  private final NodeLiveSource liveSource;
  private final HttpAccess access;
  private LiveServer live;
  /**
   * Runs membership changes one at a time off the Vert.x threads: they block on the peers, which
   * the driver side of the runtime forbids on any Vert.x thread (worker threads included).
   */
  private final DriverCalls membership = new DriverCalls("bloomchord-membership", 1, "the node is shutting down");
  private HttpServer server;
  /** The router the server answers with, for the test that holds it to the OpenAPI document. */
  private Router router;

  private NodeHttpServer(Node node, HttpAccess access) {
    this.node = node;
    this.access = access;
    this.vertx = node.vertx();
    this.chord = node.options().getChord();
    this.metrics = new NodeMetrics(node);
    this.events = new EventStream(node);
    this.liveSource = new NodeLiveSource(node);
  }

  /**
   * Starts the API of {@code node} on {@code host}:{@code port} (port 0: any free port) without a
   * token: anyone who reaches the port may change the node's data, so bind the loopback.
   */
  public static Future<NodeHttpServer> start(Node node, String host, int port) {
    return start(node, host, port, HttpAccess.open());
  }

  /**
   * Starts the API of {@code node} on {@code host}:{@code port} (port 0: any free port), answering
   * only the requests that {@code access} lets through.
   */
  public static Future<NodeHttpServer> start(Node node, String host, int port, HttpAccess access) {
    NodeHttpServer s = new NodeHttpServer(node, access);
    return s.vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port))
        .requestHandler(s.router = s.router())
        .listen()
        .map(server -> {
          s.server = server;
          return s;
        });
  }

  /** The port actually bound. */
  public int port() {
    return server.actualPort();
  }

  /** Stops accepting requests and closes open connections and event streams. */
  public Future<Void> close() {
    events.close();
    if (live != null) {
      live.close();
    }
    liveSource.close();
    membership.close();
    return server == null ? Future.succeededFuture() : server.close();
  }

  /** The router in use (null before {@link #start} completes). */
  Router routerInUse() {
    return router;
  }

  Router router() {
    Router r = Router.router(vertx);
    java.util.concurrent.atomic.LongAdder refused = new java.util.concurrent.atomic.LongAdder();
    if (access.guarded()) {
      metrics.countUnauthorized(refused);
    }
    access.mount(r, refused);
    // the largest body is a value; a bit more for its encoding
    r.route("/api/*").handler(BodyHandler.create(false).setBodyLimit(chord.maxValueBytes() + 1024L));
    r.get("/api/ring").handler(this::ring);
    r.get("/api/peers").handler(this::peers);
    r.post("/api/peers").handler(this::addPeers);
    r.get("/api/peers/:name").handler(this::peer);
    r.delete("/api/peers/:name").handler(this::removePeer);
    r.put("/api/keys/:key").handler(this::put);
    r.get("/api/keys/:key").handler(this::get);
    r.delete("/api/keys/:key").handler(this::delete);
    r.post("/api/objects/:name").handler(this::publish);
    r.delete("/api/objects/:name").handler(this::unpublish);
    r.get("/api/locate/:name").handler(this::locate);
    r.get("/api/lookup/:key").handler(this::lookup);
    r.get("/api/traceback/:peer").handler(this::captured);
    r.post("/api/traceback/:peer/:digest").handler(this::traceback);
    new SimilarityRoutes(node).mount(r);
    r.post("/api/churn").handler(this::startChurn);
    r.get("/api/churn").handler(this::churn);
    r.delete("/api/churn").handler(ctx -> {
      node.stopChurn();
      churn(ctx);
    });
    r.get("/api/events").handler(events::subscribe);
    // the hot-key gauges are read from the peers' threads first: a gauge itself must not block
    r.get("/metrics").handler(ctx -> metrics.refresh().onComplete(ar -> ctx.response()
        .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8").end(metrics.scrape())));
    live = LiveServer.mount(r, vertx, liveSource);
    r.get(OpenApiDocument.PATH).handler(OpenApiDocument::serve);
    r.route().last().handler(ctx -> fail(ctx, 404, "no such resource: " + ctx.request().method() + " "
        + ctx.request().path()));
    r.errorHandler(405, ctx -> fail(ctx, 405, "method " + ctx.request().method() + " is not allowed on "
        + ctx.request().path()));
    r.errorHandler(413, ctx -> fail(ctx, 413, "the body is larger than the limit of " + chord.maxValueBytes()
        + " bytes"));
    r.errorHandler(400, ctx -> fail(ctx, 400, "the request is malformed"));
    r.errorHandler(500, ctx -> failWith(ctx, ctx.failure()));
    return r;
  }

  // ---- ring and peers

  private void ring(RoutingContext ctx) {
    Future<Node.RingStatus> status = node.status();
    Future<HotKeyOwners> hot = node.hotKeys();
    reply(ctx, Future.all(status, hot).map(all -> JsonViews.ring(status.result(), hot.result())));
  }

  private void peers(RoutingContext ctx) {
    reply(ctx, node.peers().map(list -> {
      JsonArray out = new JsonArray();
      list.forEach(v -> out.add(new JsonObject().put("name", v.name()).put("id", v.id()).put("state", v.state())
          .put("keys", v.keys())));
      return new JsonObject().put("peers", out);
    }));
  }

  private void peer(RoutingContext ctx) {
    reply(ctx, node.peer(ctx.pathParam("name")).map(JsonViews::peer));
  }

  private void addPeers(RoutingContext ctx) {
    Integer count = intParam(ctx, "count", 1, 1, 1000);
    if (count == null) {
      return;
    }
    Future<List<String>> added = blocking(() -> node.addPeers(count));
    added.onSuccess(names -> ctx.response().setStatusCode(201))
        .onComplete(ar -> reply(ctx, ar.succeeded()
            ? Future.succeededFuture(new JsonObject().put("added", new JsonArray(ar.result())))
            : Future.failedFuture(ar.cause())));
  }

  private void removePeer(RoutingContext ctx) {
    String name = ctx.pathParam("name");
    String mode = ctx.queryParams().get("mode") == null ? "leave" : ctx.queryParams().get("mode");
    if (!mode.equals("leave") && !mode.equals("crash")) {
      fail(ctx, 400, "mode must be 'leave' or 'crash', got '" + mode + "'");
      return;
    }
    if (!node.hasPeer(name)) {
      fail(ctx, 404, "no running peer named '" + name + "'");
      return;
    }
    reply(ctx, blocking(() -> {
      if (mode.equals("crash")) {
        node.crash(name);
      } else {
        node.leave(name);
      }
      return new JsonObject().put("removed", name).put("mode", mode);
    }));
  }

  // ---- churn

  private void startChurn(RoutingContext ctx) {
    Double rate = doubleParam(ctx, "eventsPerSecond", 1);
    Double crashShare = rate == null ? null : doubleParam(ctx, "crashShare", 0.5);
    Integer seconds = crashShare == null ? null : intParam(ctx, "seconds", 60, 1, 86_400);
    if (seconds == null) {
      return;
    }
    ChurnModel model;
    try {
      model = new ChurnModel(rate, crashShare, seconds, 2);
    } catch (IllegalArgumentException e) {
      fail(ctx, 400, e.getMessage());
      return;
    }
    node.startChurn(model);
    ctx.response().setStatusCode(202);
    churn(ctx);
  }

  private void churn(RoutingContext ctx) {
    ChurnRun run = node.churn();
    JsonObject out = new JsonObject().put("running", run != null && run.running());
    if (run != null) {
      out.put("eventsPerSecond", run.model().eventsPerSecond()).put("crashShare", run.model().crashShare())
          .put("seconds", run.model().seconds()).put("startedAt", run.startedAt()).put("joins", run.joins())
          .put("leaves", run.leaves()).put("crashes", run.crashes());
    }
    reply(ctx, Future.succeededFuture(out));
  }

  private static Double doubleParam(RoutingContext ctx, String param, double dflt) {
    String text = ctx.queryParams().get(param);
    if (text == null) {
      return dflt;
    }
    try {
      double v = Double.parseDouble(text);
      if (Double.isFinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    fail(ctx, 400, "the query parameter '" + param + "' must be a number, got '" + text + "'");
    return null;
  }

  // ---- keys

  private void put(RoutingContext ctx) {
    String key = key(ctx);
    if (key == null) {
      return;
    }
    if (ctx.body() == null || ctx.body().buffer() == null) {
      fail(ctx, 400, "the body must hold the value");
      return;
    }
    String value = ctx.body().asString(StandardCharsets.UTF_8.name());
    reply(ctx, node.put(key, value).map(w -> {
      if (!w.stored()) {
        throw new Unavailable("the write of '" + key + "' reached no quorum of replicas (" + w.outcome() + ")");
      }
      return JsonViews.write(w);
    }));
  }

  private void get(RoutingContext ctx) {
    String key = key(ctx);
    if (key == null) {
      return;
    }
    node.get(key).onComplete(ar -> {
      if (ar.failed()) {
        failWith(ctx, ar.cause());
      } else if (!ar.result().found()) {
        fail(ctx, 404, "no value under the key '" + key + "'");
      } else {
        ctx.response().putHeader("content-type", "text/plain; charset=utf-8")
            .putHeader("x-version", Long.toString(ar.result().version().counter())).end(ar.result().value());
      }
    });
  }

  private void delete(RoutingContext ctx) {
    String key = key(ctx);
    if (key != null) {
      reply(ctx, node.delete(key).map(JsonViews::write));
    }
  }

  private String key(RoutingContext ctx) {
    String key = ctx.pathParam("key");
    int bytes = key.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > chord.maxKeyBytes()) {
      fail(ctx, 400, "the key is " + bytes + " bytes long, more than the limit of " + chord.maxKeyBytes());
      return null;
    }
    return key;
  }

  // ---- objects and lookups

  private void publish(RoutingContext ctx) {
    String name = ctx.pathParam("name");
    String peer = peerParam(ctx, "peer");
    if (name != null && (peer != null || ctx.queryParams().get("peer") == null)) {
      reply(ctx, node.publish(peer, name).map(h -> new JsonObject().put("name", name).put("holder", h)));
    }
  }

  private void unpublish(RoutingContext ctx) {
    String name = ctx.pathParam("name");
    if (ctx.queryParams().get("peer") == null) {
      fail(ctx, 400, "the query parameter 'peer' must name the holder");
      return;
    }
    String peer = peerParam(ctx, "peer");
    if (peer != null) {
      reply(ctx, node.unpublish(peer, name).map(v -> new JsonObject().put("name", name).put("holder", peer)));
    }
  }

  private void locate(RoutingContext ctx) {
    String from = peerParam(ctx, "from");
    if (from != null || ctx.queryParams().get("from") == null) {
      reply(ctx, node.locate(from, ctx.pathParam("name")).map(JsonViews::locate));
    }
  }

  private void lookup(RoutingContext ctx) {
    String key = key(ctx);
    String from = peerParam(ctx, "from");
    if (key != null && (from != null || ctx.queryParams().get("from") == null)) {
      reply(ctx, node.lookup(from, key).map(JsonViews::lookup));
    }
  }

  private void captured(RoutingContext ctx) {
    reply(ctx, node.captured(ctx.pathParam("peer")).map(JsonViews::captured));
  }

  private void traceback(RoutingContext ctx) {
    long digest;
    try {
      digest = Long.parseUnsignedLong(ctx.pathParam("digest"), 16);
    } catch (NumberFormatException e) {
      fail(ctx, 400, "digest must be up to 16 hex digits, got '" + ctx.pathParam("digest") + "'");
      return;
    }
    reply(ctx, node.traceback(ctx.pathParam("peer"), digest).map(JsonViews::traceback));
  }

  /** The named peer of a query parameter; null when absent or (after a 404 reply) unknown. */
  private String peerParam(RoutingContext ctx, String param) {
    String name = ctx.queryParams().get(param);
    if (name != null && !node.hasPeer(name)) {
      fail(ctx, 404, "no running peer named '" + name + "'");
      return null;
    }
    return name;
  }

  private static Integer intParam(RoutingContext ctx, String param, int dflt, int min, int max) {
    String text = ctx.queryParams().get(param);
    if (text == null) {
      return dflt;
    }
    try {
      int v = Integer.parseInt(text);
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    fail(ctx, 400, "the query parameter '" + param + "' must be an integer in " + min + ".." + max + ", got '"
        + text + "'");
    return null;
  }

  private <T> Future<T> blocking(Callable<T> task) {
    return membership.submit(task);
  }

  // ---- replies

  private static void reply(RoutingContext ctx, Future<JsonObject> f) {
    f.onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().putHeader("content-type", "application/json").end(ar.result().encode());
      } else {
        failWith(ctx, ar.cause());
      }
    });
  }

  private static void failWith(RoutingContext ctx, Throwable t) {
    Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    if (c instanceof Node.UnknownPeerException) {
      fail(ctx, 404, c.getMessage());
    } else if (c instanceof IllegalArgumentException) {
      fail(ctx, 400, c.getMessage());
    } else if (c instanceof Unavailable || c instanceof RequestTimeoutException) {
      fail(ctx, 503, c.getMessage());
    } else if (c instanceof IllegalStateException) {
      fail(ctx, 503, c.getMessage());
    } else {
      LOG.log(Level.WARNING, "request " + ctx.request().method() + " " + ctx.request().path() + " failed", c);
      fail(ctx, 500, "internal error: " + (c == null ? "unknown" : c.getClass().getSimpleName()));
    }
  }

  static void fail(RoutingContext ctx, int status, String message) {
    if (ctx.response().ended()) {
      return;
    }
    String sentence = message == null ? "error" : message.strip();
    if (!sentence.endsWith(".")) {
      sentence = sentence + ".";
    }
    ctx.response().setStatusCode(status).putHeader("content-type", "application/json")
        .end(JsonViews.error(status, sentence).encode());
  }

  /** A write or read the ring could not complete (no quorum): 503. */
  static final class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unavailable(String message) {
      super(message, null, false, false);
    }
  }
}
