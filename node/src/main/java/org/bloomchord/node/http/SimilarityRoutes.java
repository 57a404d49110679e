package org.bloomchord.node.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import org.bloomchord.node.Node;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.Shingles;
import org.bloomchord.routing.similar.SignatureBucket;
import org.bloomchord.routing.similar.SimilarityIndex;
import org.bloomchord.routing.similar.SimilarityOptions;

/**
 * The node's near-duplicate search ({@link SimilarityIndex} over the node's ring, default
 * {@link SimilarityOptions}), run on one of the node's peers ({@link Node#publishDocument},
 * {@link Node#similar}), whose band buckets are appended to at their owners, so concurrent
 * publications into one bucket all land:
 *
 * <pre>
 * POST /api/documents/{id}           body: the text -> shingles, bands stored / full     201
 * GET  /api/similar/{id}?threshold=  the published documents like {id}, with estimates; 404 unknown
 * </pre>
 */
final class SimilarityRoutes {

  /** Default threshold of a query. */
  static final double DEFAULT_THRESHOLD = 0.5;

  private final Node node;
  private final SimilarityOptions options = SimilarityOptions.defaults();

  SimilarityRoutes(Node node) {
    this.node = node;
  }

  void mount(Router r) {
    r.post("/api/documents/:id").handler(this::publish);
    r.get("/api/similar/:id").handler(this::similar);
  }

  private String id(RoutingContext ctx) {
    String id = ctx.pathParam("id");
    if (id == null || id.isEmpty() || id.getBytes(StandardCharsets.UTF_8).length > SignatureBucket.MAX_ID_BYTES) {
      NodeHttpServer.fail(ctx, 400, "a document id must have 1.." + SignatureBucket.MAX_ID_BYTES + " bytes");
      return null;
    }
    return id;
  }

  private void publish(RoutingContext ctx) {
    String id = id(ctx);
    if (id == null) {
      return;
    }
    String text = ctx.body() == null || ctx.body().buffer() == null ? "" : ctx.body().asString(StandardCharsets.UTF_8.name());
    long[] shingles = Shingles.of(text, options.shingle());
    if (shingles.length == 0) {
      NodeHttpServer.fail(ctx, 400, "the body must hold the document's text (at least one word)");
      return;
    }
    MinHashSketch sketch = new MinHashSketch(options.hashes(), options.sketchSeed());
    for (long h : shingles) {
      sketch.add(h);
    }
    node.publishDocument(null, id, sketch, options).onComplete(ar -> {
      if (ar.failed()) {
        NodeHttpServer.fail(ctx, 503, "the document could not be published: " + ar.cause().getMessage());
      } else if (ar.result().failed() > 0) {
        NodeHttpServer.fail(ctx, 503, ar.result().failed() + " of " + (options.bands() + 1)
            + " writes of document '" + id + "' failed");
      } else {
        ctx.response().setStatusCode(201).putHeader("content-type", "application/json").end(new JsonObject()
            .put("id", id).put("shingles", shingles.length).put("bands", options.bands())
            .put("rows", options.rows()).put("stored", ar.result().stored()).put("full", ar.result().full())
            .encode());
      }
    });
  }

  private void similar(RoutingContext ctx) {
    String id = id(ctx);
    if (id == null) {
      return;
    }
    double threshold = DEFAULT_THRESHOLD;
    String t = ctx.queryParams().get("threshold");
    if (t != null) {
      try {
        threshold = Double.parseDouble(t);
      } catch (NumberFormatException e) {
        threshold = Double.NaN;
      }
      if (!(threshold >= 0 && threshold <= 1)) {
        NodeHttpServer.fail(ctx, 400, "the query parameter 'threshold' must be a number in 0..1, got '" + t + "'");
        return;
      }
    }
    double s = threshold;
    node.similar(null, id, s, options).onComplete(ar -> {
      if (ar.failed()) {
        int status = ar.cause() instanceof SimilarityIndex.UnknownDocumentException ? 404 : 503;
        NodeHttpServer.fail(ctx, status, ar.cause().getMessage());
        return;
      }
      JsonArray matches = new JsonArray();
      ar.result().matches().forEach(m -> matches.add(new JsonObject().put("id", m.id()).put("estimate", m.estimate())));
      ctx.response().putHeader("content-type", "application/json").end(new JsonObject().put("id", id)
          .put("threshold", s).put("candidates", ar.result().candidates().size()).put("lookups", ar.result().lookups())
          .put("failedReads", ar.result().failedReads()).put("matches", matches).encode());
    });
  }
}
