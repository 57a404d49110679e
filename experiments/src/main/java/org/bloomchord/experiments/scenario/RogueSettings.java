package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.bloomchord.routing.rogue.RoguePeer.Behaviour;

/**
 * The {@code rogue} section of a scenario: how many peers turn hostile and what they do
 * ({@link org.bloomchord.routing.rogue.RoguePeer}). Defaults: no rogue peers, every behaviour,
 * attacks every second. The rogue peers are hosts spread over the join order (host numbers
 * {@code stride/2, stride/2 + stride, ...} with {@code stride = peers / rogue.peers}); they keep
 * serving the ring honestly apart from their attacks.
 *
 * @param peers how many peers are rogue, 0..peers of the scenario
 * @param behaviours what they do
 * @param every how often each rogue attacks its links
 */
public record RogueSettings(int peers, Set<Behaviour> behaviours, Duration every) {

  /** The keys of the section, in the order messages list them. */
  public static final java.util.List<String> KEYS = java.util.List.of("peers", "behaviours", "every");

  /** No rogue peers. */
  public static final RogueSettings NONE = new RogueSettings(0, EnumSet.allOf(Behaviour.class), Duration.ofSeconds(1));

  public RogueSettings {
    if (peers < 0 || every.isNegative() || every.isZero()) {
      throw new IllegalArgumentException("rogue settings out of range");
    }
    behaviours = Collections.unmodifiableSet(behaviours.isEmpty() ? EnumSet.noneOf(Behaviour.class)
        : EnumSet.copyOf(behaviours));
  }

  /** Whether host number {@code host} of a run with {@code total} peers is rogue. */
  public boolean isRogue(int host, int total) {
    if (peers == 0) {
      return false;
    }
    int stride = Math.max(1, total / peers);
    return host >= stride / 2 && (host - stride / 2) % stride == 0 && (host - stride / 2) / stride < peers;
  }
}
