package org.bloomchord.node;

import java.util.List;

/**
 * The peers of a node that own hot keys now ({@link Node#hotKeys()}): what the ring JSON, the
 * {@code bloomchord_hot_keys} gauge and the live view's markers show. Only this node's peers: on a
 * clustered node the other nodes report their own.
 *
 * @param relief whether the node's peers run hot-key relief (without it no key is ever hot)
 * @param thresholdPerSecond gets per second at which an owner counts a key as hot (0 without relief)
 * @param owners the peers owning at least one hot key, the one with the highest rate first
 */
public record HotKeyOwners(boolean relief, long thresholdPerSecond, List<Owner> owners) {

  /** No relief: nothing is counted. */
  public static final HotKeyOwners OFF = new HotKeyOwners(false, 0, List.of());

  /**
   * A peer owning hot keys.
   *
   * @param peer its name
   * @param id its ring id, unsigned decimal
   * @param keys its hot keys, highest rate first (at most {@link HotKey#MAX_PER_PEER})
   */
  public record Owner(String peer, String id, List<HotKey> keys) {

    public Owner {
      keys = List.copyOf(keys);
    }
  }

  public HotKeyOwners {
    owners = List.copyOf(owners);
  }

  /** Hot keys over all owners. */
  public int keys() {
    return owners.stream().mapToInt(o -> o.keys().size()).sum();
  }
}
