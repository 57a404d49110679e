package org.bloomchord.overlay.sim;

/**
 * Something that happens at a point of virtual time. The {@link EventQueue} orders events by
 * (time, order of scheduling), so ties break the same way in every run. An event object may be scheduled again after it fired (periodic timers
 * reuse theirs), never while it is still queued; it may be taken out of the queue before it fires.
 *
 * <p>The queue keeps its bookkeeping in the event itself, so queueing allocates nothing: the
 * position in the overflow heap, or the links of the wheel bucket the event waits in. Every
 * message in flight is an event, so the fields are few: 32 bytes with the object header.
 */
abstract class SimEvent {

  /** {@link #index} of an event that is not queued. */
  static final int NOT_QUEUED = -1;
  /** {@link #index} of an event waiting in a bucket of the queue's wheel. */
  static final int IN_WHEEL = -2;

  long time;
  /** Position in the queue's overflow heap, {@link #IN_WHEEL}, or {@link #NOT_QUEUED}. */
  int index = NOT_QUEUED;
  /** Neighbours in the wheel bucket (earlier and later scheduled), null at the ends or elsewhere. */
  SimEvent prev;
  SimEvent next;

  /** Runs the event; the loop's clock already reads {@link #time}. */
  abstract void fire();

  /** The peer whose code the event runs, failed when it throws; null for none. */
  SimPeer owner() {
    return null;
  }
}
