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
 * <p>Hashing every peer of every message would cost a SHA-1 digest each, so checked refs are
 * remembered in a direct-mapped table found by id, one per JVM and ring width: whether an id is the
 * hash of an address is a fact about the two values, not about who asked, so a ref found there
 * passed the same test (the digests were a fifth of a simulated ring's CPU). It is asked by
 * reference first, since a ref is mostly the very object checked before (passed along within a
 * JVM, or shared by the decoder, {@link RingCodec}), then by value. As in the decoder's table, a ref
 * is looked for in its slot and the one beside it, so two peers whose ids share a slot are both
 * remembered. A peer keeps no table of its own: at 2^21 slots for a million peers an evicted ref
 * is rare, and its cost is one digest, while a table of 32 refs per peer was 144 bytes of every
 * simulated peer's heap and a cache miss per message. On 64-bit rings the table's slots lie in the
 * decoders' array, each pair beside the pair of decoded refs of the same id
 * ({@link RingCodec#SLOTS}): a named peer is checked right after it was decoded, so its check reads
 * a cache line already read. Safe to share between threads: a slot holds one immutable ref,
 * replaced whole.
 */
public final class PeerIdentity {

  /** Slots of each table shared by the JVM's peers (2^21 references, 8 to 16 MB). */
  private static final int SHARED_BITS = RingCodec.DECODED_BITS;
  /**
   * The shared tables of the narrower rings, one per ring width (index: bits), each made when first
   * needed, laid out as {@link RingCodec#SLOTS} (slot s at {@link RingCodec#checkedAt}, the
   * decoders' places left empty); 64-bit rings, the default, use {@link RingCodec#SLOTS} itself.
   */
  private static final PeerRef[][] SHARED = new PeerRef[64][];

  private final IdRing ring;
  private final PeerRef[] shared;

  /** Checks identities on {@code ring}. */
  public PeerIdentity(IdRing ring) {
    this.ring = ring;
    this.shared = ring.bits() == 64 ? RingCodec.SLOTS : sharedTable(ring.bits());
  }

  private static synchronized PeerRef[] sharedTable(int bits) {
    if (SHARED[bits] == null) {
      SHARED[bits] = new PeerRef[RingCodec.SLOTS.length];
    }
    return SHARED[bits];
  }

  /**
   * Whether {@code p}'s id is the hash of its address. The shared table is asked first, by
   * reference: a peer's ref is mostly the very object checked before (passed along within a JVM, or
   * shared by the decoder), so the common case costs one read of one slot.
   */
  public boolean matches(PeerRef p) {
    // slots by id, not by address: hashing a freshly decoded address would cost more than the check
    int slot = RingCodec.slotOf(p.id(), SHARED_BITS);
    int at = RingCodec.checkedAt(slot);
    int nearAt = RingCodec.checkedAt(slot ^ 1);
    PeerRef known = shared[at];
    if (known == p) {
      return true;
    }
    PeerRef near = shared[nearAt];
    if (near == p) {
      return true;
    }
    if (known != null && known.equals(p) || near != null && near.equals(p)) {
      return true;
    }
    boolean ok = ring.hash(p.address()) == p.id();
    if (ok) {
      shared[known == null || near != null ? at : nearAt] = p;
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
