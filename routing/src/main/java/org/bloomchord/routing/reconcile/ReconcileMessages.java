package org.bloomchord.routing.reconcile;

import java.util.Objects;
import org.bloomchord.overlay.Message;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.minhash.MinHashSketch;

/**
 * The messages of the reconciliation protocol between an initiator A and a responder B (see
 * {@link ReconcilePeer} for the exchanges). Their wire encodings are in {@link ReconcileWire}.
 * Messages hold the structures they carry by reference; the sender builds them for the message and
 * never touches them again, so they are effectively immutable.
 */
public final class ReconcileMessages {

  /** Largest session id: ids are 31-bit so that they cost at most 5 bytes as varints. */
  public static final long MAX_SESSION = Integer.MAX_VALUE;
  /**
   * Lowest false-positive rate a filter may be asked for (2^-20): the filter then takes about 29
   * bits per element; a rate near zero would make the responder allocate without bound.
   */
  public static final double MIN_FALSE_POSITIVE_RATE = 0x1p-20;

  private ReconcileMessages() {
  }

  /** A -> B: A's MinHash sketch and set size, to choose a method ({@code auto}). */
  public record SketchRequest(int elementBytes, long setSize, MinHashSketch sketch) implements Message {
    public SketchRequest {
      Objects.requireNonNull(sketch, "sketch");
    }
  }

  /** B -> A: B's sketch (same functions) and set size. */
  public record SketchReply(long setSize, MinHashSketch sketch) implements Message {
    public SketchReply {
      Objects.requireNonNull(sketch, "sketch");
    }
  }

  /**
   * A -> B: a Bloom filter of A's set; B answers with its elements the filter does not match and,
   * when {@code wantFilter}, a filter of its own set at {@code falsePositiveRate}.
   */
  public record FilterRequest(int elementBytes, boolean wantFilter, double falsePositiveRate, BloomFilter filter)
      implements Message {
    public FilterRequest {
      Objects.requireNonNull(filter, "filter");
    }
  }

  /**
   * A -> B: all of A's set; B answers with the elements A lacks and, when {@code keep}, adds the
   * elements it lacks itself.
   */
  public record SetRequest(boolean keep, ElementSet elements) implements Message {
    public SetRequest {
      Objects.requireNonNull(elements, "elements");
    }
  }

  /** B -> A: elements A lacks (as far as B can tell) and optionally B's filter (null when absent). */
  public record ElementsReply(ElementSet elements, BloomFilter filter) implements Message {
    public ElementsReply {
      Objects.requireNonNull(elements, "elements");
    }
  }

  /** A -> B: A's strata estimator; B answers with an IBLT of its set sized from the estimate. */
  public record StrataRequest(int elementBytes, StrataEstimator strata) implements Message {
    public StrataRequest {
      Objects.requireNonNull(strata, "strata");
    }
  }

  /** A -> B: an IBLT of B's set of exactly {@code cells} cells (a retry after a failed decode). */
  public record IbltRequest(int elementBytes, int cells) implements Message {
  }

  /** B -> A: an IBLT of B's set and B's estimate of the difference (-1 on a retry). */
  public record IbltReply(long estimate, Iblt table) implements Message {
    public IbltReply {
      Objects.requireNonNull(table, "table");
    }
  }

  /**
   * A -> B: the next {@code count} coded symbols of B's set from index {@code from}, in the session
   * {@code session} (1..{@link #MAX_SESSION}) that A chose.
   */
  public record SymbolRequest(long session, int elementBytes, long from, int count) implements Message {
    public SymbolRequest {
      if (session < 0 || session > MAX_SESSION) {
        throw new IllegalArgumentException("session id out of range: " + session);
      }
    }
  }

  /** B -> A: a run of coded symbols; the first run (start 0) also carries B's set size, else -1. */
  public record SymbolReply(long senderSize, CodedSymbols symbols) implements Message {
    public SymbolReply {
      Objects.requireNonNull(symbols, "symbols");
    }
  }

  /** A -> B: elements B lacks; also ends the symbol session {@code session} (0 when none). */
  public record PushRequest(long session, ElementSet elements) implements Message {
    public PushRequest {
      Objects.requireNonNull(elements, "elements");
      if (session < 0 || session > MAX_SESSION) {
        throw new IllegalArgumentException("session id out of range: " + session);
      }
    }
  }

  /** B -> A: how many pushed elements were new to B. */
  public record PushAck(int added) implements Message {
  }

  /**
   * A -> B, streamed rateless: a run of A's own coded symbols in session {@code session}
   * (1..{@link #MAX_SESSION}). The run that starts at 0 opens the session and carries A's set size
   * ({@code senderSize}, -1 on later runs), what B does once it has decoded: add the elements
   * it lacks ({@code keep}) and return the elements of A it lacked ({@code returnTheirs}), and
   * the counts alone of A's symbols at the indexes right after the run ({@code probe}, empty on
   * later runs), samples for B's estimate of the difference.
   */
  public record SymbolOffer(long session, long senderSize, boolean keep, boolean returnTheirs, CodedSymbols symbols,
      long[] probe) implements Message {
    public SymbolOffer {
      Objects.requireNonNull(symbols, "symbols");
      Objects.requireNonNull(probe, "probe");
      if (symbols.start() != 0 && probe.length > 0) {
        throw new IllegalArgumentException("counts go with the run at 0 only");
      }
      if (session < 1 || session > MAX_SESSION) {
        throw new IllegalArgumentException("session id out of range: " + session);
      }
      if ((symbols.start() == 0) != (senderSize >= 0)) {
        throw new IllegalArgumentException("the sender's size goes with the run at 0 only");
      }
    }

    /** The run that opens a session. */
    public static SymbolOffer first(long session, long senderSize, boolean keep, boolean returnTheirs,
        CodedSymbols symbols, long[] probe) {
      return new SymbolOffer(session, senderSize, keep, returnTheirs, symbols, probe);
    }

    /** A later run of the session. */
    public static SymbolOffer next(long session, CodedSymbols symbols) {
      return new SymbolOffer(session, -1, false, false, symbols, new long[0]);
    }
  }

  /** What became of a streamed session after one {@link SymbolOffer}. */
  public enum OfferStatus {
    /** Not decoded yet: the reply carries the symbols received and the estimate of the difference. */
    MORE,
    /** Decoded: the reply carries the elements A lacks (and those B lacked, when asked for). */
    DECODED,
    /** The session had already ended (decoded before this run arrived): nothing to do. */
    ENDED,
    /** B took the most symbols it accepts for the session without decoding and closed it. */
    FAILED
  }

  /**
   * B -> A: the reply to a {@link SymbolOffer}. Built by its factories; fields a status does not
   * carry are 0, -1 or null.
   *
   * @param received symbols B has received in the session ({@code MORE})
   * @param estimate B's estimate of the difference from them ({@code MORE})
   * @param receiverSize B's set size (before it added anything, for {@code DECODED}; also for
   *     {@code MORE}, so A knows B's bound of 3 (|S_A| + |S_B|) + 64 symbols)
   * @param missing elements of B that A lacks ({@code DECODED})
   * @param theirs elements of A that B lacked, when A asked for them, else null ({@code DECODED})
   * @param added how many of them B added to its set ({@code DECODED})
   * @param counts B's own counts at the indexes [1, 1 + counts.length), returned with the reply to
   *     the first run so that A can estimate the difference from many more samples than
   *     the first flight holds (sized by B from its rough estimate); empty otherwise
   */
  public record OfferReply(OfferStatus status, long received, long estimate, long receiverSize, ElementSet missing,
      ElementSet theirs, int added, long[] counts) implements Message {
    public OfferReply {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(counts, "counts");
      if ((status == OfferStatus.DECODED) != (missing != null)) {
        throw new IllegalArgumentException("elements go with a decoded reply only");
      }
      if (status != OfferStatus.MORE && counts.length > 0) {
        throw new IllegalArgumentException("counts go with a MORE reply only");
      }
    }

    /** Not decoded after {@code received} symbols; the difference is about {@code estimate}. */
    public static OfferReply more(long received, long estimate, long receiverSize) {
      return more(received, estimate, receiverSize, new long[0]);
    }

    /** Not decoded; with B's counts at the indexes from {@code received} on, for A's estimate. */
    public static OfferReply more(long received, long estimate, long receiverSize, long[] counts) {
      return new OfferReply(OfferStatus.MORE, received, estimate, receiverSize, null, null, 0, counts);
    }

    /** Decoded. */
    public static OfferReply decoded(long receiverSize, ElementSet missing, ElementSet theirs, int added) {
      return new OfferReply(OfferStatus.DECODED, 0, -1, receiverSize, missing, theirs, added, new long[0]);
    }

    /** The session had ended. */
    public static OfferReply ended() {
      return new OfferReply(OfferStatus.ENDED, 0, -1, -1, null, null, 0, new long[0]);
    }

    /** B gave up on the session. */
    public static OfferReply failed() {
      return new OfferReply(OfferStatus.FAILED, 0, -1, -1, null, null, 0, new long[0]);
    }
  }
}
