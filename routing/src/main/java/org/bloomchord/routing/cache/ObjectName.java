package org.bloomchord.routing.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * The name of a cached object: its {@code key} (what caches, summaries and directories index) and,
 * under {@link ObjectNaming#URL}, the URL it was derived from.
 *
 * <p>A URL's key is the first 63 bits of the URL's MD5 signature: Fan et al. derive a summary's
 * probes from the MD5 signature of the URL, and a proxy indexes its store by it, so a member
 * receiving a URL computes the same key the requester used. Two URLs of one key would be one object
 * to the group; for a catalogue of n objects that happens with probability about n^2 / 2^64 (about
 * 5e-10 for 100,000 objects).
 *
 * <p>Invariants: {@code key >= 0}; {@code url} is null (a numbered object) or a non-empty string of
 * at most {@link #MAX_URL_BYTES} UTF-8 bytes whose fingerprint is {@code key}.
 *
 * @param key the index of the object in caches, summaries and directories
 * @param url the URL, or null for a numbered object
 */
public record ObjectName(long key, String url) {

  /** Longest URL accepted, in UTF-8 bytes (a common limit of browsers and servers). */
  public static final int MAX_URL_BYTES = 2048;

  private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every Java platform", e);
    }
  });

  public ObjectName {
    if (key < 0) {
      throw new IllegalArgumentException("negative object key " + key);
    }
  }

  /** The object numbered {@code n} (n >= 0). */
  public static ObjectName number(long n) {
    return new ObjectName(n, null);
  }

  /** The object of URL {@code url}: its key is {@link #fingerprint}(url). */
  public static ObjectName url(String url) {
    Objects.requireNonNull(url, "url");
    return new ObjectName(fingerprint(url), url);
  }

  /** The key of a URL: its MD5 signature's first 8 bytes, big-endian, the sign bit cleared. */
  public static long fingerprint(String url) {
    byte[] d = MD5.get().digest(url.getBytes(StandardCharsets.UTF_8));
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (d[i] & 0xff);
    }
    return v & Long.MAX_VALUE;
  }

  /** The naming this name belongs to. */
  public ObjectNaming naming() {
    return url == null ? ObjectNaming.NUMBER : ObjectNaming.URL;
  }

  /** The name under which the object is hashed onto the ring and published: the URL, or the number. */
  public String ringKey() {
    return CacheService.KEY_PREFIX + (url != null ? url : Long.toString(key));
  }

  @Override
  public String toString() {
    return url != null ? url : Long.toString(key);
  }
}
