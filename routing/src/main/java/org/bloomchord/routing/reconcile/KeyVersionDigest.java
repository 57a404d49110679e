package org.bloomchord.routing.reconcile;

import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * The element replicas reconcile for a stored value: a 64-bit digest of its key and version, so
 * that two replicas holding the same key at different versions differ in one element each and the
 * reconciliation names exactly the (key, version) pairs to transfer. A replica keeps a map from
 * digest to (key, version) to act on what was decoded.
 *
 * <p>The digest is the first half of MurmurHash3 x64 128 of the key bytes, seeded with the version
 * mixed by the MurmurHash3 finaliser: equal pairs give equal digests; different pairs collide with
 * probability about 2^-64 each.
 */
public final class KeyVersionDigest {

  private KeyVersionDigest() {
  }

  /** The digest of {@code key} at {@code version}. */
  public static long of(byte[] key, long version) {
    Hash128 h = Murmur3.hash128(key, 0, key.length, Murmur3.fmix64(version ^ 0x6A09E667F3BCC908L));
    return h.h1();
  }

  /** The digests of parallel arrays of keys and versions, as a set of 64-bit elements. */
  public static ElementSet setOf(byte[][] keys, long[] versions) {
    if (keys.length != versions.length) {
      throw new IllegalArgumentException(keys.length + " keys but " + versions.length + " versions");
    }
    ElementSet s = new ElementSet(ElementShape.KEY64, keys.length);
    long[] e = new long[1];
    for (int i = 0; i < keys.length; i++) {
      e[0] = of(keys[i], versions[i]);
      s.add(e, 0);
    }
    return s;
  }
}
