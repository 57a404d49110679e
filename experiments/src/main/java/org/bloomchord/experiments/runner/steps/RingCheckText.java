package org.bloomchord.experiments.runner.steps;

import java.util.Locale;
import org.bloomchord.chord.cluster.RingCheck;

/** A ring check's errors in one phrase of a progress line. */
public final class RingCheckText {

  private RingCheckText() {
  }

  /**
   * The peers of {@code check} whose successor, predecessor or successor list is wrong, e.g.
   * {@code "of 24 peers 0 successors, 2 predecessors, 3 successor lists wrong"}.
   */
  public static String errors(RingCheck check) {
    return String.format(Locale.ROOT, "of %d peers %d successors, %d predecessors, %d successor lists wrong",
        check.peers(), check.successorErrors(), check.predecessorErrors(), check.successorListErrors());
  }
}
