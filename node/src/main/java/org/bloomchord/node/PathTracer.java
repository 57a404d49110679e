package org.bloomchord.node;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.PeerHandle;

/**
 * Follows the route a recursive lookup of one key takes, asking each peer on its own thread for its
 * next hop (the closest preceding finger or successor of the key, then the final step to the
 * successor) until the owner of the key, which answers. The peers' tables are read as they are now, so on a ring that changes meanwhile
 * the path may differ from the one the lookup took; its length is bounded by the peers' maxHops.
 */
final class PathTracer {

  private final PeerGroup group;
  private final long key;
  private final List<String> path = new ArrayList<>();

  PathTracer(PeerGroup group, long key) {
    this.group = group;
    this.key = key;
  }

  /** The path from {@code origin}: the origin first, the owner last. */
  Future<List<String>> trace(PeerHandle<ChordPeer> origin) {
    return step(origin);
  }

  private Future<List<String>> step(PeerHandle<ChordPeer> at) {
    path.add(at.ref().address());
    if (path.size() > group.options().getChord().maxHops()) {
      return Future.succeededFuture(List.copyOf(path));
    }
    return group.network().submit(at, p -> Future.succeededFuture(p.nextHop(key)))
        .compose(next -> {
          PeerHandle<ChordPeer> h = next == null ? null : group.handle(next.address());
          if (h == null) {
            if (next != null) {
              // the next hop is not a running peer of this node (it crashed): the path ends there
              path.add(next.address());
            }
            return Future.succeededFuture(List.copyOf(path));
          }
          return step(h);
        }, failure -> Future.succeededFuture(List.copyOf(path)));
  }
}
