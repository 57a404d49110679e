package org.bloomchord.overlay.sim;

import java.util.Comparator;

/**
 * A test event that counts its firings and carries the (time, scheduling order) an oracle expects
 * of it, kept apart from the fields the queue itself writes.
 */
final class Probe extends SimEvent {

  /** The order events must leave in, by the oracle's own fields. */
  static final Comparator<Probe> BY_TIME_AND_SEQ =
      Comparator.<Probe>comparingLong(p -> p.expectedTime).thenComparingLong(p -> p.expectedSeq);

  final int id;
  long expectedTime;
  long expectedSeq;
  int fired;
  /** The bytes it was queued with as a frame, or null for an event. */
  byte[] frame;

  Probe() {
    this(0);
  }

  Probe(int id) {
    this.id = id;
  }

  @Override
  void fire() {
    fired++;
  }

  @Override
  public String toString() {
    return "Probe" + id + "@" + expectedTime + "#" + expectedSeq;
  }
}
