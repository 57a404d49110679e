package org.bloomchord.overlay.sim;

/**
 * Something that happens at a point of virtual time. The {@link EventQueue} orders events by
 * (time, sequence number), the sequence number being the order of scheduling, so ties break the
 * same way in every run. An event object may be scheduled again after it fired (periodic timers
 * reuse theirs), never while it is still queued; it may be taken out of the queue before it fires.
 */
abstract class SimEvent {

  long time;
  long seq;
  /** Position in the queue's heap, or -1 when not queued. */
  int index = -1;

  /** Runs the event; the loop's clock already reads {@link #time}. */
  abstract void fire();
}
