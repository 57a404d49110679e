package org.bloomchord.overlay.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;

/**
 * Maps message classes to tagged codecs. A frame is a varint tag followed by the codec's body.
 * Protocol modules register their codecs once at start-up; after that the registry is read-only and
 * safe to share between threads.
 *
 * <p>Finding a codec costs no hash-map lookup on the hot paths: by class through a
 * {@link ClassValue} (a slot the JVM keeps on the class itself), by tag through an array for the
 * small tags every module uses (below {@link #DENSE_TAGS}); larger tags fall back to a map. Each
 * registration is a {@link Binding} with a dense {@linkplain Binding#index() index}, so a runtime
 * can keep per-type state (traffic counters) in an array.
 */
public final class WireRegistry {

  /** Tags below this are found by array index; larger ones by a map. */
  public static final int DENSE_TAGS = 1024;

  private final Map<Class<?>, Binding> byType = new HashMap<>();
  private final Map<Integer, Binding> sparseTags = new HashMap<>();
  private final List<Binding> bindings = new ArrayList<>();
  private volatile Binding[] denseTags = new Binding[0];
  private final ThreadLocal<WireWriter> scratch = ThreadLocal.withInitial(() -> new WireWriter(256));
  private final ClassValue<Binding> byClass = new ClassValue<>() {
    @Override
    protected Binding computeValue(Class<?> type) {
      synchronized (WireRegistry.this) {
        return byType.get(type);
      }
    }
  };

  /**
   * A message class bound to its tag and codec.
   *
   * <p>The type name used for traffic metrics is taken from the first message encoded (its
   * {@link Message#typeName()}), then kept: a type name is a property of the class.
   */
  public static final class Binding {

    private final int tag;
    private final int index;
    private final Class<?> type;
    private final WireCodec<Message> codec;
    private final int tagBytes;
    private String typeName;

    @SuppressWarnings("unchecked")
    private Binding(int tag, int index, WireCodec<? extends Message> codec) {
      this.tag = tag;
      this.index = index;
      this.type = codec.type();
      this.codec = (WireCodec<Message>) codec;
      this.tagBytes = WireWriter.varLongSize(tag);
    }

    /** The frame's tag. */
    public int tag() {
      return tag;
    }

    /** Position in registration order: 0 for the first codec registered, 1 for the next, ... */
    public int index() {
      return index;
    }

    /** The traffic type name of {@code message}, an instance of this binding's class. */
    public String typeName(Message message) {
      String t = typeName;
      if (t == null) {
        t = message.typeName();
        typeName = t;
      }
      return t;
    }

    /** The traffic type name, from the class when no message was encoded yet. */
    public String typeName() {
      String t = typeName;
      return t != null ? t : type.getSimpleName();
    }

    /** Writes the tagged frame of {@code message}, an instance of this binding's class. */
    public void encode(Message message, WireWriter out) {
      out.writeVarInt(tag);
      codec.encode(message, out);
    }

    /** The frame's length without encoding it, or -1 when the codec cannot tell. */
    public int sizeOf(Message message) {
      int body = codec.sizeOf(message);
      return body < 0 ? -1 : tagBytes + body;
    }
  }

  /** Registers a codec under a tag unique within this registry. */
  public synchronized <M extends Message> WireRegistry register(int tag, WireCodec<M> codec) {
    if (tag < 0) {
      throw new IllegalArgumentException("tag must be non-negative: " + tag);
    }
    Binding old = binding(tag);
    if (old != null) {
      throw new IllegalArgumentException("tag " + tag + " already used by " + old.type);
    }
    if (byType.containsKey(codec.type())) {
      throw new IllegalArgumentException(codec.type() + " already registered");
    }
    Binding b = new Binding(tag, bindings.size(), codec);
    bindings.add(b);
    byType.put(codec.type(), b);
    if (tag < DENSE_TAGS) {
      Binding[] dense = denseTags.length > tag ? denseTags.clone() : Arrays.copyOf(denseTags, tag + 1);
      dense[tag] = b;
      denseTags = dense;
    } else {
      sparseTags.put(tag, b);
    }
    byClass.remove(codec.type());
    return this;
  }

  /** Whether a codec is registered for this message class. */
  public boolean knows(Class<? extends Message> type) {
    return byClass.get(type) != null;
  }

  /** Codecs registered so far; every {@link Binding#index()} is below this. */
  public synchronized int size() {
    return bindings.size();
  }

  /**
   * The binding of a message's class.
   *
   * @throws IllegalArgumentException if no codec is registered for it
   */
  public Binding binding(Message message) {
    Binding b = byClass.get(message.getClass());
    if (b == null) {
      throw new IllegalArgumentException("no wire codec registered for " + message.getClass().getName());
    }
    return b;
  }

  /** The binding of a tag, or null if the tag is unknown. */
  public Binding binding(int tag) {
    Binding[] dense = denseTags;
    if (tag < dense.length) {
      return tag < 0 ? null : dense[tag];
    }
    if (tag < DENSE_TAGS) {
      return null;
    }
    synchronized (this) {
      return sparseTags.get(tag);
    }
  }

  /** The message classes registered so far. */
  public Set<Class<?>> types() {
    return Set.copyOf(byType.keySet());
  }

  /** Writes the tagged frame of a message. */
  public void encode(Message message, WireWriter out) {
    binding(message).encode(message, out);
  }

  /** The tagged frame of a message as a new array. */
  public byte[] encode(Message message) {
    WireWriter w = scratch.get().reset();
    encode(message, w);
    return w.toByteArray();
  }

  /** The length in bytes of the tagged frame of a message (without encoding it if the codec can tell). */
  public int sizeOf(Message message) {
    Binding b = binding(message);
    int size = b.sizeOf(message);
    if (size >= 0) {
      return size;
    }
    WireWriter w = scratch.get().reset();
    b.encode(message, w);
    return w.size();
  }

  /** Decodes a whole frame; unknown tags, bad bodies and trailing bytes are malformed. */
  public Message decode(byte[] frame) {
    return decode(frame, 0, frame.length);
  }

  /** Decodes the whole frame of {@code length} bytes at {@code offset} in {@code bytes}. */
  public Message decode(byte[] bytes, int offset, int length) {
    return decodeWhole(new WireReader(bytes, offset, length));
  }

  /**
   * Decodes the one frame the reader holds, to its end; trailing bytes are malformed. A transport
   * that decodes frame after frame passes one reader, {@link WireReader#reset} for each.
   */
  public Message decodeWhole(WireReader in) {
    Message m = decode(in);
    in.expectEnd();
    return m;
  }

  /** Decodes one frame from the reader's position. */
  public Message decode(WireReader in) {
    int tag = in.readVarInt(Integer.MAX_VALUE);
    Binding b = binding(tag);
    if (b == null) {
      throw new MalformedMessageException("unknown message tag " + tag);
    }
    return b.codec.decode(in);
  }

  /** The binding a frame's tag names, or null if the tag is unknown or unreadable. */
  public Binding bindingOfFrame(byte[] frame) {
    return bindingOfFrame(frame, 0, frame.length);
  }

  /** The binding the tag of the frame at {@code offset} names, or null as above. */
  public Binding bindingOfFrame(byte[] bytes, int offset, int length) {
    try {
      return binding(new WireReader(bytes, offset, length).readVarInt(Integer.MAX_VALUE));
    } catch (MalformedMessageException e) {
      return null;
    }
  }
}
