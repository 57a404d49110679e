package org.bloomchord.routing.heavy;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.PeerRef;

/**
 * Who holds a leased copy that this peer handed out, per key: until when (this peer's clock, an
 * upper bound of the holder's own expiry), the oldest version handed to it or pushed to it since,
 * and the push of a newer version still under way, if any: the peers a put's update must reach.
 * Bounded: at most {@code maxKeys} keys and {@code maxPerKey} holders of a key; when full,
 * {@link #record} refuses (the caller then hands out no lease) rather than forgetting a holder,
 * which would let an update miss a copy. Not thread-safe; owned by one peer.
 *
 * <p>Invariant the update path relies on: a holder's recorded {@link Holder#version} is at most the
 * version of any copy it may still serve from this peer's grants (holders never take an older
 * version over a newer one, {@link LeaseCache}), so a push of a version no newer than it may be
 * skipped, waiting only for the push under way ({@link Holder#settled}).
 */
public final class LeaseHolders {

  /** One holder of one key. Mutable: pushes and new grants update it in place. */
  public static final class Holder {
    private final PeerRef peer;
    private long untilMs;
    private Version version;
    private Future<Void> settled = Future.succeededFuture();

    private Holder(PeerRef peer, long untilMs, Version version) {
      this.peer = peer;
      this.untilMs = untilMs;
      this.version = version;
    }

    /** The holder. */
    public PeerRef peer() {
      return peer;
    }

    /** Until when (this peer's clock) the holder may serve a copy it had from this peer. */
    public long untilMs() {
      return untilMs;
    }

    /** The oldest version this peer handed or pushed to the holder that it may still serve. */
    public Version version() {
      return version;
    }

    /** Completes when the latest push to the holder was applied, or its lease ran out. */
    public Future<Void> settled() {
      return settled;
    }

    /** Records a push of {@code v} under way, completing as {@code done}. */
    public void pushed(Version v, Future<Void> done) {
      version = v;
      settled = done;
    }
  }

  private final int maxKeys;
  private final int maxPerKey;
  private final LinkedHashMap<String, Map<PeerRef, Holder>> byKey = new LinkedHashMap<>();
  private int turn;

  /** An empty table of at most {@code maxKeys} keys and {@code maxPerKey} holders each. */
  public LeaseHolders(int maxKeys, int maxPerKey) {
    this.maxKeys = maxKeys;
    this.maxPerKey = maxPerKey;
  }

  /**
   * Records that {@code holder} was handed a copy of {@code key} at {@code version} that it may
   * serve until {@code untilMs}; false when full. A holder recorded before keeps the later expiry
   * and the older version.
   */
  public boolean record(String key, PeerRef holder, long untilMs, Version version, long nowMs) {
    Map<PeerRef, Holder> holders = byKey.get(key);
    if (holders == null) {
      if (byKey.size() >= maxKeys) {
        dropExpired(nowMs);
      }
      if (byKey.size() >= maxKeys) {
        return false;
      }
      holders = new LinkedHashMap<>();
      byKey.put(key, holders);
    }
    Holder h = holders.get(holder);
    if (h == null) {
      if (holders.size() >= maxPerKey) {
        holders.values().removeIf(x -> x.untilMs <= nowMs);
        if (holders.size() >= maxPerKey) {
          return false;
        }
      }
      holders.put(holder, new Holder(holder, untilMs, version));
      return true;
    }
    h.untilMs = Math.max(h.untilMs, untilMs);
    if (version.compareTo(h.version) < 0) {
      h.version = version;
    }
    return true;
  }

  /** The holders of {@code key} whose copies may still be served at {@code nowMs} (expired ones are dropped). */
  public List<Holder> live(String key, long nowMs) {
    Map<PeerRef, Holder> holders = byKey.get(key);
    if (holders == null) {
      return List.of();
    }
    holders.values().removeIf(h -> h.untilMs <= nowMs);
    if (holders.isEmpty()) {
      byKey.remove(key);
      return List.of();
    }
    return new ArrayList<>(holders.values());
  }

  /**
   * A holder of {@code key} whose recorded expiry is after {@code minUntilMs}, other than
   * {@code except}, taken in turn over successive calls so that handed-on gets spread over the
   * holders; null when there is none.
   */
  public PeerRef pick(String key, long minUntilMs, PeerRef except) {
    Map<PeerRef, Holder> holders = byKey.get(key);
    if (holders == null || holders.isEmpty()) {
      return null;
    }
    int n = holders.size();
    int start = Math.floorMod(turn++, n);
    int i = 0;
    PeerRef first = null;
    for (Holder h : holders.values()) {
      if (h.untilMs > minUntilMs && !h.peer.equals(except)) {
        if (i >= start) {
          return h.peer;
        }
        if (first == null) {
          first = h.peer;
        }
      }
      i++;
    }
    return first;
  }

  /** The latest expiry among the holders of {@code key}, or null. */
  public Long latest(String key) {
    Map<PeerRef, Holder> holders = byKey.get(key);
    return holders == null || holders.isEmpty() ? null
        : holders.values().stream().mapToLong(h -> h.untilMs).max().orElseThrow();
  }

  /** Keys with recorded holders. */
  public int keys() {
    return byKey.size();
  }

  private void dropExpired(long nowMs) {
    for (Iterator<Map<PeerRef, Holder>> it = byKey.values().iterator(); it.hasNext();) {
      Map<PeerRef, Holder> holders = it.next();
      holders.values().removeIf(h -> h.untilMs <= nowMs);
      if (holders.isEmpty()) {
        it.remove();
      }
    }
  }
}
