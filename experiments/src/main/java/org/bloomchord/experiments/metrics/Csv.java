package org.bloomchord.experiments.metrics;

import java.math.BigDecimal;
import java.math.MathContext;

/** CSV text for the metric files: RFC 4180 quoting and compact numbers. */
public final class Csv {

  private Csv() {
  }

  /** The field as CSV: quoted when it holds a comma, quote or line break. */
  public static String field(String s) {
    if (s == null) {
      return "";
    }
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }

  /** Integers plainly, other values to six significant digits; NaN as an empty field. */
  static String number(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }
}
