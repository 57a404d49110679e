package org.bloomchord.experiments.cli;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.ring.MaintenancePeriods;
import org.bloomchord.experiments.ring.RingSettings;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The maintenance-period flags {@code ring} and {@code node} share: the stabilize period (from which
 * check-predecessor and replica sync follow) and the ceilings of adaptive maintenance.
 */
public final class PeriodsMixin {

  @Option(names = "--stabilize-ms", paramLabel = "MS", defaultValue = "500",
      description = "Period of stabilize and fix-fingers in runtime milliseconds; check-predecessor runs at"
          + " twice it, replica sync at ten times it but never more often than every 5 s (default: ${DEFAULT-VALUE}).")
  long stabilizeMs;

  @Option(names = "--fix-fingers-ms", paramLabel = "MS", defaultValue = "0",
      description = "Period of fix-fingers in runtime milliseconds, when it should differ from --stabilize-ms"
          + " (fingers only shorten paths; successors make lookups right); 0 means --stabilize-ms"
          + " (default: ${DEFAULT-VALUE}).")
  long fixFingersMs;

  @Option(names = "--stabilize-max", paramLabel = "MS", defaultValue = "0",
      description = "Adaptive maintenance: stabilize backs off (1.2x per quiet round) up to this interval and"
          + " returns to --stabilize-ms when its tables change, and replica sync backs off with it; 0 keeps it"
          + " fixed (default: ring 0; node " + NODE_STABILIZE_FACTOR + " times --stabilize-ms).")
  long stabilizeMaxMs;

  @Option(names = "--fix-fingers-max", paramLabel = "MS", defaultValue = "0",
      description = "The same ceiling for fix-fingers; 0 keeps it fixed (default: ring 0; node "
          + NODE_FIX_FINGERS_FACTOR + " times the fix-fingers period).")
  long fixFingersMaxMs;

  /** A node's stabilize ceiling, unless given: this many stabilize periods (16 s at the default 500 ms). */
  static final long NODE_STABILIZE_FACTOR = 32;
  /** A node's fix-fingers ceiling, unless given: this many fix-fingers periods (64 s at the default 500 ms). */
  static final long NODE_FIX_FINGERS_FACTOR = 128;

  /**
   * Makes maintenance adaptive where the command line left it: a ceiling not given becomes
   * {@code factor} times its period (a long-running node then costs a quiet ring a fiftieth of
   * the messages; docs/BENCHMARKS.md, "An idle node"). A ceiling given, 0 included, stays as given.
   */
  void adaptiveUnlessGiven(CommandLine.ParseResult given, long stabilizeFactor, long fixFingersFactor) {
    if (!given.hasMatchedOption("--stabilize-max")) {
      stabilizeMaxMs = times(stabilizeMs, stabilizeFactor);
    }
    if (!given.hasMatchedOption("--fix-fingers-max")) {
      fixFingersMaxMs = times(MaintenancePeriods.fixFingersPeriod(stabilizeMs, fixFingersMs), fixFingersFactor);
    }
  }

  /** {@code period} times {@code factor}, or 0 (fixed) for a period out of range, which {@link #apply} reports. */
  private static long times(long period, long factor) {
    return period > 0 && period <= Long.MAX_VALUE / factor ? period * factor : 0;
  }

  /**
   * The periods these flags give.
   *
   * @throws IllegalArgumentException naming the flag whose value is out of range
   */
  MaintenancePeriods periods() {
    return new MaintenancePeriods(stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs);
  }

  /**
   * {@code chord} with these periods, as {@link RingSettings#chordConfig} sets them.
   *
   * @throws UsageException naming the flag whose value is out of range
   */
  ChordConfig apply(ChordConfig chord) {
    try {
      return periods().applyTo(chord);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
