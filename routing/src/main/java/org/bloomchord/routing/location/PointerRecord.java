package org.bloomchord.routing.location;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The directory entry of one object: the holders that published it, each with the time its lease
 * ends. It lives in the Chord store under {@link #storeKey(String) "loc:" + key}, so on
 * successor(hash("loc:" + key)) and its replicas, as one versioned value per object; the primary
 * merges each holder's lease into it on its own thread, so concurrent publishers never overwrite
 * each other.
 *
 * <p>Value encoding (a string, as the store keeps strings): Base64 of
 * {@code byte format (1), varint n, n times (string address, long id, varlong expiresAtMs)}.
 * Decoding treats the value as untrusted (it comes from other peers through replication) and
 * raises {@link MalformedMessageException} on a wrong format byte, more than {@code maxHolders}
 * holders, ids outside the ring, overlong addresses, or trailing bytes.
 *
 * <p>Invariants: at most one lease per holder address; at most {@code maxHolders} leases (when
 * full, the lease that ends first gives way); immutable.
 */
public record PointerRecord(List<Lease> leases) {

  /** The prefix of pointer keys in the Chord store. */
  public static final String KEY_PREFIX = "loc:";
  private static final int FORMAT = 1;

  /** One holder's lease. */
  public record Lease(PeerRef holder, long expiresAtMs) {
  }

  /** An empty record. */
  public static final PointerRecord EMPTY = new PointerRecord(List.of());

  public PointerRecord {
    leases = List.copyOf(leases);
  }

  /** The store key of an object's pointer. */
  public static String storeKey(String key) {
    return KEY_PREFIX + key;
  }

  /** The holders whose lease is still running at {@code now}. */
  public List<PeerRef> liveHolders(long now) {
    List<PeerRef> out = new ArrayList<>();
    for (Lease l : leases) {
      if (l.expiresAtMs > now) {
        out.add(l.holder);
      }
    }
    return out;
  }

  /**
   * This record with expired leases dropped and {@code holder}'s lease set to end at
   * {@code expiresAtMs} (or removed when {@code remove}).
   */
  public PointerRecord merge(PeerRef holder, long expiresAtMs, boolean remove, long now, int maxHolders) {
    List<Lease> out = new ArrayList<>();
    for (Lease l : leases) {
      if (l.expiresAtMs > now && !l.holder.address().equals(holder.address())) {
        out.add(l);
      }
    }
    if (!remove) {
      out.add(new Lease(holder, expiresAtMs));
      if (out.size() > maxHolders) {
        out.sort(Comparator.comparingLong(Lease::expiresAtMs).reversed());
        out = new ArrayList<>(out.subList(0, maxHolders));
      }
    }
    out.sort(Comparator.comparing(l -> l.holder.address()));
    return new PointerRecord(out);
  }

  /** The store value of this record. */
  public String encode() {
    WireWriter w = new WireWriter(16 + 32 * leases.size());
    w.writeByte(FORMAT);
    w.writeVarInt(leases.size());
    for (Lease l : leases) {
      w.writeString(l.holder.address());
      w.writeLong(l.holder.id());
      w.writeVarLong(Math.max(0, l.expiresAtMs));
    }
    return Base64.getEncoder().encodeToString(w.toByteArray());
  }

  /**
   * Decodes a store value.
   *
   * @throws MalformedMessageException if it is not exactly one valid record
   */
  public static PointerRecord decode(String value, IdRing ring, int maxHolders) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(value);
    } catch (IllegalArgumentException e) {
      throw new MalformedMessageException("pointer record is not Base64");
    }
    WireReader in = new WireReader(bytes);
    int format = in.readByte();
    if (format != FORMAT) {
      throw new MalformedMessageException("unknown pointer record format " + format);
    }
    int n = in.readVarInt(maxHolders);
    List<Lease> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String address = in.readString(PeerRef.MAX_ADDRESS_BYTES);
      long id = in.readLong();
      long expires = in.readVarLong();
      if (address.isEmpty() || !ring.contains(id)) {
        throw new MalformedMessageException("pointer record names an invalid holder");
      }
      out.add(new Lease(new PeerRef(address, id), expires));
    }
    in.expectEnd();
    return new PointerRecord(out);
  }
}
