package org.bloomchord.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.Links;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationService;

/**
 * A consistent copy of one peer's state, taken on the peer's thread: what the HTTP API and the live
 * view show of a peer.
 *
 * @param name the peer's name (its address)
 * @param id its ring id, unsigned
 * @param state its life-cycle state (JOINING, ACTIVE, ...)
 * @param predecessor its predecessor's name, or null
 * @param successors its successor list, nearest first
 * @param fingers finger i at index i-1, null where unknown
 * @param keys live keys it holds (as primary or replica)
 * @param entries entries it holds, tombstones included
 * @param objects objects it holds (published at it)
 * @param linkFilters for each link with a filter, the fill ratio of each level, level 1 first
 * @param hotKeys the hot keys it owns now, highest rate first (empty without hot-key relief)
 */
public record PeerView(String name, String id, String state, String predecessor, List<String> successors,
    List<String> fingers, int keys, int entries, int objects, Map<String, double[]> linkFilters,
    List<HotKey> hotKeys) {

  /** Reads {@code p}'s state; call on the peer's thread. */
  public static PeerView of(ChordPeer p) {
    Links links = p.links();
    List<String> fingers = new ArrayList<>();
    for (PeerRef f : Arrays.asList(p.fingers())) {
      fingers.add(f == null ? null : f.address());
    }
    Map<String, double[]> filters = new TreeMap<>();
    int objects = 0;
    LocationService location = p.extension(LocationService.class);
    if (location != null) {
      objects = location.held().size();
      for (Map.Entry<PeerRef, AttenuatedFilter> e : location.linkFilters().entrySet()) {
        AttenuatedFilter f = e.getValue();
        double[] fill = new double[f.depth()];
        for (int i = 0; i < fill.length; i++) {
          fill[i] = f.level(i + 1).fillRatio();
        }
        filters.put(e.getKey().address(), fill);
      }
    }
    return new PeerView(p.self().address(), Long.toUnsignedString(p.self().id()), p.state().name(),
        links.predecessor() == null ? null : links.predecessor().address(), names(links.successors()),
        fingers, p.store().liveSize(), p.store().size(), objects, filters, HotKey.ownedBy(p));
  }

  private static List<String> names(List<PeerRef> refs) {
    List<String> out = new ArrayList<>(refs.size());
    refs.forEach(r -> out.add(r.address()));
    return out;
  }
}
