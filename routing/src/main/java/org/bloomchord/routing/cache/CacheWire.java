package org.bloomchord.routing.cache;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.MessageCheck;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.cache.CacheMessages.CacheAnswer;
import org.bloomchord.routing.cache.CacheMessages.CacheFetch;
import org.bloomchord.routing.cache.CacheMessages.CacheObject;
import org.bloomchord.routing.cache.CacheMessages.CacheQuery;
import org.bloomchord.routing.cache.CacheMessages.Coding;
import org.bloomchord.routing.cache.CacheMessages.HolderList;
import org.bloomchord.routing.cache.CacheMessages.HolderQuery;
import org.bloomchord.routing.cache.CacheMessages.HolderUpdate;
import org.bloomchord.routing.cache.CacheMessages.SummaryPull;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.bloomchord.routing.cache.CacheMessages.Verdict;

/**
 * The binary encodings of the cache messages, registered under tags {@value #FIRST_TAG}..{@value #LAST_TAG},
 * and the bounds every received cache message must satisfy.
 *
 * <p>An object's name in a request is a varlong under {@link ObjectNaming#NUMBER} and a
 * length-prefixed UTF-8 URL of at most {@link ObjectName#MAX_URL_BYTES} bytes under
 * {@link ObjectNaming#URL} (the group's setting, so no kind byte); the receiver derives the key from
 * the URL. Object keys in answers are varlongs, versions varlongs, enums one
 * byte, a summary a length-prefixed byte string of at most {@link #maxSummaryBytes} bytes, a holder
 * list a count of at most {@code maxHoldersPerObject} and Chord peer encodings. Decoding rejects with
 * {@link MalformedMessageException}: a name of the other naming, a URL that is empty, too long or
 * whose key is not its fingerprint, negative object keys or sizes, unknown enum ordinals, versions
 * below 1, a delta whose base is not below its version, entry counts above the capacity's
 * bound, and summaries longer than the bound. Whether summary bits decode to the configured shape is
 * checked where they are applied ({@link SummaryBook}), and a failure there is a rejection too.
 */
public final class CacheWire implements MessageCheck {

  /** The first tag of the cache messages. */
  public static final int FIRST_TAG = 160;
  /** The last tag the cache messages may ever use. */
  public static final int LAST_TAG = 175;
  /** Largest object size accepted, in bytes (1 GiB). */
  public static final int MAX_OBJECT_BYTES = 1 << 30;

  private final CacheConfig config;
  private final IdRing ring;

  /** Bounds for peers running {@code config} on a ring of {@code chord}. */
  public CacheWire(CacheConfig config, ChordConfig chord) {
    this.config = config;
    this.ring = new IdRing(chord.idBits());
  }

  /** Registers the cache codecs into {@code registry}. */
  public static WireRegistry register(WireRegistry registry, CacheConfig config, ChordConfig chord) {
    new CacheWire(config, chord).fill(registry);
    return registry;
  }

  /** Most bytes a summary encoding may have: the plain words of the shape and some slack for a coder's worst case. */
  public int maxSummaryBytes() {
    return config.summaryShape().words() * 8 + 64;
  }

  /** Most entries a summary may declare: the capacity (an LRU cache never holds more). */
  int maxEntries() {
    return config.capacity();
  }

  private void fill(WireRegistry r) {
    int t = FIRST_TAG;
    r.register(t++, codec(CacheQuery.class, (m, out) -> writeName(m.object(), out),
        in -> new CacheQuery(readName(in))));
    r.register(t++, codec(CacheAnswer.class, (m, out) -> out.writeByte(m.verdict().ordinal()),
        in -> new CacheAnswer(enumOf(Verdict.values(), in.readByte(), "verdict"))));
    r.register(t++, codec(CacheFetch.class, (m, out) -> writeName(m.object(), out),
        in -> new CacheFetch(readName(in))));
    r.register(t++, codec(CacheObject.class, (m, out) -> {
      out.writeVarLong(m.object()).writeBoolean(m.present());
      out.writeVarInt(m.size());
    }, in -> new CacheObject(in.readVarLong(), in.readBoolean(), in.readVarInt(MAX_OBJECT_BYTES))));
    r.register(t++, codec(SummaryUpdate.class, (m, out) -> {
      out.writeVarLong(m.version()).writeVarLong(m.baseVersion()).writeVarInt(m.entries());
      out.writeByte(m.coding().ordinal());
      out.writeBytes(m.bits());
    }, in -> new SummaryUpdate(in.readVarLong(), in.readVarLong(), in.readVarInt(maxEntries()),
        enumOf(Coding.values(), in.readByte(), "coding"), in.readBytes(maxSummaryBytes()))));
    r.register(t++, codec(SummaryPull.class, (m, out) -> out.writeVarLong(m.knownVersion()),
        in -> new SummaryPull(in.readVarLong())));
    r.register(t++, codec(HolderUpdate.class, (m, out) -> writeName(m.object(), out).writeBoolean(m.add()),
        in -> new HolderUpdate(readName(in), in.readBoolean())));
    r.register(t++, codec(HolderQuery.class, (m, out) -> writeName(m.object(), out),
        in -> new HolderQuery(readName(in))));
    r.register(t++, codec(HolderList.class, (m, out) -> {
      out.writeVarLong(m.object()).writeVarInt(m.holders().size());
      for (PeerRef p : m.holders()) {
        RingCodec.writePeer(p, out);
      }
    }, in -> {
      long object = in.readVarLong();
      int n = in.readVarInt(config.maxHoldersPerObject());
      List<PeerRef> holders = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        holders.add(RingCodec.readPeer(in, ring));
      }
      return new HolderList(object, holders);
    }));
  }

  private WireWriter writeName(ObjectName name, WireWriter out) {
    if (name.naming() != config.naming()) {
      throw new IllegalArgumentException("object " + name + " is not named by " + config.naming().wireName());
    }
    return config.naming() == ObjectNaming.URL ? out.writeString(name.url()) : out.writeVarLong(name.key());
  }

  private ObjectName readName(WireReader in) {
    if (config.naming() == ObjectNaming.URL) {
      String url = in.readString(ObjectName.MAX_URL_BYTES);
      if (url.isEmpty()) {
        throw new MalformedMessageException("empty URL");
      }
      return ObjectName.url(url);
    }
    long key = in.readVarLong();
    if (key < 0) {
      throw new MalformedMessageException("negative object number " + key);
    }
    return ObjectName.number(key);
  }

  /**
   * Checks a received message against the bounds (the decoders call it; so do the handlers, since
   * the Vert.x runtime passes messages within a JVM by reference).
   *
   * @throws MalformedMessageException naming the first violation
   */
  @Override
  public void check(Message m) {
    if (m instanceof CacheQuery q) {
      name(q.object());
    } else if (m instanceof CacheFetch f) {
      name(f.object());
    } else if (m instanceof CacheObject o) {
      object(o.object());
      if (o.size() < 0 || o.size() > MAX_OBJECT_BYTES) {
        throw new MalformedMessageException("object size " + o.size() + " outside [0, " + MAX_OBJECT_BYTES + "]");
      }
    } else if (m instanceof SummaryUpdate u) {
      checkUpdate(u);
    } else if (m instanceof SummaryPull p) {
      if (p.knownVersion() < 0) {
        throw new MalformedMessageException("negative summary version");
      }
    } else if (m instanceof HolderUpdate h) {
      name(h.object());
    } else if (m instanceof HolderQuery h) {
      name(h.object());
    } else if (m instanceof HolderList h) {
      object(h.object());
      if (h.holders().size() > config.maxHoldersPerObject()) {
        throw new MalformedMessageException(h.holders().size() + " holders above " + config.maxHoldersPerObject());
      }
      for (PeerRef p : h.holders()) {
        if (p == null || !ring.contains(p.id())) {
          throw new MalformedMessageException("holder outside the ring: " + p);
        }
      }
    } else if (!(m instanceof CacheAnswer)) {
      throw new MalformedMessageException("not a cache message: " + m.getClass().getSimpleName());
    }
  }

  private void checkUpdate(SummaryUpdate u) {
    if (u.version() < 1) {
      throw new MalformedMessageException("summary version " + u.version() + " below 1");
    }
    if (u.coding() == Coding.DELTA ? u.baseVersion() < 1 || u.baseVersion() >= u.version() : u.baseVersion() != 0) {
      throw new MalformedMessageException("summary base version " + u.baseVersion() + " invalid for "
          + u.coding() + " version " + u.version());
    }
    if (u.entries() < 0 || u.entries() > maxEntries()) {
      throw new MalformedMessageException("summary entries " + u.entries() + " outside [0, " + maxEntries() + "]");
    }
    if (u.bits().length > maxSummaryBytes()) {
      throw new MalformedMessageException("summary of " + u.bits().length + " bytes above " + maxSummaryBytes());
    }
  }

  /** A name of the group's naming, its URL bounded and its key the URL's fingerprint. */
  private void name(ObjectName n) {
    if (n == null) {
      throw new MalformedMessageException("object name missing");
    }
    if (n.naming() != config.naming()) {
      throw new MalformedMessageException("object named by " + n.naming().wireName() + " in a group naming by "
          + config.naming().wireName());
    }
    if (n.url() != null) {
      int bytes = n.url().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      if (bytes == 0 || bytes > ObjectName.MAX_URL_BYTES) {
        throw new MalformedMessageException("URL of " + bytes + " bytes outside [1, " + ObjectName.MAX_URL_BYTES + "]");
      }
      if (ObjectName.fingerprint(n.url()) != n.key()) {
        throw new MalformedMessageException("object key " + n.key() + " is not the fingerprint of its URL");
      }
    }
    object(n.key());
  }

  private static void object(long id) {
    if (id < 0) {
      throw new MalformedMessageException("negative object id " + id);
    }
  }

  private static <E extends Enum<E>> E enumOf(E[] values, int ordinal, String what) {
    if (ordinal < 0 || ordinal >= values.length) {
      throw new MalformedMessageException("unknown " + what + " " + ordinal);
    }
    return values[ordinal];
  }
}
