package org.bloomchord.routing.heavy;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGet;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGetReply;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdate;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdated;
import org.bloomchord.routing.heavy.HotKeyMessages.ReplicaGet;

/**
 * Wire codecs of hot-key relief, tags {@value #FIRST_TAG}..{@value #LAST_TAG}: 230 {@code HotGet},
 * 231 {@code HotGetReply}, 234 {@code ReplicaGet}, 235 {@code HotUpdate}, 236 {@code HotUpdated};
 * 232 and 233 carried the invalidations that updates replaced and are not to be reused. Keys and values are
 * checked against the config's byte limits, versions against {@link Version#MAX_COUNTER} and leases
 * against {@link #MAX_LEASE_MS} before anything is built.
 */
public final class HotKeyWire {

  /** First tag used. */
  public static final int FIRST_TAG = 230;
  /** Last tag used. */
  public static final int LAST_TAG = 236;
  /** Longest lease a reply may carry: one hour. */
  public static final long MAX_LEASE_MS = 3_600_000;

  private HotKeyWire() {
  }

  /** Registers the codecs into {@code registry}, bounding keys and values by {@code config}. */
  public static WireRegistry register(WireRegistry registry, ChordConfig config) {
    int maxKey = config.maxKeyBytes();
    int maxValue = config.maxValueBytes();
    registry.register(FIRST_TAG, WireCodec.of(HotGet.class, (m, out) -> out.writeString(m.key()).writeVarInt(m.hopsLeft())
        .writeBoolean(m.delegated()),
        in -> new HotGet(in.readString(maxKey), in.readVarInt(HotKeyMessages.MAX_HOPS), in.readBoolean())));
    registry.register(FIRST_TAG + 1, WireCodec.of(HotGetReply.class, (m, out) -> {
      out.writeVarLong(m.leaseMs()).writeBoolean(m.fromCache()).writeBoolean(m.entry() != null);
      if (m.entry() != null) {
        writeEntry(m.entry(), out);
      }
    }, in -> {
      long lease = in.readVarLong();
      if (lease < 0 || lease > MAX_LEASE_MS) {
        throw new MalformedMessageException("hot-key lease out of range: " + lease);
      }
      boolean fromCache = in.readBoolean();
      StoredEntry e = in.readBoolean() ? readEntry(in, maxKey, maxValue) : null;
      return new HotGetReply(e, lease, fromCache);
    }));
    registry.register(FIRST_TAG + 4, WireCodec.of(ReplicaGet.class,
        (m, out) -> out.writeString(m.key()).writeVarLong(m.atLeast().counter()).writeLong(m.atLeast().writer()),
        in -> new ReplicaGet(in.readString(maxKey), readVersion(in))));
    registry.register(FIRST_TAG + 5, WireCodec.of(HotUpdate.class, (m, out) -> writeEntry(m.entry(), out),
        in -> new HotUpdate(readEntry(in, maxKey, maxValue))));
    registry.register(LAST_TAG, WireCodec.of(HotUpdated.class, (m, out) -> {
    }, in -> new HotUpdated()));
    return registry;
  }

  private static void writeEntry(StoredEntry e, WireWriter out) {
    out.writeString(e.key()).writeVarLong(e.version().counter()).writeLong(e.version().writer())
        .writeBoolean(e.value() != null);
    if (e.value() != null) {
      out.writeString(e.value());
    }
  }

  private static StoredEntry readEntry(WireReader in, int maxKey, int maxValue) {
    String key = in.readString(maxKey);
    Version version = readVersion(in);
    String value = in.readBoolean() ? in.readString(maxValue) : null;
    return new StoredEntry(key, version, value);
  }

  private static Version readVersion(WireReader in) {
    long counter = in.readVarLong();
    long writer = in.readLong();
    if (counter < 0 || counter > Version.MAX_COUNTER) {
      throw new MalformedMessageException("hot-key version out of range: " + counter);
    }
    return new Version(counter, writer);
  }
}
