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
 *     (default {@value #DEFAULT_FIRST_FLIGHT}: symbol 0 holds every element, so a difference of 0
 *     or 1 decodes from it in one round trip); a difference up to about 0.7 of it decodes at once
 * @param probe counts alone of the symbols after the first flight, sent with it by the initiator
 *     (default {@value #DEFAULT_PROBE}, a few bytes each): samples for the responder's rough estimate
 *     of a difference the first flight does not decode, which sizes the counts it returns
 * @param replyProbe most counts of its own symbols the responder returns with its reply to a first
 *     flight that did not decode (default {@value #DEFAULT_REPLY_PROBE}); it sends
 *     {@link StreamPlan#replyProbe} of them, sized from its rough estimate, and the initiator
 *     estimates the difference from them before sizing its second flight
 * @param margin how many standard errors of the estimate (and of the symbols a difference of that
 *     size needs) the second flight adds above the expected need (default 2.0): more costs bytes,
 *     less makes a third flight likelier
 * @param window most symbols in flight (sent, not yet answered) at once (default 2^21, enough for a
 *     difference of 10^6 in one flight); the initiator waits for replies beyond it
 * @param batchBytes most symbol bytes in one message (default 512 KiB, half the cluster's default
 *     frame bound), so a flight is several messages and the responder answers each
 */
public record StreamOptions(Mode mode, int firstFlight, int probe, int replyProbe, double margin, int window,
    int batchBytes) {

  /** How the rateless method exchanges its symbols. */
  public enum Mode {
    /** The initiator streams its symbols, sized from an estimate; at most two round trips as a rule. */
    STREAM,
    /** The initiator fetches the responder's symbols in growing batches, one round trip each. */
    BATCHED
  }

  /** Symbols of the first flight by default. */
  public static final int DEFAULT_FIRST_FLIGHT = 1;
  /** Counts the initiator sends with its first flight, by default. */
  public static final int DEFAULT_PROBE = 15;
  /** Most counts the responder returns with its first reply, by default. */
  public static final int DEFAULT_REPLY_PROBE = 4096;

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
    if (replyProbe < 0 || replyProbe > IndexCounts.MAX) {
      throw new IllegalArgumentException("replyProbe must be in 0.." + IndexCounts.MAX + ": " + replyProbe);
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
    return new StreamOptions(Mode.STREAM, DEFAULT_FIRST_FLIGHT, DEFAULT_PROBE, DEFAULT_REPLY_PROBE, 2.0, 1 << 21, 1 << 19);
  }

  /** A copy with another mode. */
  public StreamOptions withMode(Mode m) {
    return new StreamOptions(m, firstFlight, probe, replyProbe, margin, window, batchBytes);
  }

  /** A copy with another first flight. */
  public StreamOptions withFirstFlight(int symbols) {
    return new StreamOptions(mode, symbols, probe, replyProbe, margin, Math.max(window, symbols), batchBytes);
  }

  /** A copy with another number of probe counts. */
  public StreamOptions withProbe(int counts) {
    return new StreamOptions(mode, firstFlight, counts, replyProbe, margin, window, batchBytes);
  }

  /** A copy with another most counts the responder returns with its first reply. */
  public StreamOptions withReplyProbe(int counts) {
    return new StreamOptions(mode, firstFlight, probe, counts, margin, window, batchBytes);
  }

  /** A copy with another margin. */
  public StreamOptions withMargin(double m) {
    return new StreamOptions(mode, firstFlight, probe, replyProbe, m, window, batchBytes);
  }

  /** A copy with another window. */
  public StreamOptions withWindow(int symbols) {
    return new StreamOptions(mode, firstFlight, probe, replyProbe, margin, symbols, batchBytes);
  }
}
