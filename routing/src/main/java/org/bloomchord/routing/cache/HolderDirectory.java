package org.bloomchord.routing.cache;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The directory protocol's owner side: for each object whose id this peer owns on the ring, the
 * members that said they hold it, newest first. At most {@code maxHoldersPerObject} holders per
 * object (the oldest is dropped) and {@code maxDirectoryEntries} pairs in all (a new pair beyond it
 * is refused and counted). Not thread-safe; owned by one peer.
 */
final class HolderDirectory {

  private final int maxPerObject;
  private final int maxEntries;
  private final Map<Long, LinkedHashSet<PeerRef>> holders = new HashMap<>();
  private int entries;
  private long refused;

  HolderDirectory(CacheConfig config) {
    this.maxPerObject = config.maxHoldersPerObject();
    this.maxEntries = config.maxDirectoryEntries();
  }

  /** Records that {@code holder} holds ({@code add}) or dropped {@code object}. */
  void update(long object, PeerRef holder, boolean add) {
    LinkedHashSet<PeerRef> set = holders.get(object);
    if (!add) {
      if (set != null && set.remove(holder)) {
        entries--;
        if (set.isEmpty()) {
          holders.remove(object);
        }
      }
      return;
    }
    if (set == null) {
      if (entries >= maxEntries) {
        refused++;
        return;
      }
      set = new LinkedHashSet<>();
      holders.put(object, set);
    }
    if (set.remove(holder)) {
      entries--;
    } else if (entries >= maxEntries) {
      refused++;
      return;
    }
    set.add(holder);
    entries++;
    if (set.size() > maxPerObject) {
      set.remove(set.iterator().next());
      entries--;
    }
  }

  /** The holders of {@code object}, newest first. */
  List<PeerRef> holders(long object) {
    LinkedHashSet<PeerRef> set = holders.get(object);
    if (set == null) {
      return List.of();
    }
    List<PeerRef> out = new ArrayList<>(set);
    java.util.Collections.reverse(out);
    return out;
  }

  /** (object, holder) pairs kept. */
  int entries() {
    return entries;
  }

  /** Pairs refused by the bound. */
  long refused() {
    return refused;
  }

  /** Bytes of the pairs kept: an 8-byte object id and an 8-byte peer id each (the references aside). */
  long memoryBytes() {
    return 16L * entries;
  }
}
