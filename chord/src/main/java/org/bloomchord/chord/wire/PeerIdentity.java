package org.bloomchord.chord.wire;

import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;

/**
 * Checks that a peer named in a message is who it claims to be on the ring: its id must be the hash
 * of its address ({@link IdRing#hash}), as for every peer this project launches (virtual nodes
 * included: their addresses carry the node suffix). Without the check any peer could place itself,
 * or a peer it invents, at any point of the ring and capture the keys there.
 *
 * <p>Hashing every peer of every message would cost a SHA-1 digest each; the few peers a peer hears
 * from most (its links) are remembered in a small direct-mapped table of checked (address, id)
 * pairs, so the check costs one string comparison for them. Safe to share between threads: a slot
 * holds one immutable pair, replaced as a whole.
 */
public final class PeerIdentity {

  private static final int SLOTS = 32;

  private final IdRing ring;
  private final Checked[] checked = new Checked[SLOTS];

  private record Checked(String address, long id) {
  }

  /** Checks identities on {@code ring}. */
  public PeerIdentity(IdRing ring) {
    this.ring = ring;
  }

  /** Whether {@code p}'s id is the hash of its address. */
  public boolean matches(PeerRef p) {
    int slot = p.address().hashCode() & (SLOTS - 1);
    Checked c = checked[slot];
    if (c != null && c.address.equals(p.address())) {
      return c.id == p.id();
    }
    boolean ok = ring.hash(p.address()) == p.id();
    if (ok) {
      checked[slot] = new Checked(p.address(), p.id());
    }
    return ok;
  }

  /**
   * Checks {@code p}.
   *
   * @throws MalformedMessageException when its id is not the hash of its address
   */
  public void check(PeerRef p) {
    if (!matches(p)) {
      throw new MalformedMessageException("peer " + p.address() + " claims id " + IdRing.format(p.id())
          + ", not the hash of its address");
    }
  }
}
