package org.bloomchord.experiments.cli;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.ring.RingSettings;
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
          + " fixed (default: ${DEFAULT-VALUE}).")
  long stabilizeMaxMs;

  @Option(names = "--fix-fingers-max", paramLabel = "MS", defaultValue = "0",
      description = "The same ceiling for fix-fingers; 0 keeps it fixed (default: ${DEFAULT-VALUE}).")
  long fixFingersMaxMs;

  /**
   * {@code chord} with these periods, as {@link RingSettings#chordConfig} sets them.
   *
   * @throws UsageException naming the flag whose value is out of range
   */
  ChordConfig apply(ChordConfig chord) {
    try {
      return RingSettings.withPeriods(chord, stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
