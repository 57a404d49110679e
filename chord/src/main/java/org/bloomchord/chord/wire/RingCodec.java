package org.bloomchord.chord.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The encodings of ring ids and peers that every wire format of the project shares (Chord's, the
 * location layer's and replica repair's): an id is a fixed 8-byte long that must lie on the ring,
 * a peer is its length-prefixed UTF-8 address (non-empty, at most
 * {@link PeerRef#MAX_ADDRESS_BYTES}) followed by its id, a nullable peer is preceded by a presence
 * byte, a peer list by its count.
 *
 * <p>Decoding a peer gives the instance decoded last time for the same id and address, from one
 * direct-mapped table per JVM indexed by id: a peer's links are named in most messages it receives,
 * so most peers decoded are peers decoded before. That saves the string and the ref of each (a
 * Neighbors message names nine peers), lets every table that keeps the peer share one instance
 * (at a million simulated peers, their copies were a large share of the heap), and makes hashing
 * and comparing them cheap (the string's hash is computed once). A ref is a value: which instance
 * a decoder returns changes nothing but memory and speed. Safe between threads: a slot holds one
 * immutable ref, replaced as a whole. A ref is looked for in its slot and in the slot beside it
 * (slot xor 1), so two peers whose ids share a slot both stay: with one slot each, about one peer
 * in twenty of a large ring collided and was decoded, and its identity hashed, at every message.
 */
public final class RingCodec {

  /** The fewest bytes a peer takes on the wire: address length, one address byte, the id. */
  static final int MIN_PEER_BYTES = 10;

  /** 2^21 slots: 8 to 16 MB, about two per peer of a million-peer ring. */
  static final int DECODED_BITS = 21;
  /**
   * The decoders' 2^21 slots and, beside them, the 2^21 slots of the identity check on 64-bit rings
   * ({@link PeerIdentity}), which finds a ref by the same slot of its id: each pair of slots
   * (s, s xor 1) is four entries in a row, the two decoded refs and then the two checked ones
   * (see {@link #decodedAt} and {@link #checkedAt}). A peer a message names is decoded and then
   * checked, so the check reads the cache line the decoder has just read instead of a line of a
   * table of its own.
   */
  static final PeerRef[] SLOTS = new PeerRef[2 << DECODED_BITS];

  private RingCodec() {
  }

  /**
   * Reads an id.
   *
   * @throws MalformedMessageException when it has bits above the ring's m
   */
  public static long readId(WireReader in, IdRing ring) {
    long id = in.readLong();
    if (!ring.contains(id)) {
      throw new MalformedMessageException("id " + IdRing.format(id) + " outside the " + ring.bits() + "-bit ring");
    }
    return id;
  }

  /** Writes a peer: its address, then its id. */
  public static void writePeer(PeerRef p, WireWriter out) {
    out.writeString(p.address()).writeLong(p.id());
  }

  /**
   * Reads a peer.
   *
   * @throws MalformedMessageException when its address is empty or too long, or its id off the ring
   */
  public static PeerRef readPeer(WireReader in, IdRing ring) {
    int length = in.skipBytes(PeerRef.MAX_ADDRESS_BYTES);
    if (length == 0) {
      throw new MalformedMessageException("empty peer address");
    }
    int at = in.position() - length;
    long id = readId(in, ring);
    int slot = slotOf(id, DECODED_BITS);
    PeerRef known = SLOTS[decodedAt(slot)];
    if (known != null && known.id() == id && in.asciiEquals(at, length, known.address())) {
      return known;
    }
    int other = slot ^ 1;
    PeerRef near = SLOTS[decodedAt(other)];
    if (near != null && near.id() == id && in.asciiEquals(at, length, near.address())) {
      return near;
    }
    PeerRef p = new PeerRef(in.stringAt(at, length), id);
    SLOTS[decodedAt(known == null || near != null ? slot : other)] = p;
    return p;
  }

  /**
   * The instance decoders return for {@code p} from now on: the one they already return when
   * there is one, else {@code p} itself, which takes its place in the table. A launcher that names
   * its peers here makes every ref of a peer in this JVM one object (the peer's own, the ones
   * decoded from messages, the ones tables keep), so comparing refs and finding a peer by its ref
   * mostly stops at the reference and the address string it holds, without reading either
   * peer's characters.
   */
  public static PeerRef intern(PeerRef p) {
    int slot = slotOf(p.id(), DECODED_BITS);
    PeerRef known = SLOTS[decodedAt(slot)];
    if (known != null && known.id() == p.id() && known.address().equals(p.address())) {
      return known;
    }
    int other = slot ^ 1;
    PeerRef near = SLOTS[decodedAt(other)];
    if (near != null && near.id() == p.id() && near.address().equals(p.address())) {
      return near;
    }
    SLOTS[decodedAt(known == null || near != null ? slot : other)] = p;
    return p;
  }

  /**
   * The slot of {@code id} in a direct-mapped table of 2^bits slots (the top bits of a Fibonacci
   * hash; ids are hashes already, but a narrow ring's ids use only the low bits).
   */
  static int slotOf(long id, int bits) {
    return (int) ((id * 0x9E3779B97F4A7C15L) >>> (64 - bits));
  }

  /** Where decoders' slot {@code slot} (of 2^21) lies in {@link #SLOTS}. */
  static int decodedAt(int slot) {
    return (slot >>> 1) << 2 | slot & 1;
  }

  /** Where the identity check's slot {@code slot} (of 2^21) lies in {@link #SLOTS} and in the narrower rings' tables. */
  static int checkedAt(int slot) {
    return decodedAt(slot) | 2;
  }

  /** Writes a presence byte, then the peer if there is one. */
  public static void writeNullablePeer(PeerRef p, WireWriter out) {
    out.writeBoolean(p != null);
    if (p != null) {
      writePeer(p, out);
    }
  }

  /** Reads what {@link #writeNullablePeer} wrote. */
  public static PeerRef readNullablePeer(WireReader in, IdRing ring) {
    return in.readBoolean() ? readPeer(in, ring) : null;
  }

  /** Writes the count, then each peer. */
  public static void writePeers(List<PeerRef> peers, WireWriter out) {
    int n = peers.size();
    out.writeVarInt(n);
    if (!(peers instanceof RandomAccess)) {
      peers.forEach(p -> writePeer(p, out));
      return;
    }
    // by index: a lambda and an iterator per list of every message encoded were not needed
    for (int i = 0; i < n; i++) {
      writePeer(peers.get(i), out);
    }
  }

  /**
   * Reads what {@link #writePeers} wrote, at most {@code maxCount} peers. The list is sized by what
   * the frame can hold, not by what its count claims.
   */
  public static List<PeerRef> readPeers(WireReader in, IdRing ring, int maxCount) {
    int n = in.readVarInt(maxCount);
    List<PeerRef> out = new ArrayList<>(Math.min(n, in.remaining() / MIN_PEER_BYTES));
    for (int i = 0; i < n; i++) {
      out.add(readPeer(in, ring));
    }
    return out;
  }
}
