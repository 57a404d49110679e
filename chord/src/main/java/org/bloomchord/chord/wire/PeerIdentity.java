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
 * pairs, found by id, so the check costs one string comparison for them (one reference comparison
 * for a ref the decoder gave again, {@link RingCodec}). Behind it, one larger direct-mapped
 * table per JVM, indexed by id, remembers pairs any peer of this JVM checked: whether an id is the
 * hash of an address is a fact about the two values, not about who asked, so a pair found there
 * passed the same test (a peer of a large ring hears of many more peers than its own table holds,
 * and the digests were a fifth of a simulated ring's CPU). Safe to share between threads: a slot
 * holds one immutable pair, replaced as a whole.
 */
public final class PeerIdentity {

  private static final int SLOT_BITS = 5;
  private static final int SLOTS = 1 << SLOT_BITS;
  /** Slots of the table shared by the JVM's peers (2^21 references, 8 to 16 MB). */
  private static final int SHARED_BITS = 21;
  private static final Shared[] SHARED = new Shared[1 << SHARED_BITS];

  private final IdRing ring;
  /** Refs whose pair was checked (a ref is the pair; the decoder shares them, so keeping one costs nothing). */
  private final PeerRef[] checked = new PeerRef[SLOTS];

  /** A checked pair in the shared table, with the width of the ring it was checked on. */
  private record Shared(PeerRef ref, int bits) {
  }

  /** Checks identities on {@code ring}. */
  public PeerIdentity(IdRing ring) {
    this.ring = ring;
  }

  /** Whether {@code p}'s id is the hash of its address. */
  public boolean matches(PeerRef p) {
    // slots by id, not by address: hashing a freshly decoded address would cost more than the check
    int slot = RingCodec.slotOf(p.id(), SLOT_BITS);
    PeerRef c = checked[slot];
    if (c != null && c.equals(p)) {
      return true;
    }
    int shared = RingCodec.slotOf(p.id(), SHARED_BITS);
    Shared known = SHARED[shared];
    if (known != null && known.bits == ring.bits() && known.ref.equals(p)) {
      checked[slot] = p;
      return true;
    }
    boolean ok = ring.hash(p.address()) == p.id();
    if (ok) {
      checked[slot] = p;
      SHARED[shared] = new Shared(p, ring.bits());
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
