package org.bloomchord.routing.location;

import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocationMessages.LocateDone;

/**
 * The answer of one {@code locate}.
 *
 * <p>Hops follow the project convention: peer-to-peer forwarding messages on the path from the
 * origin to the peer that answers. {@code probabilisticHops} counts forwards of the query along
 * link filters; {@code fallbackHops} counts, from the peer where the deterministic path started,
 * the Chord lookup's hops to the pointer key's predecessor plus one per pointer replica asked on
 * another peer; {@code finalHops} counts the holders contacted on another peer to verify the
 * object (one when the first is live and holds it). Replies are not hops. Built by name, through
 * {@link #builder} or the factories of the common cases.
 *
 * @param key the object's key
 * @param outcome how it ended
 * @param holder the live holder found, or null for NOT_FOUND and FAILED
 * @param probabilisticHops forwards in the probabilistic phase
 * @param fallbackHops lookup hops plus pointer requests of the deterministic path (0 if unused)
 * @param finalHops holder probes of the deterministic path (0 if unused)
 * @param falsePositives peers reached by the probabilistic phase that neither held the object nor
 *     had a matching link within their budget
 * @param latencyMs runtime time from start to answer at the origin
 */
public record LocateResult(String key, LocateOutcome outcome, PeerRef holder, int probabilisticHops,
    int fallbackHops, int finalHops, int falsePositives, long latencyMs) {

  /** The object held by the asking peer itself: no hop, no time. */
  public static LocateResult local(String key, PeerRef self) {
    return builder(key, LocateOutcome.LOCAL).holder(self).build();
  }

  /** A locate that failed before any hop (refused, or no path answered): no holder. */
  public static LocateResult failed(String key) {
    return builder(key, LocateOutcome.FAILED).build();
  }

  /** The deterministic path's resolution {@code r} of {@code key}, answered after {@code latencyMs}. */
  static LocateResult deterministic(String key, PointerDirectory.Resolution r, long latencyMs) {
    return builder(key, r.outcome()).holder(r.holder()).fallbackHops(r.fallbackHops()).finalHops(r.finalHops())
        .latencyMs(latencyMs).build();
  }

  /** The answer {@code d} to a query for {@code key}, received after {@code latencyMs}. */
  static LocateResult answered(String key, LocateDone d, long latencyMs) {
    return builder(key, d.outcome()).holder(d.holder()).probabilisticHops(d.probabilisticHops())
        .fallbackHops(d.fallbackHops()).finalHops(d.finalHops()).falsePositives(d.falsePositives())
        .latencyMs(latencyMs).build();
  }

  /** A builder of the result of {@code key} ending as {@code outcome}; every count starts at 0, the holder at none. */
  public static Builder builder(String key, LocateOutcome outcome) {
    return new Builder(key, outcome);
  }

  /** Builds a {@link LocateResult} by name. */
  public static final class Builder {
    private final String key;
    private final LocateOutcome outcome;
    private PeerRef holder;
    private int probabilisticHops;
    private int fallbackHops;
    private int finalHops;
    private int falsePositives;
    private long latencyMs;

    private Builder(String key, LocateOutcome outcome) {
      this.key = key;
      this.outcome = outcome;
    }

    /** The live holder found (none by default, as for NOT_FOUND and FAILED). */
    public Builder holder(PeerRef p) {
      this.holder = p;
      return this;
    }

    /** Forwards in the probabilistic phase. */
    public Builder probabilisticHops(int n) {
      this.probabilisticHops = n;
      return this;
    }

    /** Lookup hops plus pointer requests of the deterministic path. */
    public Builder fallbackHops(int n) {
      this.fallbackHops = n;
      return this;
    }

    /** Holder probes of the deterministic path. */
    public Builder finalHops(int n) {
      this.finalHops = n;
      return this;
    }

    /** Peers of the probabilistic phase that neither held the object nor matched within budget. */
    public Builder falsePositives(int n) {
      this.falsePositives = n;
      return this;
    }

    /** Runtime time from start to answer at the origin. */
    public Builder latencyMs(long ms) {
      this.latencyMs = ms;
      return this;
    }

    /** The result. */
    public LocateResult build() {
      return new LocateResult(key, outcome, holder, probabilisticHops, fallbackHops, finalHops, falsePositives,
          latencyMs);
    }
  }

  /** Total hops of all phases. */
  public int hops() {
    return probabilisticHops + fallbackHops + finalHops;
  }

  /** Whether a live holder was found (locally, probabilistically or on the fallback path). */
  public boolean found() {
    return outcome.found();
  }
}
