package org.bloomchord.routing.reconcile;

/**
 * How many symbols the initiator of a streamed rateless exchange sends, from the estimate of the
 * difference. A difference of d decodes after about 1.35 d + 1.2 sqrt(d) - 0.5 symbols on average,
 * fitted to the decoder (3.9 at d = 2 against 3.2 measured, 16.8 at 10 against 17.4, 146.5 at 100
 * against 146, 1,388 at 1,000 against 1,376; the coefficient 1.35 for large d is Yang, Gilad and
 * Alizadeh's), with a relative standard deviation of about 0.9 / sqrt(d) (measured 28% of the need
 * at d = 10, 7.5% at 100, 2.3% at 1,000; {@code StreamPlanTest}). The estimate from n samples has a
 * relative error of about sqrt(2 / n), taken as {@value #ESTIMATE_ERROR} sqrt(2 / n). The plan sends
 * the expected need plus {@code margin} standard errors of both, so a third flight is needed about
 * as often as a normal variable exceeds {@code margin} deviations (2.3% at the default 2).
 */
public final class StreamPlan {

  /** Relative standard deviation of the symbols a difference of d needs, times sqrt(d). */
  static final double NEED_SPREAD = 0.9;

  /**
   * The estimate's relative error over n samples assumed by the plan, in units of sqrt(2 / n). The
   * estimate alone errs by 0.85 to 1.12 of sqrt(2 / n) ({@code DifferenceSamplesTest}); the plan
   * takes more to cover the need formula's own error at large d (with 1.1, one seed of three at
   * d = 10^5 needed a third flight).
   */
  static final double ESTIMATE_ERROR = 1.3;

  private StreamPlan() {
  }

  /** Symbols a difference of {@code d} needs on average. */
  public static double need(double d) {
    return d <= 0 ? 1 : Math.max(1, 1.35 * d + 1.2 * Math.sqrt(d) - 0.5);
  }

  /**
   * The total symbols to have sent, given the responder's estimate after {@code received} symbols
   * and the symbols already sent; always more than {@code sent}.
   */
  public static long target(double estimate, long received, long sent, double margin) {
    double d = Math.max(1, estimate);
    double rel = relError(d, received);
    long total = (long) Math.ceil(need(d) * (1 + margin * rel)) + 1;
    // never fewer than a sixteenth more than sent, so a run of low estimates still ends
    return Math.max(total, sent + Math.max(16, sent / 16));
  }

  /** Fewest counts the responder returns when the first flight did not decode. */
  static final int REPLY_PROBE_MIN = 16;
  /** Bytes of one count on the wire (a varint of a few hundred to a few hundred thousand). */
  private static final double COUNT_BYTES = 2;

  /**
   * How many of its counts (of symbols 1, 2, ...) the responder returns with its reply to a first
   * flight that did not decode, from its rough estimate of the difference over {@code sampled}
   * samples (A's first run and counts), taken at its upper bound d ({@code margin} standard errors
   * above): the number n that makes the counts' bytes plus the second flight's expected margin
   * least, n c + s need(d) m rel(n) with c about 2 bytes a count, s the bytes of a symbol, m the
   * default margin and rel(n) the relative error of an estimate over n samples together with the
   * need's own spread ({@link #target}). At least {@value #REPLY_PROBE_MIN}, at most {@code max}
   * and {@code bound}.
   */
  public static int replyProbe(double roughEstimate, long sampled, int max, long bound, ElementShape shape) {
    // the rough estimate rests on a few samples: size for its upper bound, as counts too few cost
    // more (a wider margin on every symbol) than counts too many
    double d = Math.max(1, roughEstimate) * (1 + DEFAULT_MARGIN * relError(1e12, sampled));
    double symbolBytes = shape.bytes() + 8 + 4;
    double best = Double.MAX_VALUE;
    int chosen = REPLY_PROBE_MIN;
    int top = Math.max(REPLY_PROBE_MIN, max);
    for (int n = REPLY_PROBE_MIN; n <= top; n = n == top ? top + 1 : Math.min(top, (int) Math.ceil(n * 1.1))) {
      double cost = n * COUNT_BYTES + symbolBytes * need(d) * DEFAULT_MARGIN * relError(d, n);
      if (cost < best) {
        best = cost;
        chosen = n;
      }
    }
    return (int) Math.max(0, Math.min(Math.min(chosen, max), bound));
  }

  /** The margin's default (see {@link StreamOptions#margin}). */
  static final double DEFAULT_MARGIN = 2.0;

  /** Relative standard error of the second flight's need: the estimate's over n samples and the need's own. */
  static double relError(double d, long samples) {
    double relEstimate = samples > 1 ? ESTIMATE_ERROR * Math.sqrt(2.0 / (samples - 1)) : 1;
    // the need's own spread, relative (measured: 28% of the need at d = 10, 7.5% at 100, 2.3% at
    // 1,000, 0.95% at 10,000; 0.9 / sqrt(d) bounds them)
    double relNeed = NEED_SPREAD / Math.sqrt(d);
    return Math.sqrt(relEstimate * relEstimate + relNeed * relNeed);
  }

  /** Symbols in one message: at most {@code batchBytes} of symbol bytes, at least one symbol. */
  public static int batch(ElementShape shape, int batchBytes) {
    int perSymbol = shape.bytes() + 8 + 4;
    return Math.max(1, Math.min(CodedSymbols.MAX_RUN, batchBytes / perSymbol));
  }
}
