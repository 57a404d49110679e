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
    return PeerView.builder().name(p.self().address()).id(Long.toUnsignedString(p.self().id()))
        .state(p.state().name()).predecessor(links.predecessor() == null ? null : links.predecessor().address())
        .successors(names(links.successors())).fingers(fingers).keys(p.store().liveSize()).entries(p.store().size())
        .objects(objects).linkFilters(filters).hotKeys(HotKey.ownedBy(p)).build();
  }

  private static List<String> names(List<PeerRef> refs) {
    List<String> out = new ArrayList<>(refs.size());
    refs.forEach(r -> out.add(r.address()));
    return out;
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link PeerView} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private String name;
    private String id;
    private String state;
    private String predecessor;
    private List<String> successors;
    private List<String> fingers;
    private int keys;
    private int entries;
    private int objects;
    private Map<String, double[]> linkFilters;
    private List<HotKey> hotKeys;

    private Builder() {
    }

    /** Sets {@link PeerView#name()}. */
    public Builder name(String value) {
      name = value;
      return this;
    }

    /** Sets {@link PeerView#id()}. */
    public Builder id(String value) {
      id = value;
      return this;
    }

    /** Sets {@link PeerView#state()}. */
    public Builder state(String value) {
      state = value;
      return this;
    }

    /** Sets {@link PeerView#predecessor()}. */
    public Builder predecessor(String value) {
      predecessor = value;
      return this;
    }

    /** Sets {@link PeerView#successors()}. */
    public Builder successors(List<String> value) {
      successors = value;
      return this;
    }

    /** Sets {@link PeerView#fingers()}. */
    public Builder fingers(List<String> value) {
      fingers = value;
      return this;
    }

    /** Sets {@link PeerView#keys()}. */
    public Builder keys(int value) {
      keys = value;
      return this;
    }

    /** Sets {@link PeerView#entries()}. */
    public Builder entries(int value) {
      entries = value;
      return this;
    }

    /** Sets {@link PeerView#objects()}. */
    public Builder objects(int value) {
      objects = value;
      return this;
    }

    /** Sets {@link PeerView#linkFilters()}. */
    public Builder linkFilters(Map<String, double[]> value) {
      linkFilters = value;
      return this;
    }

    /** Sets {@link PeerView#hotKeys()}. */
    public Builder hotKeys(List<HotKey> value) {
      hotKeys = value;
      return this;
    }

    /** The record. */
    public PeerView build() {
      return new PeerView(name, id, state, predecessor, successors, fingers, keys, entries, objects,
          linkFilters, hotKeys);
    }
  }
}
