package org.bloomchord.routing.rogue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.SummaryCoding;

/**
 * A hostile peer: it joins and serves the ring like any other (it routes lookups and keeps its
 * store), and every {@code periodMs} it attacks its links with the {@link Behaviour}s it was given.
 * What each attack aims at, and what stops it, is in each constant's description; the rogue-peer
 * scenario ({@code rogue: { peers, behaviours }}) runs it so that the honest peers' figures can be
 * compared with and without rogues. It is fault injection, run by the driver: honest peers never
 * carry it.
 */
public final class RoguePeer implements ChordExtension {

  /** What a rogue peer does. */
  public enum Behaviour {
    /**
     * Sends Notify to its fingers, claiming to be their predecessor when it is not, and a successor
     * list naming a peer whose id is placed at will just before the target (a forged identity).
     * Stopped by: the notify check (only a peer between the predecessor and the target is taken)
     * and the identity check ({@code chord.rejected}).
     */
    FORGED_NOTIFY("forgedNotify"),
    /**
     * Tells its fingers it is leaving and names a forged peer as their new predecessor or
     * successor. Stopped by: the identity check, and departures taken only from the peer's own
     * predecessor or successor.
     */
    FORGED_LEAVE("forgedLeave"),
    /**
     * Sends lookup and locate answers for ids it guesses to its links, naming itself. Stopped by:
     * random 64-bit query ids, answers counted only for a pending query and from the peer they name
     * ({@code chord.lateLookupAnswer}).
     */
    FORGED_ANSWERS("forgedAnswers"),
    /**
     * Pushes entries with versions far in the future (a physical time beyond the clock bound) to
     * its successors, to make keys unwritable. Stopped by: the version check
     * ({@code chord.versionsAhead}).
     */
    OVERFLOWING_VERSIONS("overflowingVersions"),
    /**
     * Answers every summary pull with all-ones levels declaring one element each, to attract every
     * locate. Stopped by: the fill check ({@code trust.rejected.summaryFill}).
     */
    ALL_ONES_SUMMARY("allOnesSummary"),
    /**
     * Asks its links' pointer primaries for leases a hundred times the configured length. Stopped
     * by: the lease bound of the location wire checks ({@code location} rejections).
     */
    LONG_LEASES("longLeases"),
    /**
     * Floods its successor with requests, four times the per-sender message quota each second.
     * Stopped by: the per-sender quota ({@code trust.quota.requests}).
     */
    GREEDY_RECONCILER("greedyReconciler");

    private final String label;

    Behaviour(String label) {
      this.label = label;
    }

    /** The name used in scenario files. */
    public String label() {
      return label;
    }

    /** The behaviour named {@code label}, or null. */
    public static Behaviour of(String label) {
      for (Behaviour b : values()) {
        if (b.label.equals(label)) {
          return b;
        }
      }
      return null;
    }

    /** The names of every behaviour, comma-separated. */
    public static String labels() {
      List<String> out = new ArrayList<>();
      for (Behaviour b : values()) {
        out.add(b.label);
      }
      return String.join(", ", out);
    }
  }

  private final Set<Behaviour> behaviours;
  private final LocationService location;
  private final LocationConfig locationConfig;
  private final long periodMs;
  private ChordHost host;
  private Cancellable timer;
  private long forgedCount;
  private java.util.function.BiConsumer<PeerRef, Message> forgedListener = (to, m) -> { };

  /**
   * A rogue that attacks every {@code periodMs}.
   *
   * @param location the peer's location service (its summaries are forged with
   *     {@link Behaviour#ALL_ONES_SUMMARY}, see {@link #disguise}), or null when the peer runs none
   * @param locationConfig the location settings, or null without location
   */
  public RoguePeer(Set<Behaviour> behaviours, LocationService location, LocationConfig locationConfig,
      long periodMs) {
    this.behaviours = behaviours.isEmpty() ? EnumSet.noneOf(Behaviour.class) : EnumSet.copyOf(behaviours);
    this.location = location;
    this.locationConfig = locationConfig;
    this.periodMs = periodMs;
  }

  /**
   * Shows {@code listener} each message this rogue forges, with the peer it goes to, just before it
   * is sent (on the peer's thread): an experiment's record of what the rogue put on the ring.
   */
  public void onForged(java.util.function.BiConsumer<PeerRef, Message> listener) {
    this.forgedListener = java.util.Objects.requireNonNull(listener, "listener");
  }

  /**
   * {@code e} as this rogue's peer runs it: its location service wrapped to answer summary pulls
   * with a forged summary when this rogue has {@link Behaviour#ALL_ONES_SUMMARY}, any other
   * extension as it is. A driver replaces each of the peer's extensions by this before adding the
   * rogue itself.
   */
  public ChordExtension disguise(ChordExtension e) {
    if (e == location && location != null && behaviours.contains(Behaviour.ALL_ONES_SUMMARY)) {
      return new ForgedSummaries(location, allOnes(locationConfig, 1));
    }
    return e;
  }

  @Override
  public void attach(ChordHost p) {
    this.host = p;
    timer = p.runtime().every(periodMs, p.config().jitter(), this::attack);
  }

  @Override
  public void stop() {
    if (timer != null) {
      timer.cancel();
    }
  }

  private void attack() {
    if (host.state() != PeerState.ACTIVE) {
      return;
    }
    PeerRef self = host.self();
    List<PeerRef> fingers = new ArrayList<>();
    for (PeerRef f : host.links().fingers()) {
      if (f != null && !f.equals(self) && !fingers.contains(f)) {
        fingers.add(f);
      }
    }
    PeerRef successor = host.links().successors().isEmpty() ? null : host.links().successors().get(0);
    PeerRef predecessor = host.links().predecessor();
    for (Behaviour b : behaviours) {
      switch (b) {
        case FORGED_NOTIFY -> {
          for (PeerRef f : fingers) {
            forge(f, new Notify());
          }
          if (predecessor != null) {
            forge(predecessor, new SuccessorLeaving(List.of(forgedBefore(predecessor))));
          }
        }
        case FORGED_LEAVE -> {
          for (PeerRef f : fingers) {
            forge(f, new PredecessorLeaving(forgedBefore(f)));
            forge(f, new SuccessorLeaving(List.of(forgedBefore(f))));
          }
        }
        case FORGED_ANSWERS -> {
          for (PeerRef f : fingers) {
            forge(f, new LookupDone(host.runtime().random().nextLong(), self, List.of(self), 1, 0, 1));
            if (location != null) {
              forge(f, LocateDone.heldBy(host.runtime().random().nextLong(), self, 1));
            }
          }
        }
        case OVERFLOWING_VERSIONS -> {
          if (successor != null && !successor.equals(self)) {
            long future = host.runtime().now() + 1000L * 3600 * 24 * 365;
            StoredEntry e = new StoredEntry("rogue-" + self.address(), new Version(future << 16, self.id()), "x");
            forgeRequest(successor, new StoreTransfer(List.of(e)));
          }
        }
        case LONG_LEASES -> {
          if (location != null) {
            for (PeerRef f : fingers) {
              forgeRequest(f, new PointerUpdate("rogue-" + (forgedCount++), 100 * locationConfig.leaseMs(), false));
            }
          }
        }
        case GREEDY_RECONCILER -> {
          if (successor != null && !successor.equals(self)) {
            long burst = 4 * host.config().limits().requestsPerSecond() * periodMs / 1000;
            for (long i = 0; i < burst; i++) {
              send(successor, new GetNeighbors());
            }
          }
        }
        case ALL_ONES_SUMMARY -> {
          // answered on pulls (disguise)
        }
        default -> throw new IllegalStateException();
      }
    }
  }

  /** Sends a forged one-way message, shown to the listener first. */
  private void forge(PeerRef to, Message m) {
    forgedListener.accept(to, m);
    host.runtime().send(to, m);
  }

  /** Sends a forged request, shown to the listener first. */
  private void forgeRequest(PeerRef to, Message m) {
    forgedListener.accept(to, m);
    send(to, m);
  }

  private void send(PeerRef to, Message m) {
    host.runtime().request(to, m, host.config().requestTimeoutMs());
  }

  /** A peer whose id is placed just before {@code target}'s: not the hash of its address. */
  private PeerRef forgedBefore(PeerRef target) {
    return new PeerRef("forged-" + (forgedCount++) + "@rogue", target.id() - 1);
  }

  /**
   * A summary whose levels have every bit set yet each declare {@code elementsPerLevel} elements:
   * impossible with k probes per element unless the count is at least m / k, so askers reject it
   * by the fill check.
   */
  public static SummaryReply allOnes(LocationConfig config, int elementsPerLevel) {
    BloomShape shape = config.shape();
    BloomFilter[] levels = new BloomFilter[config.depth()];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = new BloomFilter(shape);
      for (long b = 0; b < shape.bits(); b++) {
        levels[i].set(b);
      }
    }
    AttenuatedFilter f = new AttenuatedFilter(levels);
    List<EncodedLevel> encoded = new ArrayList<>();
    for (EncodedLevel l : SummaryCoding.encode(f)) {
      encoded.add(new EncodedLevel(l.coding(), l.bytes(), elementsPerLevel));
    }
    return new SummaryReply(SummaryCoding.version(f), encoded);
  }

  /** Whether this rogue was given any behaviour. */
  public boolean hostile() {
    return !behaviours.isEmpty();
  }
}
