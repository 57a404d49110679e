package org.bloomchord.overlay;

import java.util.Objects;

/**
 * The identity of a peer: the address messages are sent to and the peer's identifier on the ring.
 *
 * <p>The id is an unsigned value of the ring's bit width stored in a {@code long}; the runtime does
 * not interpret it. Two refs are equal when both address and id are equal.
 *
 * @param address the peer's name, unique within a network (an event-bus address in the Vert.x runtime)
 * @param id the peer's ring identifier
 */
public record PeerRef(String address, long id) {

  /** Longest address accepted, in UTF-8 bytes; the wire encoding rejects anything longer. */
  public static final int MAX_ADDRESS_BYTES = 255;

  public PeerRef {
    Objects.requireNonNull(address, "address");
    if (address.isEmpty()) {
      throw new IllegalArgumentException("peer address must not be empty");
    }
  }

  /** Equal address and id; the id is compared first, as it tells most refs apart at once. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PeerRef p && id == p.id && address.equals(p.address);
  }

  @Override
  public int hashCode() {
    return 31 * address.hashCode() + Long.hashCode(id);
  }

  @Override
  public String toString() {
    return address + "#" + Long.toUnsignedString(id, 16);
  }
}
