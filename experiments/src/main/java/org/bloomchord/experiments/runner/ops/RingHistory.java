package org.bloomchord.experiments.runner.ops;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.overlay.PeerRef;

/**
 * The {@link Roster}'s membership changes with their run times, so that a lookup's answer can be
 * set against every ring the oracle held while the lookup ran ({@link #lastOwned}) and against the
 * membership events of the peers it names ({@link #eventsOf}). Only {@link Kind#JOINED} and the
 * starts of departures change the oracle's ring; the other kinds say what a JVM reported or did.
 * Thread-safe; it keeps every event of the run (a few per host).
 */
final class RingHistory {

  /** What happened to a peer. */
  enum Kind {
    /** A churn join in a child JVM was asked for; the joiner may answer before the child reports it. */
    JOIN_STARTED("join-started"),
    /** The join ended: the host enters the oracle's ring. */
    JOINED("joined"),
    /** A child reported that the join failed. */
    JOIN_FAILED("join-failed"),
    /** A graceful leave was decided: the host leaves the oracle's ring before it runs. */
    LEAVING("leave"),
    /** A crash was decided (or its JVM was killed): the host leaves the oracle's ring before it runs. */
    CRASHING("crash"),
    /** The JVM running the host answered that the leave or crash was done. */
    DEPARTED("departed");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** The kind as {@code incorrect.csv} writes it. */
    String label() {
      return label;
    }

    boolean adds() {
      return this == JOINED;
    }

    boolean removes() {
      return this == LEAVING || this == CRASHING;
    }
  }

  /** One membership event at run time {@code atMs}. */
  record Event(long atMs, PeerRef peer, Kind kind) {

    /** {@code kind@node:seconds}, e.g. {@code crash@jvm1:101.234}. */
    String text() {
      String node = peer.node();
      return kind.label() + (node.isEmpty() ? "" : "@" + node) + ':' + String.format(java.util.Locale.ROOT, "%.3f",
          atMs / 1000.0);
    }
  }

  private final List<Event> events = new ArrayList<>();

  /** Records that {@code kind} happened to {@code peer} at run time {@code atMs}. */
  synchronized void record(long atMs, PeerRef peer, Kind kind) {
    events.add(new Event(atMs, peer, kind));
  }

  /** The events of {@code peer} from {@code fromMs} to {@code toMs}, both included, oldest first. */
  synchronized List<Event> eventsOf(PeerRef peer, long fromMs, long toMs) {
    List<Event> out = new ArrayList<>();
    for (Event e : events) {
      if (e.peer().equals(peer) && e.atMs() >= fromMs && e.atMs() <= toMs) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * The last run time within {@code [fromMs, toMs]} at which {@code answer} was the successor of
   * {@code id} on the oracle's ring, or -1 if it was at no moment of that interval. {@code now} is
   * the oracle's ring after every event recorded so far; earlier rings are rebuilt by undoing the
   * events back to {@code fromMs}. Called only for answers the oracle rejected (rare), it costs one
   * pass over the events since {@code fromMs}.
   *
   * @param mask the ring's id mask
   */
  synchronized long lastOwned(long id, PeerRef answer, Collection<PeerRef> now, long fromMs, long toMs, long mask) {
    TreeMap<Long, PeerRef> ring = new TreeMap<>(Long::compareUnsigned);
    now.forEach(p -> ring.put(p.id(), p));
    long upper = toMs;
    for (int i = events.size() - 1; i >= 0; i--) {
      Event e = events.get(i);
      if (e.atMs() <= fromMs) {
        break;
      }
      if (e.atMs() <= toMs && answer.equals(successor(ring, id & mask))) {
        return upper;
      }
      if (e.kind().adds()) {
        ring.remove(e.peer().id(), e.peer());
      } else if (e.kind().removes()) {
        ring.put(e.peer().id(), e.peer());
      }
      upper = Math.min(upper, e.atMs());
    }
    return answer.equals(successor(ring, id & mask)) ? upper : -1;
  }

  private static PeerRef successor(TreeMap<Long, PeerRef> ring, long id) {
    if (ring.isEmpty()) {
      return null;
    }
    Map.Entry<Long, PeerRef> e = ring.ceilingEntry(id);
    return (e != null ? e : ring.firstEntry()).getValue();
  }
}
