package org.bloomchord.experiments.workload;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Events per second, written in scenarios as a number, a slash and a unit: {@code 200/s},
 * {@code 0.05/s}, {@code 30/min} (or {@code /m}), {@code 2/h}, {@code 5/ms}. Always finite and
 * {@code >= 0}.
 *
 * @param perSecond the rate in events per second
 */
public record Rate(double perSecond) {

  private static final Pattern TEXT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\\s*/\\s*([a-z]+)");

  public Rate {
    if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("rate must be finite and >= 0, was " + perSecond);
    }
  }

  /**
   * Parses {@code <number>/<unit>}, unit one of ms, s, m, min, h.
   *
   * @throws IllegalArgumentException with a message saying what a rate looks like
   */
  public static Rate parse(String text) {
    Matcher m = TEXT.matcher(text.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("expected a rate like 200/s, 0.05/s or 30/min");
    }
    double n = Double.parseDouble(m.group(1));
    double seconds = switch (m.group(2)) {
      case "ms" -> 0.001;
      case "s", "sec" -> 1;
      case "m", "min" -> 60;
      case "h" -> 3600;
      default -> throw new IllegalArgumentException("unknown rate unit '/" + m.group(2) + "' (expected /ms, /s, /min, /h)");
    };
    return new Rate(n / seconds);
  }

  /** The mean gap between events in seconds ({@code +Infinity} for a zero rate). */
  public double meanGapSeconds() {
    return 1 / perSecond;
  }

  @Override
  public String toString() {
    return new BigDecimal(perSecond).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString() + "/s";
  }
}
