package org.bloomchord.experiments.ring;

import org.bloomchord.chord.ChordConfig;

/**
 * The maintenance periods the {@code ring} and {@code node} flags set, in runtime milliseconds, and
 * the Chord periods they give: stabilize every {@code stabilizeMs}, fix-fingers every
 * {@link #fixFingersPeriod()}, check-predecessor at twice the stabilize period, replica sync at
 * {@link #replicaSyncMs()}, and the ceilings of adaptive maintenance. Validated on construction;
 * every message names the flag and the value given.
 *
 * @param stabilizeMs period of stabilize (and of fix-fingers unless {@code fixFingersMs} is given),
 *     at least 1 ({@code --stabilize-ms})
 * @param fixFingersMs period of fix-fingers, 0 for the stabilize period ({@code --fix-fingers-ms})
 * @param stabilizeMaxMs the longest interval stabilize backs off to while its rounds change
 *     nothing, 0 for a fixed period, else at least stabilizeMs ({@code --stabilize-max})
 * @param fixFingersMaxMs the same for fix-fingers, at least its period ({@code --fix-fingers-max})
 */
public record MaintenancePeriods(long stabilizeMs, long fixFingersMs, long stabilizeMaxMs, long fixFingersMaxMs) {

  /** The defaults: the protocol's stabilize period, fix-fingers with it, fixed periods. */
  public static final MaintenancePeriods DEFAULTS = fixed(ChordConfig.defaults().stabilizeMs());

  public MaintenancePeriods {
    check(stabilizeMs >= 1, "--stabilize-ms must be positive, got " + stabilizeMs);
    check(fixFingersMs >= 0, "--fix-fingers-ms must be 0 or positive, got " + fixFingersMs);
    long fixFloor = fixFingersMs == 0 ? stabilizeMs : fixFingersMs;
    check(stabilizeMaxMs == 0 || stabilizeMaxMs >= stabilizeMs,
        "--stabilize-max must be 0 or at least --stabilize-ms (" + stabilizeMs + "), got " + stabilizeMaxMs);
    check(fixFingersMaxMs == 0 || fixFingersMaxMs >= fixFloor,
        "--fix-fingers-max must be 0 or at least the fix-fingers period (" + fixFloor + "), got " + fixFingersMaxMs);
  }

  /** Fixed periods: stabilize and fix-fingers every {@code stabilizeMs}, no back-off. */
  public static MaintenancePeriods fixed(long stabilizeMs) {
    return new MaintenancePeriods(stabilizeMs, 0, 0, 0);
  }

  /** These periods with fix-fingers every {@code ms} (0: the stabilize period). */
  public MaintenancePeriods withFixFingersMs(long ms) {
    return new MaintenancePeriods(stabilizeMs, ms, stabilizeMaxMs, fixFingersMaxMs);
  }

  /** These periods with the adaptive ceilings {@code stabilizeMax} and {@code fixFingersMax} (0: fixed). */
  public MaintenancePeriods withCeilings(long stabilizeMax, long fixFingersMax) {
    return new MaintenancePeriods(stabilizeMs, fixFingersMs, stabilizeMax, fixFingersMax);
  }

  /** The fix-fingers period: {@code fixFingersMs}, or the stabilize period for 0. */
  public long fixFingersPeriod() {
    return fixFingersPeriod(stabilizeMs, fixFingersMs);
  }

  /** The fix-fingers period the flags give: {@code --fix-fingers-ms}, or the stabilize period for 0. */
  public static long fixFingersPeriod(long stabilizeMs, long fixFingersMs) {
    return fixFingersMs == 0 ? stabilizeMs : fixFingersMs;
  }

  /**
   * The replica-sync period: the protocol's default ratio of ten stabilize periods, and never
   * shorter than the default (so the default periods keep the default). A ring whose maintenance
   * is slowed for its size must slow its sync too: at the default 5 s, a million peers would ask
   * for 200,000 syncs a second whatever the other periods.
   */
  public long replicaSyncMs() {
    long def = ChordConfig.defaults().replicaSyncMs();
    return Math.max(def, Math.multiplyExact(stabilizeMs, def / ChordConfig.defaults().stabilizeMs()));
  }

  /** {@code c} with these periods. */
  public ChordConfig applyTo(ChordConfig c) {
    return c.withPeriods(stabilizeMs, fixFingersPeriod(), 2 * stabilizeMs)
        .withReplicaSyncMs(replicaSyncMs())
        .withAdaptivePeriods(stabilizeMaxMs, fixFingersMaxMs);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
