package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as scenarios write them: a number and a unit, {@code 500ms}, {@code 10s},
 * {@code 1.5s}, {@code 2m} (or {@code 2min}), {@code 1h}; a bare {@code 0} is zero. Rounded to
 * whole milliseconds; at most {@link #MAX} (366 days), so that adding one to a clock never
 * overflows and a mistyped unit is caught.
 */
public final class DurationText {

  /** The longest duration a scenario may name. */
  public static final Duration MAX = Duration.ofDays(366);

  private static final Pattern TEXT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|min|h)");

  private DurationText() {
  }

  /**
   * Parses a duration.
   *
   * @throws IllegalArgumentException with a message saying what a duration looks like
   */
  public static Duration parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = TEXT.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException("expected a duration like 500ms, 10s, 2m or 1h");
    }
    double n = Double.parseDouble(m.group(1));
    double ms = switch (m.group(2)) {
      case "ms" -> n;
      case "s" -> n * 1_000;
      case "m", "min" -> n * 60_000;
      default -> n * 3_600_000;
    };
    if (!(ms <= MAX.toMillis())) {
      throw new IllegalArgumentException("expected a duration of at most 366 days");
    }
    return Duration.ofMillis(Math.round(ms));
  }

  /** A duration in the shortest exact form among ms, s, m, h ({@code 1500ms}, {@code 10s}, {@code 2m}). */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms == 0) {
      return "0s";
    }
    if (ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1_000 == 0) {
      return ms / 1_000 + "s";
    }
    return ms + "ms";
  }
}
