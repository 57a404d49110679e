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
 * address. The table keeps each peer's id and address beside it in arrays of their own, so a hit
 * reads three slots and not the peer itself: a message's sender does not touch the receiver's
 * memory, only the delivery does, as in a real network.
 *
 * <p>Invariants: {@link #byAddress} holds every running peer, in launch order; the table holds
 * the same peers, each at or after the slot its id hashes to with no empty slot in between
 * (linear probing with backward-shift deletion), at most half full; {@code ids[i]} and
 * {@code addresses[i]} are the id and address of {@code slots[i]}, or 0 and null for an empty slot.
 */
final class PeerDirectory {

  private final Map<String, SimPeer> byAddress = new LinkedHashMap<>();
  private SimPeer[] slots = new SimPeer[16];
  private long[] ids = new long[16];
  private String[] addresses = new String[16];
  private int shift = 64 - 4;

  /** Peers running. */
  int size() {
    return byAddress.size();
  }

  /** The peer running at the address of {@code ref}, or null. */
  SimPeer get(PeerRef ref) {
    long id = ref.id();
    String address = ref.address();
    int mask = slots.length - 1;
    for (int i = slot(id); ; i = (i + 1) & mask) {
      SimPeer p = slots[i];
      if (p == null) {
        return byAddress.get(address);
      }
      if (ids[i] == id) {
        String a = addresses[i];
        if (a == address || a.equals(address)) {
          return p;
        }
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
    if (want > slots.length && want <= 1 << 30) {
      resize(Integer.highestOneBit((int) want - 1) << 1);
    }
  }

  /** Forgets every peer at once. */
  void clear() {
    byAddress.clear();
    Arrays.fill(slots, null);
    Arrays.fill(ids, 0);
    Arrays.fill(addresses, null);
  }

  /** Adds a peer whose address is not running yet. */
  void add(SimPeer peer) {
    if (byAddress.putIfAbsent(peer.ref.address(), peer) != null) {
      throw new IllegalArgumentException("a peer with address " + peer.ref.address() + " is already running");
    }
    if (2 * byAddress.size() > slots.length) {
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
    int mask = slots.length - 1;
    int i = slot(peer.id);
    while (slots[i] != peer) {
      i = (i + 1) & mask;
    }
    // Backward-shift deletion: move later members of the probe run into the hole when their home
    // slot does not lie cyclically in (hole, their slot].
    for (int j = (i + 1) & mask; slots[j] != null; j = (j + 1) & mask) {
      int home = slot(ids[j]);
      if (((j - home) & mask) >= ((j - i) & mask)) {
        put(i, slots[j]);
        i = j;
      }
    }
    slots[i] = null;
    ids[i] = 0;
    addresses[i] = null;
  }

  /** The running peers in launch order. */
  List<SimPeer> inOrder() {
    return new ArrayList<>(byAddress.values());
  }

  private int slot(long id) {
    return (int) ((id * 0x9E3779B97F4A7C15L) >>> shift);
  }

  private void insert(SimPeer peer) {
    int mask = slots.length - 1;
    int i = slot(peer.id);
    while (slots[i] != null) {
      i = (i + 1) & mask;
    }
    put(i, peer);
  }

  private void put(int i, SimPeer peer) {
    slots[i] = peer;
    ids[i] = peer.id;
    addresses[i] = peer.address;
  }

  private void grow() {
    resize(slots.length * 2);
  }

  private void resize(int length) {
    SimPeer[] old = slots;
    slots = new SimPeer[length];
    ids = new long[length];
    addresses = new String[length];
    shift = 64 - Integer.numberOfTrailingZeros(length);
    for (SimPeer p : old) {
      if (p != null) {
        insert(p);
      }
    }
    Arrays.fill(old, null);
  }
}
