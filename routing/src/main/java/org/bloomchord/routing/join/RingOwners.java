package org.bloomchord.routing.join;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * Which peer owns which ring ids, found with as few lookups as the owners allow. The ids are taken
 * in ring order; a lookup of the first id not yet placed names its owner o (its successor), and
 * every following id up to o's id has o as its successor too (no peer lies between), so it is
 * placed without a lookup of its own. A ring of P peers costs at most P + 1 lookups however many
 * ids there are; the lookups run one after the other. Call on the peer's thread.
 */
final class RingOwners {

  /** Tries of one lookup before the grouping fails. */
  static final int LOOKUP_ATTEMPTS = 3;

  private RingOwners() {
  }

  /**
   * The ids grouped by owner.
   *
   * @param byOwner for each owner, the positions in the given array of the ids it owns, in ring
   *     order of the owners' first ids
   * @param lookups lookups made (tries included)
   */
  record Grouped(Map<PeerRef, int[]> byOwner, int lookups) {
  }

  /** Groups {@code ids} (ring ids, any order, repeats allowed) by their owner, from {@code host}. */
  static Future<Grouped> group(ChordHost host, long[] ids) {
    Integer[] boxed = new Integer[ids.length];
    for (int i = 0; i < ids.length; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (x, y) -> Long.compareUnsigned(ids[x], ids[y]));
    int[] order = new int[ids.length];
    for (int i = 0; i < ids.length; i++) {
      order[i] = boxed[i];
    }
    Map<PeerRef, List<Integer>> out = new LinkedHashMap<>();
    int[] lookups = {0};
    return place(host, ids, order, 0, out, lookups).map(v -> {
      Map<PeerRef, int[]> byOwner = new LinkedHashMap<>();
      out.forEach((owner, positions) -> byOwner.put(owner, positions.stream().mapToInt(Integer::intValue).toArray()));
      return new Grouped(byOwner, lookups[0]);
    });
  }

  private static Future<Void> place(ChordHost host, long[] ids, int[] order, int from, Map<PeerRef, List<Integer>> out,
      int[] lookups) {
    if (from == order.length) {
      return Future.succeededFuture();
    }
    IdRing ring = host.ring();
    long first = ids[order[from]];
    return owner(host, first, 1, lookups).compose(owner -> {
      // every id from `first` clockwise up to the owner's id has the owner as successor
      long span = ring.distance(first, owner.id());
      List<Integer> mine = out.computeIfAbsent(owner, o -> new ArrayList<>());
      int j = from;
      while (j < order.length && Long.compareUnsigned(ring.distance(first, ids[order[j]]), span) <= 0) {
        mine.add(order[j]);
        j++;
      }
      return place(host, ids, order, j, out, lookups);
    });
  }

  /**
   * Every peer of the ring, clockwise from this one (itself first), as owners of no id, by lookups
   * of the id after each peer found; fails when the ring has more than {@code maxPeers} peers.
   */
  static Future<Grouped> walk(ChordHost host, int maxPeers) {
    Map<PeerRef, int[]> peers = new LinkedHashMap<>();
    peers.put(host.self(), new int[0]);
    int[] lookups = {0};
    return next(host, host.self(), peers, maxPeers, lookups).map(v -> new Grouped(peers, lookups[0]));
  }

  private static Future<Void> next(ChordHost host, PeerRef at, Map<PeerRef, int[]> peers, int maxPeers,
      int[] lookups) {
    return owner(host, host.ring().add(at.id(), 1), 1, lookups).compose(o -> {
      if (o.equals(host.self())) {
        return Future.succeededFuture();
      }
      if (peers.size() >= maxPeers || peers.containsKey(o)) {
        return Future.failedFuture(new IllegalStateException("the walk of the ring did not come back to "
            + host.self().address() + " within " + maxPeers + " peers"));
      }
      peers.put(o, new int[0]);
      return next(host, o, peers, maxPeers, lookups);
    });
  }

  private static Future<PeerRef> owner(ChordHost host, long id, int attempt, int[] lookups) {
    lookups[0]++;
    return host.lookup(id).transform(ar -> {
      if (ar.succeeded() && ar.result().found()) {
        return Future.succeededFuture(ar.result().successor());
      }
      if (attempt < LOOKUP_ATTEMPTS) {
        return owner(host, id, attempt + 1, lookups);
      }
      return Future.failedFuture(new IllegalStateException("no owner of ring id " + IdRing.format(id) + " found after "
          + LOOKUP_ATTEMPTS + " lookups" + (ar.failed() ? ": " + ar.cause().getMessage() : "")));
    });
  }
}
