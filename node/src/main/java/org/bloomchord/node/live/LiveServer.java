package org.bloomchord.node.live;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomchord.node.http.JsonViews;
import org.bloomchord.overlay.RequestTimeoutException;

/**
 * Serves the live view of a {@link LiveSource}: one self-contained page (HTML, CSS and script
 * inline, no external resources, so it works offline) that draws the ring on a canvas, and the
 * routes it reads:
 *
 * <pre>
 * GET    /                         the page
 * GET    /api/live                 title, runtime, which actions the source offers, a note
 * GET    /api/live/peers           {"peers": [[name, id], ...]}
 * GET    /api/live/peers/{name}    one peer's successors, fingers, predecessor, keys, filters
 * POST   /api/live/peers           add a peer                           201 {"added": name}
 * DELETE /api/live/peers/{name}    crash it                             {"crashed": name}
 * GET    /api/live/lookup/{key}?from=   outcome, successor, hops, path
 * GET    /api/live/events          server-sent events (batches of changes and paths, stats)
 * GET    /api/live/served          bytes pushed on event streams and in replies, since when
 * </pre>
 *
 * {@code bloomchord node} mounts these routes on its own router ({@link #mount}); {@code bloomchord
 * run --live} starts a server of its own on a Vert.x instance with one event loop ({@link #start}).
 */
public final class LiveServer {

  private static final String PAGE = "/org/bloomchord/node/http/live.html";

  private final LiveSource source;
  private final LiveStream stream;
  private final AtomicLong replyBytes = new AtomicLong();
  private final long since = System.currentTimeMillis();
  private Vertx ownVertx;
  private HttpServer server;

  private LiveServer(Vertx vertx, LiveSource source) {
    this.source = source;
    this.stream = new LiveStream(vertx, source);
  }

  /** Adds the live view's routes for {@code source} to {@code router}; close the result with the router's server. */
  public static LiveServer mount(Router router, Vertx vertx, LiveSource source) {
    LiveServer s = new LiveServer(vertx, source);
    s.routes(router);
    return s;
  }

  /**
   * Starts a server of its own on {@code host}:{@code port} (0: any free port), on a Vert.x
   * instance with one event loop; blocks until it listens.
   *
   * @throws IllegalStateException if the port cannot be bound (the message names it)
   */
  public static LiveServer start(LiveSource source, String host, int port) {
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(2));
    LiveServer s = new LiveServer(vertx, source);
    s.ownVertx = vertx;
    Router r = Router.router(vertx);
    s.routes(r);
    try {
      s.server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)).requestHandler(r)
          .listen().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      return s;
    } catch (Exception e) {
      s.close();
      Throwable c = e.getCause() == null ? e : e.getCause();
      throw new IllegalStateException("cannot listen on " + host + ":" + port + " (" + c.getMessage() + ")", c);
    }
  }

  /** The port of a server started by {@link #start}. */
  public int port() {
    return server.actualPort();
  }

  /** Bytes pushed on event streams so far. */
  public long streamBytes() {
    return stream.bytesPushed();
  }

  /** Stops the stream (and a server of its own with its Vert.x instance). */
  public void close() {
    stream.close();
    if (ownVertx != null) {
      try {
        ownVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        // closing at the end of a run: nothing left to do about it
      }
    }
  }

  private void routes(Router r) {
    Buffer page = Buffer.buffer(load());
    r.get("/").handler(ctx -> {
      replyBytes.addAndGet(page.length());
      ctx.response().putHeader("content-type", "text/html; charset=utf-8").end(page);
    });
    r.get("/api/live").handler(ctx -> {
      LiveSource.Info i = source.info();
      send(ctx, 200, new JsonObject().put("title", i.title()).put("runtime", i.runtime()).put("canAdd", i.canAdd())
          .put("canCrash", i.canCrash()).put("canLookup", i.canLookup()).put("note", i.note()));
    });
    r.get("/api/live/peers").handler(ctx -> {
      JsonArray out = new JsonArray();
      source.peers().forEach(p -> out.add(new JsonArray().add(p.name()).add(p.id())));
      send(ctx, 200, new JsonObject().put("peers", out));
    });
    r.get("/api/live/peers/:name").handler(ctx -> reply(ctx, 200, () -> source.peer(ctx.pathParam("name"))
        .map(JsonViews::peer)));
    r.post("/api/live/peers").handler(ctx -> reply(ctx, 201, () -> source.addPeer()
        .map(n -> new JsonObject().put("added", n))));
    r.delete("/api/live/peers/:name").handler(ctx -> {
      String name = ctx.pathParam("name");
      reply(ctx, 200, () -> source.crash(name).map(v -> new JsonObject().put("crashed", name)));
    });
    r.get("/api/live/lookup/:key").handler(ctx -> reply(ctx, 200,
        () -> source.lookup(ctx.queryParams().get("from"), ctx.pathParam("key")).map(JsonViews::lookup)));
    r.get("/api/live/events").handler(stream::subscribe);
    r.get("/api/live/served").handler(ctx -> send(ctx, 200, new JsonObject().put("since", since)
        .put("streamBytes", stream.bytesPushed()).put("replyBytes", replyBytes.get())
        .put("clients", stream.clients()).put("pathsDropped", stream.pathsDropped())));
  }

  /**
   * Replies with what {@code action} completes with; an action that throws (e.g. on a peer that is
   * starting or stopping under churn) fails like one whose future failed.
   */
  private void reply(RoutingContext ctx, int status, java.util.function.Supplier<Future<JsonObject>> action) {
    Future<JsonObject> f;
    try {
      f = action.get();
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    f.onComplete(ar -> {
      if (ar.succeeded()) {
        send(ctx, status, ar.result());
      } else {
        Throwable c = ar.cause() instanceof CompletionException && ar.cause().getCause() != null
            ? ar.cause().getCause() : ar.cause();
        if (c instanceof LiveSource.Unsupported) {
          fail(ctx, 409, c.getMessage());
        } else if (c instanceof IllegalArgumentException) {
          fail(ctx, 404, c.getMessage());
        } else if (c instanceof IllegalStateException || c instanceof RequestTimeoutException) {
          fail(ctx, 503, c.getMessage());
        } else {
          fail(ctx, 500, "internal error: " + c.getClass().getSimpleName());
        }
      }
    });
  }

  private void send(RoutingContext ctx, int status, JsonObject body) {
    if (ctx.response().ended()) {
      return;
    }
    Buffer b = Buffer.buffer(body.encode());
    replyBytes.addAndGet(b.length());
    ctx.response().setStatusCode(status).putHeader("content-type", "application/json").end(b);
  }

  static void fail(RoutingContext ctx, int status, String message) {
    if (ctx.response().ended()) {
      return;
    }
    String sentence = message.strip().endsWith(".") ? message.strip() : message.strip() + ".";
    ctx.response().setStatusCode(status).putHeader("content-type", "application/json")
        .end(JsonViews.error(status, sentence).encode());
  }

  private static byte[] load() {
    try (InputStream in = LiveServer.class.getResourceAsStream(PAGE)) {
      if (in == null) {
        throw new IllegalStateException("the live view page " + PAGE + " is missing from the build");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
