package org.bloomchord.overlay.sim;

/**
 * Something that happens at a point of virtual time. The {@link EventQueue} orders events by
 * (time, sequence number), the sequence number being the order of scheduling, so ties break the
 * same way in every run. An event object may be scheduled again after it fired (periodic timers
 * reuse theirs), never while it is still queued.
 */
abstract class SimEvent {

  long time;
  long seq;

  /** Runs the event; the loop's clock already reads {@link #time}. */
  abstract void fire();
}
