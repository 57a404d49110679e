package org.bloomchord.routing.reconcile;

/**
 * How many symbols the initiator of a streamed rateless exchange sends, from the responder's
 * estimate of the difference. A difference of d decodes after about r(d) d symbols, with
 * r(d) = 1.35 + 1.6 / sqrt(d) fitted to the decoder (1.78 at d = 10, 1.48 at 100, 1.38 at 1,000,
 * 1.357 at 10,000; Yang, Gilad and Alizadeh report 1.35 for large d), and a standard deviation of
 * about 0.9 sqrt(d) symbols. The estimate from n symbols has a relative error of about
 * 1.3 sqrt(2 / n) (a variance estimated from n samples; the factor is measured). The plan sends
 * the expected need plus {@code margin} standard errors of both, so a third flight is needed
 * about as often as a normal variable exceeds {@code margin} deviations (2.3% at the default 2).
 */
public final class StreamPlan {

  private StreamPlan() {
  }

  /** Symbols a difference of {@code d} needs on average. */
  public static double need(double d) {
    return d <= 0 ? 1 : d * (1.35 + 1.6 / Math.sqrt(d));
  }

  /**
   * The total symbols to have sent, given the responder's estimate after {@code received} symbols
   * and the symbols already sent; always more than {@code sent}.
   */
  public static long target(double estimate, long received, long sent, double margin) {
    double d = Math.max(1, estimate);
    double relEstimate = received > 1 ? 1.3 * Math.sqrt(2.0 / (received - 1)) : 1;
    // near the end of a stream the estimate is exact enough; only the need's own spread remains
    double relNeed = 0.9 / Math.sqrt(d);
    double rel = Math.sqrt(relEstimate * relEstimate + relNeed * relNeed);
    long total = (long) Math.ceil(need(d) * (1 + margin * rel)) + 1;
    // never fewer than a sixteenth more than sent, so a run of low estimates still ends
    return Math.max(total, sent + Math.max(16, sent / 16));
  }

  /** Symbols in one message: at most {@code batchBytes} of symbol bytes, at least one symbol. */
  public static int batch(ElementShape shape, int batchBytes) {
    int perSymbol = shape.bytes() + 8 + 4;
    return Math.max(1, Math.min(CodedSymbols.MAX_RUN, batchBytes / perSymbol));
  }
}
