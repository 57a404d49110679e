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
}
