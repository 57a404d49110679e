package org.bloomchord.routing.reconcile;

/**
 * Settings of the rateless method's exchange, validated on construction; {@link #defaults()} holds
 * the default of every setting. See {@link StreamPlan} for how they are used.
 *
 * @param mode {@link Mode#STREAM} (default): the initiator streams its own coded symbols in two
 *     flights and the responder decodes; {@link Mode#BATCHED}: the initiator asks the responder for
 *     batches of the responder's symbols, one round trip per batch (the exchange before streaming,
 *     kept to measure against)
 * @param firstFlight symbols of the first flight, sent before anything is known of the difference
 *     (default 256): a difference up to about 0.7 of it decodes in one round trip, and a larger
 *     one is estimated from it with a relative error of about sqrt(2 / firstFlight)
 * @param probe counts alone of the symbols after the first flight sent with it (default 4096), about
 *     2 bytes each for sets of 10^5 elements: samples for the estimate at a seventh of a symbol's
 *     cost; the estimate's relative error is then about 1.3 sqrt(2 / (firstFlight + probe))
 * @param margin how many standard errors of the estimate (and of the symbols a difference of that
 *     size needs) the second flight adds above the expected need (default 2.0): more costs bytes,
 *     less makes a third flight likelier
 * @param window most symbols in flight (sent, not yet answered) at once (default 2^21, enough for a
 *     difference of 10^6 in one flight); the initiator waits for replies beyond it
 * @param batchBytes most symbol bytes in one message (default 512 KiB, half the cluster's default
 *     frame bound), so a flight is several messages and the responder answers each
 */
public record StreamOptions(Mode mode, int firstFlight, int probe, double margin, int window, int batchBytes) {

  /** How the rateless method exchanges its symbols. */
  public enum Mode {
    /** The initiator streams its symbols, sized from an estimate; at most two round trips as a rule. */
    STREAM,
    /** The initiator fetches the responder's symbols in growing batches, one round trip each. */
    BATCHED
  }

  public StreamOptions {
    if (mode == null) {
      throw new IllegalArgumentException("mode must be given");
    }
    if (firstFlight < 1 || firstFlight > CodedSymbols.MAX_RUN) {
      throw new IllegalArgumentException("firstFlight must be in 1.." + CodedSymbols.MAX_RUN + ": " + firstFlight);
    }
    if (probe < 0 || probe > IndexCounts.MAX) {
      throw new IllegalArgumentException("probe must be in 0.." + IndexCounts.MAX + ": " + probe);
    }
    if (!(margin >= 0 && margin <= 10)) {
      throw new IllegalArgumentException("margin must be in [0, 10]: " + margin);
    }
    if (window < firstFlight || window > (1 << 26)) {
      throw new IllegalArgumentException("window must be in firstFlight..2^26: " + window);
    }
    if (batchBytes < 1024 || batchBytes > (1 << 24)) {
      throw new IllegalArgumentException("batchBytes must be in 1024..2^24: " + batchBytes);
    }
  }

  /** The documented defaults. */
  public static StreamOptions defaults() {
    return new StreamOptions(Mode.STREAM, 256, 4096, 2.0, 1 << 21, 1 << 19);
  }

  /** A copy with another mode. */
  public StreamOptions withMode(Mode m) {
    return new StreamOptions(m, firstFlight, probe, margin, window, batchBytes);
  }

  /** A copy with another first flight. */
  public StreamOptions withFirstFlight(int symbols) {
    return new StreamOptions(mode, symbols, probe, margin, Math.max(window, symbols), batchBytes);
  }

  /** A copy with another number of probe counts. */
  public StreamOptions withProbe(int counts) {
    return new StreamOptions(mode, firstFlight, counts, margin, window, batchBytes);
  }

  /** A copy with another margin. */
  public StreamOptions withMargin(double m) {
    return new StreamOptions(mode, firstFlight, probe, m, window, batchBytes);
  }

  /** A copy with another window. */
  public StreamOptions withWindow(int symbols) {
    return new StreamOptions(mode, firstFlight, probe, margin, symbols, batchBytes);
  }
}
