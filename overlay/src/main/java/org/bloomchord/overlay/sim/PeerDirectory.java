package org.bloomchord.overlay.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The running peers of a simulation, found by address. A peer's address is its key (as on the
 * Vert.x event bus, a message goes to whoever runs at the address, whatever id the sender
 * believes it has), but the lookup on every send avoids hashing the address string: an
 * open-addressing table keyed by the ref's 64-bit id finds the peer in one or two probes, and the
 * address is then compared (by identity first, so a ref the peer list handed out costs no string
 * comparison). Only a ref whose id does not match the running peer's falls back to the map by
 * address. Each slot holds the peer and, beside it in the same array, its address string, so a
 * hit on a ref the peer list handed out reads one place of the table and not the peer itself: a
 * message's sender does not touch the receiver's memory, only the delivery does.
 *
 * <p>Invariants: {@link #byAddress} holds every running peer, in launch order; the table holds
 * the same peers, each at or after the slot its id hashes to with no empty slot in between
 * (linear probing with backward-shift deletion), at most half full; slot {@code i} is
 * {@code table[2i]} (the peer, or null) and {@code table[2i + 1]} (its address, or null). An
 * address names at most one running peer, so the slot whose address is the very string asked for
 * holds the peer at that address, whatever id the ref carries.
 */
final class PeerDirectory {

  private final Map<String, SimPeer> byAddress = new LinkedHashMap<>();
  private Object[] table = new Object[2 * 16];
  private int shift = 64 - 4;

  /** Peers running. */
  int size() {
    return byAddress.size();
  }

  /** The peer running at the address of {@code ref}, or null. */
  SimPeer get(PeerRef ref) {
    long id = ref.id();
    String address = ref.address();
    int mask = capacity() - 1;
    for (int i = slot(id); ; i = (i + 1) & mask) {
      Object o = table[2 * i];
      if (o == null) {
        return byAddress.get(address);
      }
      SimPeer p = (SimPeer) o;
      if (table[2 * i + 1] == address || p.id == id && p.address.equals(address)) {
        return p;
      }
    }
  }

  /** The peer running at {@code address}, or null. */
  SimPeer get(String address) {
    return byAddress.get(address);
  }

  /** Makes room for {@code more} peers at once, so a large launch rehashes the table at most once. */
  void reserve(int more) {
    long want = 2L * (byAddress.size() + (long) more);
    if (want > capacity() && want <= 1 << 29) {
      resize(Integer.highestOneBit((int) want - 1) << 1);
    }
  }

  /** Forgets every peer at once. */
  void clear() {
    byAddress.clear();
    Arrays.fill(table, null);
  }

  /** Adds a peer whose address is not running yet. */
  void add(SimPeer peer) {
    if (byAddress.putIfAbsent(peer.ref.address(), peer) != null) {
      throw new IllegalArgumentException("a peer with address " + peer.ref.address() + " is already running");
    }
    if (2 * byAddress.size() > capacity()) {
      grow();
    }
    insert(peer);
  }

  /** Removes a running peer. */
  void remove(SimPeer peer) {
    if (byAddress.get(peer.ref.address()) != peer) {
      return;
    }
    byAddress.remove(peer.ref.address());
    int mask = capacity() - 1;
    int i = slot(peer.id);
    while (table[2 * i] != peer) {
      i = (i + 1) & mask;
    }
    // Backward-shift deletion: move later members of the probe run into the hole when their home
    // slot does not lie cyclically in (hole, their slot].
    for (int j = (i + 1) & mask; table[2 * j] != null; j = (j + 1) & mask) {
      int home = slot(((SimPeer) table[2 * j]).id);
      if (((j - home) & mask) >= ((j - i) & mask)) {
        table[2 * i] = table[2 * j];
        table[2 * i + 1] = table[2 * j + 1];
        i = j;
      }
    }
    table[2 * i] = null;
    table[2 * i + 1] = null;
  }

  /** The running peers in launch order. */
  List<SimPeer> inOrder() {
    return new ArrayList<>(byAddress.values());
  }

  private int capacity() {
    return table.length >>> 1;
  }

  private int slot(long id) {
    return (int) ((id * 0x9E3779B97F4A7C15L) >>> shift);
  }

  private void insert(SimPeer peer) {
    int mask = capacity() - 1;
    int i = slot(peer.id);
    while (table[2 * i] != null) {
      i = (i + 1) & mask;
    }
    table[2 * i] = peer;
    table[2 * i + 1] = peer.address;
  }

  private void grow() {
    resize(capacity() * 2);
  }

  /** Rehashes into {@code slots} slots, a power of two. */
  private void resize(int slots) {
    Object[] old = table;
    table = new Object[2 * slots];
    shift = 64 - Integer.numberOfTrailingZeros(slots);
    for (int j = 0; j < old.length; j += 2) {
      if (old[j] != null) {
        insert((SimPeer) old[j]);
      }
    }
    Arrays.fill(old, null);
  }
}
