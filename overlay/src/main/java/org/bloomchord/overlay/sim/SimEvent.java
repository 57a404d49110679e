package org.bloomchord.overlay.sim;

/**
 * Something that happens at a point of virtual time. The {@link EventQueue} orders events by
 * (time, order of scheduling), so ties break the same way in every run. An event object may be
 * scheduled again after it fired (periodic timers reuse theirs), never while it is still queued;
 * it may be taken out of the queue before it fires.
 *
 * <p>The queue keeps its bookkeeping in the event itself: the position in the overflow heap, or the
 * slot of the wheel bucket the event waits in. Every request in flight has one (its timeout), so the
 * fields are few: 24 bytes with the object header. (Messages in flight are not events: the queue
 * keeps them as frames.)
 */
abstract class SimEvent {

  /** {@link #index} of an event that is not queued. */
  static final int NOT_QUEUED = -1;
  /**
   * {@link #index} of an event waiting in slot 0 of a bucket of the queue's wheel; slot {@code s}
   * is {@code IN_WHEEL - s}.
   */
  static final int IN_WHEEL = -2;

  long time;
  /** Position in the queue's overflow heap, a wheel slot (at most {@link #IN_WHEEL}), or {@link #NOT_QUEUED}. */
  int index = NOT_QUEUED;

  /** Runs the event; the loop's clock already reads {@link #time}. */
  abstract void fire();

  /** The peer whose code the event runs, failed when it throws; null for none. */
  SimPeer owner() {
    return null;
  }
}
