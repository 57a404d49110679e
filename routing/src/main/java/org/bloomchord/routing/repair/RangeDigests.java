package org.bloomchord.routing.repair;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.routing.hash.Murmur3;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.KeyVersionDigest;

/**
 * The (key, version) digests of a store's entries in one key range, tombstones included, with the
 * key behind each digest: what two replicas reconcile, and how a decoded digest is turned back
 * into an entry. A snapshot: later writes to the store do not change it.
 */
final class RangeDigests {

  private final ElementSet set;
  private final Map<Long, String> keys;

  private RangeDigests(ElementSet set, Map<Long, String> keys) {
    this.set = set;
    this.keys = keys;
  }

  /** The digests of {@code store}'s entries whose key ids lie in (from, to]. */
  static RangeDigests of(LocalStore store, long from, long to) {
    List<StoredEntry> entries = store.range(from, to);
    ElementSet set = new ElementSet(ElementShape.KEY64, entries.size());
    Map<Long, String> keys = new HashMap<>(entries.size() * 2);
    for (StoredEntry e : entries) {
      long d = digest(e);
      set.add(d);
      keys.put(d, e.key());
    }
    return new RangeDigests(set, keys);
  }

  /** The digest of an entry's key and version. */
  static long digest(StoredEntry e) {
    Version v = e.version();
    return KeyVersionDigest.of(e.key().getBytes(StandardCharsets.UTF_8), Murmur3.fmix64(v.counter()) ^ v.writer());
  }

  /** The digests, as 64-bit elements. */
  ElementSet set() {
    return set;
  }

  /** The key whose entry had this digest, or null. */
  String key(long digest) {
    return keys.get(digest);
  }
}
