package org.bloomchord.chord.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * Whom a peer tells the merge news next, by {@link MergeMode}, each with the limit it passes on.
 *
 * <ul>
 *   <li>{@link MergeMode#SIMPLE}: the successor, while it lies before the limit (the peer that
 *       noticed the merge): the news walks the ring one peer at a time.
 *   <li>{@link MergeMode#GOSSIP}: the successor as in SIMPLE, and {@code fanout} random peers of the
 *       tables, each walking on from where it lands until it meets a peer that saw the epoch.
 *   <li>{@link MergeMode#BROADCAST}: every distinct finger and successor in the arc (self, limit),
 *       nearest first, each told to cover the arc up to the next of them: a broadcast tree over
 *       the finger intervals that reaches each peer of the arc once, in about log2 N steps, with
 *       tables that are right; with stale tables an arc may be missed or covered twice.
 * </ul>
 */
final class NewsRoutes {

  private NewsRoutes() {
  }

  static Map<PeerRef, Long> targets(ChordContext ctx, MergeOptions options, long limit) {
    RoutingTable table = ctx.table();
    IdRing ring = ctx.ring();
    PeerRef self = ctx.self();
    long now = ctx.now();
    Map<PeerRef, Long> out = new LinkedHashMap<>();
    PeerRef succ = table.successor();
    switch (options.mode()) {
      case OFF -> { }
      case SIMPLE, GOSSIP -> {
        if (!succ.equals(self) && ring.inOpen(succ.id(), self.id(), limit)) {
          out.put(succ, limit);
        }
        if (options.mode() == MergeMode.GOSSIP) {
          List<PeerRef> known = known(table, self, now);
          known.remove(succ);
          for (int i = 0; i < options.fanout() && !known.isEmpty(); i++) {
            out.put(known.remove(ctx.runtime().random().nextInt(known.size())), limit);
          }
        }
      }
      case BROADCAST -> {
        List<PeerRef> arc = new ArrayList<>();
        for (PeerRef p : known(table, self, now)) {
          if (ring.inOpen(p.id(), self.id(), limit)) {
            arc.add(p);
          }
        }
        arc.sort((a, b) -> ring.compareFrom(self.id(), a.id(), b.id()));
        for (int i = 0; i < arc.size(); i++) {
          out.put(arc.get(i), i + 1 < arc.size() ? arc.get(i + 1).id() : limit);
        }
      }
      default -> throw new IllegalStateException("mode " + options.mode());
    }
    return out;
  }

  /** The distinct usable peers of the successor list and the fingers. */
  private static List<PeerRef> known(RoutingTable table, PeerRef self, long now) {
    List<PeerRef> out = new ArrayList<>();
    for (PeerRef p : table.successors()) {
      if (!p.equals(self) && table.usable(p, now) && !out.contains(p)) {
        out.add(p);
      }
    }
    for (PeerRef p : table.fingers().distinct()) {
      if (p != null && !p.equals(self) && table.usable(p, now) && !out.contains(p)) {
        out.add(p);
      }
    }
    return out;
  }
}
