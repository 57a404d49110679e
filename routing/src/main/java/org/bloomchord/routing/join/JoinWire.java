package org.bloomchord.routing.join;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.join.JoinMessages.ColumnRequest;
import org.bloomchord.routing.join.JoinMessages.FilterRequest;
import org.bloomchord.routing.join.JoinMessages.PartColumnRequest;
import org.bloomchord.routing.join.JoinMessages.PartFilterRequest;
import org.bloomchord.routing.join.JoinMessages.PartInsert;
import org.bloomchord.routing.join.JoinMessages.PartWholeRequest;
import org.bloomchord.routing.join.JoinMessages.TuplesReply;
import org.bloomchord.routing.join.JoinMessages.WholeRequest;

/**
 * Wire codecs of the semi-join messages, tags {@value #FIRST_TAG}..{@value #LAST_TAG}: 176..179
 * between two peers, 180..183 with the owners of a partitioned relation (an insert, then the
 * filter, column and whole requests in the same forms). A filter is the Bloom filter's own form
 * (bits, k, words); a column is a varint count and 8 bytes per value; a tuple list a varint count
 * and {@value Tuple#BYTES} bytes per tuple. Decoders check counts against
 * the bytes left and the bounds below before allocating, and throw {@link MalformedMessageException}
 * on anything else.
 */
public final class JoinWire {

  /** First tag used. */
  public static final int FIRST_TAG = 176;
  /** Last tag of the reserved range. */
  public static final int LAST_TAG = 183;
  /** Most values or tuples in one message. */
  public static final int MAX_ITEMS = 1 << 24;
  /** Largest filter accepted, in bits (32 MiB). */
  public static final long MAX_FILTER_BITS = 1L << 28;

  private static final WireRegistry SIZES = register(new WireRegistry());

  private JoinWire() {
  }

  /** A registry with only the semi-join codecs. */
  public static WireRegistry registry() {
    return register(new WireRegistry());
  }

  /** The encoded frame length of a semi-join message. */
  public static int frameBytes(org.bloomchord.overlay.Message message) {
    return SIZES.sizeOf(message);
  }

  /** Registers the semi-join codecs in {@code registry} and returns it. */
  public static WireRegistry register(WireRegistry registry) {
    registry.register(FIRST_TAG, WireCodec.of(FilterRequest.class, (m, out) -> m.filter().writeTo(out),
        in -> new FilterRequest(BloomFilter.readFrom(in, MAX_FILTER_BITS))));
    registry.register(FIRST_TAG + 1, WireCodec.of(ColumnRequest.class, (m, out) -> writeValues(m.values(), out),
        in -> new ColumnRequest(readValues(in))));
    registry.register(FIRST_TAG + 2, WireCodec.of(WholeRequest.class, (m, out) -> { }, in -> new WholeRequest()));
    registry.register(FIRST_TAG + 3, WireCodec.of(TuplesReply.class, (m, out) -> writeTuples(m.tuples(), out),
        in -> new TuplesReply(readTuples(in))));
    registry.register(FIRST_TAG + 4, WireCodec.of(PartInsert.class, (m, out) -> writeTuples(m.tuples(), out),
        in -> new PartInsert(readTuples(in))));
    registry.register(FIRST_TAG + 5, WireCodec.of(PartFilterRequest.class, (m, out) -> m.filter().writeTo(out),
        in -> new PartFilterRequest(BloomFilter.readFrom(in, MAX_FILTER_BITS))));
    registry.register(FIRST_TAG + 6, WireCodec.of(PartColumnRequest.class,
        (m, out) -> writeValues(m.values(), out), in -> new PartColumnRequest(readValues(in))));
    registry.register(LAST_TAG, WireCodec.of(PartWholeRequest.class, (m, out) -> { }, in -> new PartWholeRequest()));
    return registry;
  }

  private static void writeValues(long[] values, WireWriter out) {
    out.writeVarInt(values.length);
    for (long v : values) {
      out.writeLong(v);
    }
  }

  private static long[] readValues(WireReader in) {
    int n = count(in, 8);
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = in.readLong();
    }
    return values;
  }

  private static void writeTuples(List<Tuple> tuples, WireWriter out) {
    out.writeVarInt(tuples.size());
    for (Tuple t : tuples) {
      out.writeLong(t.first()).writeLong(t.second());
    }
  }

  private static List<Tuple> readTuples(WireReader in) {
    int n = count(in, Tuple.BYTES);
    List<Tuple> tuples = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      tuples.add(new Tuple(in.readLong(), in.readLong()));
    }
    return tuples;
  }

  private static int count(WireReader in, int bytesEach) {
    int n = in.readVarInt(MAX_ITEMS);
    if ((long) n * bytesEach > in.remaining()) {
      throw new MalformedMessageException("truncated: " + n + " items of " + bytesEach + " bytes announced, "
          + in.remaining() + " bytes left");
    }
    return n;
  }
}
