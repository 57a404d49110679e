package org.bloomchord.overlay;

/** A scheduled task that can be cancelled; cancelling twice, or after it ran, does nothing. */
@FunctionalInterface
public interface Cancellable {

  void cancel();
}
