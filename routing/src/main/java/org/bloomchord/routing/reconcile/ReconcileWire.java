package org.bloomchord.routing.reconcile;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.reconcile.ReconcileMessages.ElementsReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferStatus;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;

/**
 * Wire codecs of the reconciliation messages, tags {@value #FIRST_TAG}..107 and 124..125 (range
 * 96..127 of the project's registry, 108..110 replica repair's; 1..63 are Chord's, 64..95
 * location's). Every decoder checks
 * element sizes, counts and shapes against the bounds below before allocating and throws
 * {@link MalformedMessageException} on anything else, so an oversized or corrupt message is refused
 * before it reaches a peer's set.
 *
 * <p>Common fields: element sizes are varints in [{@value ElementShape#MIN_BYTES},
 * {@value ElementShape#MAX_BYTES}]; element lists are a varint count and E bytes per element (no
 * duplicates); an IBLT is its cell count, k and E as varints followed by its cells.
 */
public final class ReconcileWire {

  /** First tag used. */
  public static final int FIRST_TAG = 96;
  /** Last tag of the reserved range. */
  public static final int LAST_TAG = 127;
  /** Most elements in one list. */
  public static final int MAX_ELEMENTS = 1 << 24;
  /** Largest Bloom filter accepted, in bits (128 MiB). */
  public static final long MAX_FILTER_BITS = 1L << 30;

  private static final WireRegistry SIZES = register(new WireRegistry());

  private ReconcileWire() {
  }

  /** A registry with only the reconciliation codecs. */
  public static WireRegistry registry() {
    return register(new WireRegistry());
  }

  /** The encoded frame length of a reconciliation message: what the runtimes count as its bytes. */
  public static int frameBytes(Message message) {
    return SIZES.sizeOf(message);
  }

  /** Registers every reconciliation codec in {@code registry} and returns it. */
  public static WireRegistry register(WireRegistry registry) {
    registry.register(96, WireCodec.of(SketchRequest.class, (m, out) -> {
      out.writeVarInt(m.elementBytes()).writeVarLong(m.setSize());
      m.sketch().writeTo(out);
    }, in -> new SketchRequest(readElementBytes(in), readSize(in), MinHashSketch.readFrom(in))));
    registry.register(97, WireCodec.of(SketchReply.class, (m, out) -> {
      out.writeVarLong(m.setSize());
      m.sketch().writeTo(out);
    }, in -> new SketchReply(readSize(in), MinHashSketch.readFrom(in))));
    registry.register(98, WireCodec.of(FilterRequest.class, (m, out) -> {
      out.writeVarInt(m.elementBytes()).writeBoolean(m.wantFilter()).writeLong(Double.doubleToLongBits(m.falsePositiveRate()));
      m.filter().writeTo(out);
    }, in -> new FilterRequest(readElementBytes(in), in.readBoolean(), readRate(in), readFilter(in))));
    registry.register(99, WireCodec.of(SetRequest.class, (m, out) -> {
      out.writeBoolean(m.keep());
      writeElements(m.elements(), out);
    }, in -> new SetRequest(in.readBoolean(), readElements(in))));
    registry.register(100, WireCodec.of(ElementsReply.class, (m, out) -> {
      writeElements(m.elements(), out);
      out.writeBoolean(m.filter() != null);
      if (m.filter() != null) {
        m.filter().writeTo(out);
      }
    }, in -> new ElementsReply(readElements(in), in.readBoolean() ? readFilter(in) : null)));
    registry.register(101, WireCodec.of(StrataRequest.class, (m, out) -> {
      out.writeVarInt(m.elementBytes());
      m.strata().writeTo(out);
    }, in -> new StrataRequest(readElementBytes(in), StrataEstimator.readFrom(in))));
    registry.register(102, WireCodec.of(IbltRequest.class,
        (m, out) -> out.writeVarInt(m.elementBytes()).writeVarInt(m.cells()),
        in -> new IbltRequest(readElementBytes(in), in.readVarInt(IbltShape.MAX_CELLS))));
    registry.register(103, WireCodec.of(IbltReply.class, (m, out) -> {
      out.writeVarLong(m.estimate() + 1);
      IbltShape s = m.table().shape();
      out.writeVarInt(s.cells()).writeVarInt(s.hashes()).writeVarInt(s.element().bytes());
      m.table().writeCells(out);
    }, in -> new IbltReply(in.readVarLong() - 1, Iblt.readCells(readIbltShape(in), in))));
    registry.register(104, WireCodec.of(SymbolRequest.class,
        (m, out) -> out.writeVarLong(m.session()).writeVarInt(m.elementBytes()).writeVarLong(m.from()).writeVarInt(m.count()),
        in -> new SymbolRequest(readSession(in), readElementBytes(in), in.readVarInt(Integer.MAX_VALUE - 1),
            readRunLength(in))));
    registry.register(105, WireCodec.of(SymbolReply.class, (m, out) -> {
      CodedSymbols s = m.symbols();
      out.writeVarInt(s.shape().bytes()).writeVarLong(s.start()).writeVarInt(s.size());
      if (s.start() == 0) {
        out.writeVarLong(m.senderSize());
      }
      s.writeSymbols(out);
    }, in -> {
      ElementShape shape = new ElementShape(readElementBytes(in));
      long start = in.readVarInt(Integer.MAX_VALUE - 1);
      int size = readRunLength(in);
      long senderSize = start == 0 ? readSize(in) : -1;
      return new SymbolReply(senderSize, CodedSymbols.readSymbols(shape, start, size, in));
    }));
    registry.register(106, WireCodec.of(PushRequest.class, (m, out) -> {
      out.writeVarLong(m.session());
      writeElements(m.elements(), out);
    }, in -> new PushRequest(readSession(in), readElements(in))));
    registry.register(107, WireCodec.of(PushAck.class, (m, out) -> out.writeVarInt(m.added()),
        in -> new PushAck(in.readVarInt(MAX_ELEMENTS))));
    registry.register(124, WireCodec.of(SymbolOffer.class, (m, out) -> {
      CodedSymbols s = m.symbols();
      out.writeVarLong(m.session()).writeVarInt(s.shape().bytes()).writeVarLong(s.start()).writeVarInt(s.size());
      if (s.start() == 0) {
        out.writeVarLong(m.senderSize()).writeByte((m.keep() ? 1 : 0) | (m.returnTheirs() ? 2 : 0));
        out.writeVarInt(m.probe().length);
        for (long c : m.probe()) {
          out.writeVarLong(c);
        }
      }
      s.writeSymbols(out);
    }, in -> {
      long session = readSession(in);
      if (session < 1) {
        throw new MalformedMessageException("session id 0 in a symbol offer");
      }
      ElementShape shape = new ElementShape(readElementBytes(in));
      long start = in.readVarInt(Integer.MAX_VALUE - 1);
      int size = readRunLength(in);
      if (start != 0) {
        return SymbolOffer.next(session, CodedSymbols.readSymbols(shape, start, size, in));
      }
      long senderSize = readSize(in);
      int flags = in.readByte() & 0xff;
      if (flags > 3) {
        throw new MalformedMessageException("unknown symbol offer flags " + flags);
      }
      long[] probe = readCounts(in, senderSize);
      return SymbolOffer.first(session, senderSize, (flags & 1) != 0, (flags & 2) != 0,
          CodedSymbols.readSymbols(shape, 0, size, in), probe);
    }));
    registry.register(125, WireCodec.of(OfferReply.class, (m, out) -> {
      out.writeByte(m.status().ordinal());
      switch (m.status()) {
        case MORE -> {
          out.writeVarLong(m.received()).writeVarLong(m.estimate()).writeVarLong(m.receiverSize());
          out.writeVarInt(m.counts().length);
          for (long c : m.counts()) {
            out.writeVarLong(c);
          }
        }
        case DECODED -> {
          out.writeVarLong(m.receiverSize()).writeVarInt(m.added());
          writeElements(m.missing(), out);
          out.writeBoolean(m.theirs() != null);
          if (m.theirs() != null) {
            writeElements(m.theirs(), out);
          }
        }
        default -> {
        }
      }
    }, in -> {
      int status = in.readByte() & 0xff;
      if (status >= OfferStatus.values().length) {
        throw new MalformedMessageException("unknown offer status " + status);
      }
      return switch (OfferStatus.values()[status]) {
        case MORE -> {
          long received = in.readVarInt(Integer.MAX_VALUE - 1);
          long estimate = readSize(in);
          long size = readSize(in);
          yield OfferReply.more(received, estimate, size, readCounts(in, size));
        }
        case DECODED -> {
          long size = readSize(in);
          int added = in.readVarInt(MAX_ELEMENTS);
          ElementSet missing = readElements(in);
          yield OfferReply.decoded(size, missing, in.readBoolean() ? readElements(in) : null, added);
        }
        case ENDED -> OfferReply.ended();
        case FAILED -> OfferReply.failed();
      };
    }));
    return registry;
  }

  /** Counts of a set's symbols: at most {@link IndexCounts#MAX}, each within 0..{@code setSize}. */
  private static long[] readCounts(WireReader in, long setSize) {
    int n = in.readVarInt(IndexCounts.MAX);
    if (in.remaining() < n) {
      throw new MalformedMessageException("truncated list of " + n + " counts");
    }
    long[] counts = new long[n];
    for (int i = 0; i < n; i++) {
      counts[i] = in.readVarLong();
      if (counts[i] < 0 || counts[i] > setSize) {
        throw new MalformedMessageException("count " + counts[i] + " outside 0.." + setSize);
      }
    }
    return counts;
  }

  static void writeElements(ElementSet set, WireWriter out) {
    ElementShape shape = set.shape();
    out.writeVarInt(shape.bytes()).writeVarInt(set.size());
    long[] data = set.words();
    for (int i = 0; i < set.size(); i++) {
      shape.write(data, i * shape.words(), out);
    }
  }

  static ElementSet readElements(WireReader in) {
    ElementShape shape = new ElementShape(readElementBytes(in));
    int n = in.readVarInt(MAX_ELEMENTS);
    if (in.remaining() < (long) n * shape.bytes()) {
      throw new MalformedMessageException("truncated element list: " + n + " elements of " + shape.bytes() + " bytes");
    }
    ElementSet set = new ElementSet(shape, n);
    long[] e = new long[n == 0 ? 0 : shape.words()];
    for (int i = 0; i < n; i++) {
      shape.read(in, e, 0);
      if (!set.add(e, 0)) {
        throw new MalformedMessageException("duplicate element in list");
      }
    }
    return set;
  }

  private static int readElementBytes(WireReader in) {
    int e = in.readVarInt(ElementShape.MAX_BYTES);
    if (e < ElementShape.MIN_BYTES) {
      throw new MalformedMessageException("element size " + e + " below " + ElementShape.MIN_BYTES);
    }
    return e;
  }

  /** A filter no larger than the frame can hold, so a short frame cannot make us allocate a large one. */
  private static BloomFilter readFilter(WireReader in) {
    return BloomFilter.readFrom(in, Math.max(1, Math.min(MAX_FILTER_BITS, 8L * in.remaining())));
  }

  private static long readSession(WireReader in) {
    long s = in.readVarLong();
    if (s < 0 || s > ReconcileMessages.MAX_SESSION) {
      throw new MalformedMessageException("session id out of range: " + s);
    }
    return s;
  }

  private static long readSize(WireReader in) {
    long n = in.readVarLong();
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw new MalformedMessageException("set size out of range: " + n);
    }
    return n;
  }

  private static int readRunLength(WireReader in) {
    int n = in.readVarInt(CodedSymbols.MAX_RUN);
    if (n < 1) {
      throw new MalformedMessageException("empty symbol run");
    }
    return n;
  }

  private static double readRate(WireReader in) {
    double p = Double.longBitsToDouble(in.readLong());
    if (!(p >= ReconcileMessages.MIN_FALSE_POSITIVE_RATE && p < 1)) {
      throw new MalformedMessageException("false-positive rate outside [" + ReconcileMessages.MIN_FALSE_POSITIVE_RATE
          + ", 1): " + p);
    }
    return p;
  }

  private static IbltShape readIbltShape(WireReader in) {
    int cells = in.readVarInt(IbltShape.MAX_CELLS);
    int hashes = in.readVarInt(IbltShape.MAX_HASHES);
    ElementShape element = new ElementShape(readElementBytes(in));
    if (hashes < 2 || cells < hashes || cells % hashes != 0) {
      throw new MalformedMessageException("IBLT shape out of bounds: " + cells + " cells, k = " + hashes);
    }
    return new IbltShape(cells, hashes, element);
  }

}
