package org.bloomchord.experiments.ring;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.Network;

/**
 * Where a ring trial's time goes: the wall time, simulator events, messages and runtime time of each
 * of its phases (the joins of the launch, the wait for a stable ring, the finger repair, the heap
 * reading, the keys, the lookups, the final checks), each the difference between two marks.
 */
public final class RingPhases {

  /**
   * One phase.
   *
   * @param name what ran (joins, stabilization, finger repair, heap reading, keys, crash, lookups, final checks)
   * @param wallSeconds wall time of the phase
   * @param events simulator events fired during it (0 on Vert.x)
   * @param messages messages sent during it
   * @param runtimeSeconds runtime (simulated) seconds it spanned
   */
  public record Phase(String name, double wallSeconds, long events, long messages, double runtimeSeconds) {
  }

  private final List<Phase> phases = new ArrayList<>();
  private long wallNanos;
  private long events;
  private long messages;
  private long nowMs;

  /** Starts counting from this moment of {@code net}. */
  RingPhases(Network<?> net) {
    wallNanos = System.nanoTime();
    events = eventsOf(net);
    messages = net.traffic().messages();
    nowMs = net.now();
  }

  /** Ends the phase {@code name} now; the next phase starts here. */
  void end(String name, Network<ChordPeer> net) {
    long w = System.nanoTime();
    long e = eventsOf(net);
    long m = net.traffic().messages();
    long t = net.now();
    phases.add(new Phase(name, (w - wallNanos) / 1e9, e - events, m - messages, (t - nowMs) / 1000.0));
    wallNanos = w;
    events = e;
    messages = m;
    nowMs = t;
  }

  /** The phases ended so far, in order. */
  public List<Phase> phases() {
    return List.copyOf(phases);
  }

  /** The phase of that name, or null. */
  public Phase phase(String name) {
    for (Phase p : phases) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  private static long eventsOf(Network<?> net) {
    return net.simulator().map(s -> s.eventsFired()).orElse(0L);
  }
}
