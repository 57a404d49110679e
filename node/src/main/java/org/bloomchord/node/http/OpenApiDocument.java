package org.bloomchord.node.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The node's HTTP API as an OpenAPI 3 document, served at {@value #PATH}: the resource
 * {@code openapi.json} beside this class, written by hand and held to the router by a test (the
 * same methods and paths) and to the specification by an OpenAPI parser.
 */
final class OpenApiDocument {

  /** Where the node serves the document. */
  static final String PATH = "/api/openapi.json";
  /** The resource, on the class path beside this class. */
  static final String RESOURCE = "openapi.json";

  private static final Buffer DOCUMENT = Buffer.buffer(load());

  private OpenApiDocument() {
  }

  static void serve(RoutingContext ctx) {
    ctx.response().putHeader("content-type", "application/json").end(DOCUMENT);
  }

  private static byte[] load() {
    try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the OpenAPI document " + RESOURCE + " is missing from the build");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
