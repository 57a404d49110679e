package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;
import org.bloomchord.routing.traceback.TracebackConfig;

/**
 * The {@code traceback} section of a scenario: every peer keeps digests of the messages it handles
 * ({@link org.bloomchord.routing.traceback.TracebackService}) and the run traces messages back from
 * the peers that received them. Defaults: no traceback (the section absent); with the section,
 * {@code trace: forged}, {@code sample: 0.001}, {@code window: 10s}, {@code windows: 6},
 * {@code fpRate: 0.001}.
 *
 * @param trace which messages are traced
 * @param sample the share of messages traced with {@code trace: sample}, in (0, 1]
 * @param window length of one digest window
 * @param windows windows each peer keeps, 2..1024 (digests last (windows - 1) window lengths at least)
 * @param fpRate target false-positive rate of each window's filter, in (0, 0.5]
 */
public record TracebackSettings(Trace trace, double sample, Duration window, int windows, double fpRate) {

  /** The keys of the section, in the order messages list them. */
  public static final List<String> KEYS = List.of("trace", "sample", "window", "windows", "fpRate");

  /** Which messages a run traces. */
  public enum Trace {
    /** None: the scenario has no {@code traceback} section. */
    NONE,
    /** Every forged message the rogue peers send. */
    FORGED,
    /** A share ({@code sample}) of all messages, chosen by digest so every hop of one message agrees. */
    SAMPLE
  }

  /** No traceback. */
  public static final TracebackSettings NONE = new TracebackSettings(Trace.NONE, 0.001, Duration.ofSeconds(10), 6, 0.001);

  /** The defaults of a present section. */
  public static final TracebackSettings DEFAULTS = new TracebackSettings(Trace.FORGED, 0.001, Duration.ofSeconds(10), 6,
      0.001);

  public TracebackSettings {
    if (trace == null || !(sample > 0 && sample <= 1) || windows < 2 || windows > 1024 || !(fpRate > 0 && fpRate <= 0.5)
        || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException("traceback settings out of range");
    }
  }

  /** Whether the run traces messages. */
  public boolean enabled() {
    return trace != Trace.NONE;
  }

  /** The peers' traceback settings these stand for. */
  public TracebackConfig config() {
    return TracebackConfig.defaults().withWindows(window.toMillis(), windows).withFalsePositiveRate(fpRate);
  }
}
