package org.bloomchord.node.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.overlay.admission.OwnerOnlyFile;
import org.bloomchord.overlay.admission.SharedSecret;

/**
 * Who may use a node's HTTP API: anyone ({@link #open}), or, with a token ({@link #token},
 * {@link #readTokenFile}), only a request that carries {@code Authorization: Bearer <token>} for
 * every method that changes state (anything but GET, HEAD and OPTIONS), and with {@code reads} for
 * every request but the two that hold no data of the node: the live view's page ({@code /}, which
 * then sends the token it was opened with) and the OpenAPI document. Any other request without the
 * token is answered 401 with a JSON error and {@code WWW-Authenticate: Bearer}, before its body is
 * read.
 *
 * <p>The token is compared in constant time (SHA-256 of both, then {@link MessageDigest#isEqual}),
 * so that neither its bytes nor its length leak through the time of a refusal. It is at least 128
 * bits long, counted as {@link SharedSecret#bits} counts a secret, and its file is readable by its
 * owner only. The token is never logged.
 */
public final class HttpAccess {

  private static final Set<HttpMethod> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
  private static final Set<String> NO_DATA = Set.of("/", OpenApiDocument.PATH);
  private static final HttpAccess OPEN = new HttpAccess(null, false);

  private final byte[] tokenDigest;
  private final boolean reads;

  private HttpAccess(byte[] tokenDigest, boolean reads) {
    this.tokenDigest = tokenDigest;
    this.reads = reads;
  }

  /** No token: every request is answered (keep such an API on the loopback). */
  public static HttpAccess open() {
    return OPEN;
  }

  /**
   * Requests that change state need {@code token}; with {@code reads}, every request but the page
   * and the OpenAPI document does.
   *
   * @throws IllegalArgumentException if the token is shorter than 128 bits or holds white space
   */
  public static HttpAccess token(String token, boolean reads) {
    String t = token.strip();
    if (t.isEmpty() || t.chars().anyMatch(c -> c <= ' ' || c > '~')) {
      throw new IllegalArgumentException("the token must be printable ASCII without spaces, as a bearer token is");
    }
    int bits = SharedSecret.bits(t);
    if (bits < SharedSecret.MIN_BITS) {
      throw new IllegalArgumentException("the token has " + bits + " bits, fewer than " + SharedSecret.MIN_BITS
          + "; make one with: head -c 32 /dev/urandom | base64");
    }
    return new HttpAccess(sha256(t.getBytes(StandardCharsets.US_ASCII)), reads);
  }

  /**
   * The token of {@code file}: its text with surrounding white space cut; the file readable by
   * its owner only.
   *
   * @throws IllegalArgumentException naming the file and what is wrong
   */
  public static HttpAccess readTokenFile(Path file, boolean reads) {
    OwnerOnlyFile.check(file);
    try {
      return token(Files.readString(file, StandardCharsets.ISO_8859_1), reads);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read it (" + e.getMessage() + ")", e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** Whether requests need a token at all. */
  public boolean guarded() {
    return tokenDigest != null;
  }

  /** Whether reads need the token too. */
  public boolean guardsReads() {
    return reads;
  }

  /**
   * Puts the check in front of every route of {@code router} (call before adding any), counting
   * each refusal in {@code refused}.
   */
  void mount(Router router, LongAdder refused) {
    if (guarded()) {
      router.route().handler(ctx -> check(ctx, refused));
    }
  }

  private void check(RoutingContext ctx, LongAdder refused) {
    boolean read = READS.contains(ctx.request().method());
    if ((read && (!reads || NO_DATA.contains(ctx.request().path()))) || authorized(ctx.request().getHeader("authorization"))) {
      ctx.next();
      return;
    }
    String header = ctx.request().getHeader("authorization");
    String why = header == null
        ? (read ? "reading this node" : "this request changes the node's state and") + " needs the header"
            + " 'Authorization: Bearer <token>' with the node's token"
        : "the bearer token is not the node's token";
    refused.increment();
    ctx.response().putHeader("www-authenticate", "Bearer realm=\"bloomchord\"");
    NodeHttpServer.fail(ctx, 401, why);
  }

  private boolean authorized(String header) {
    if (header == null || header.length() < 7 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] given = sha256(header.substring(7).strip().getBytes(StandardCharsets.ISO_8859_1));
    return MessageDigest.isEqual(given, tokenDigest);
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
