package org.bloomchord.routing.heavy;

import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.Message;

/** Messages of hot-key relief; codecs in {@link HotKeyWire}. */
public final class HotKeyMessages {

  /** Most forwarding hops a get may take (a ring of 2^idBits peers needs at most idBits). */
  public static final int MAX_HOPS = 64;

  private HotKeyMessages() {
  }

  /**
   * A get sent to a peer on the key's lookup path (or to its owner): answered from a leased copy
   * when the peer holds a fresh one, else by the owner. {@code delegated} marks a get that a peer
   * over its serving budget handed to one of its lease holders: a holder over its budget too may
   * hand it to one of its own holders (each step spends a hop), but never passes it back towards
   * the owner while it holds a copy; a holder without its copy asks towards the owner for itself
   * (an ordinary get, so that the copy it keeps is recorded where it came from). The asker of a
   * delegated get keeps no copy of the answer (it records its own reader), so the answering peer
   * records no holder for it.
   */
  public record HotGet(String key, int hopsLeft, boolean delegated) implements Message {
    /** Validates the hop budget. */
    public HotGet {
      if (hopsLeft < 0 || hopsLeft > MAX_HOPS) {
        throw new IllegalArgumentException("hop budget out of range: " + hopsLeft);
      }
    }

    /** A get on its way from the reader, not delegated. */
    public HotGet(String key, int hopsLeft) {
      this(key, hopsLeft, false);
    }
  }

  /**
   * The answer: the entry (null when the key is absent), and {@code leaseMs} &gt; 0 when the key is
   * hot, in which case the receiver may keep the copy for that long counted from when it sent the
   * get. {@code fromCache} says whether a leased copy answered rather than the owner.
   */
  public record HotGetReply(StoredEntry entry, long leaseMs, boolean fromCache) implements Message {
    /** Validates the lease. */
    public HotGetReply {
      if (leaseMs < 0) {
        throw new IllegalArgumentException("negative lease");
      }
    }
  }

  /**
   * Sent by a key's owner that answered its budget to one of the key's replicas: answer with the
   * replica's entry when its version is at least {@code atLeast} (the owner's, so no older than any
   * acknowledged put), else with no entry, and the owner answers itself.
   */
  public record ReplicaGet(String key, Version atLeast) implements Message {
  }

  /**
   * Sent down the tree of lease holders before a put of {@code entry}'s key is acknowledged: a
   * holder whose copy is older takes the entry (keeping its lease), refuses older copies from now
   * on, passes the entry to the peers it handed copies to, and answers {@link HotUpdated} once they
   * all did.
   */
  public record HotUpdate(StoredEntry entry) implements Message {
    /** Requires the entry. */
    public HotUpdate {
      java.util.Objects.requireNonNull(entry, "entry");
    }
  }

  /** The answer to {@link HotUpdate}: this holder and every holder below it hold the version or a newer one. */
  public record HotUpdated() implements Message {
  }
}
