/**
 * The trial behind {@code bloomchord ring}: launch, stabilize, store, crash and look up, measured
 * against the ring oracle.
 */
package org.bloomchord.experiments.ring;
