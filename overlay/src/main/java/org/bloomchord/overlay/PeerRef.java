package org.bloomchord.overlay;

import java.util.Objects;

/**
 * The identity of a peer: the address messages are sent to and the peer's identifier on the ring.
 *
 * <p>The id is an unsigned value of the ring's bit width stored in a {@code long}; the runtime does
 * not interpret it. Two refs are equal when both address and id are equal.
 *
 * <p>When peers run in several JVMs, the address names the JVM's node as well as the peer, as
 * {@code name@node} (see {@link #node()}); the clustered Vert.x runtime sends a message to that
 * node's gateway. Addresses without {@code @} belong to the local node.
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

  /** The node (JVM) hosting the peer: the part of the address after the last '@', or "" if none. */
  public String node() {
    int at = address.lastIndexOf('@');
    return at < 0 ? "" : address.substring(at + 1);
  }

  /**
   * Equal address and id; the id is compared first, as it tells most refs apart at once, and a ref
   * compared with itself reads neither (most refs of a peer in a JVM are one instance).
   */
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof PeerRef p && id == p.id && address.equals(p.address);
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
