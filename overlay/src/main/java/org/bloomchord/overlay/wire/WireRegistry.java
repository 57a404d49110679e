package org.bloomchord.overlay.wire;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;

/**
 * Maps message classes to tagged codecs. A frame is a varint tag followed by the codec's body.
 * Protocol modules register their codecs once at start-up; after that the registry is read-only and
 * safe to share between threads.
 */
public final class WireRegistry {

  private final Map<Class<?>, Entry<?>> byType = new HashMap<>();
  private final Map<Integer, Entry<?>> byTag = new HashMap<>();
  private final ThreadLocal<WireWriter> scratch = ThreadLocal.withInitial(() -> new WireWriter(256));

  private record Entry<M extends Message>(int tag, WireCodec<M> codec) {
  }

  /** Registers a codec under a tag unique within this registry. */
  public synchronized <M extends Message> WireRegistry register(int tag, WireCodec<M> codec) {
    if (tag < 0) {
      throw new IllegalArgumentException("tag must be non-negative: " + tag);
    }
    if (byTag.containsKey(tag)) {
      throw new IllegalArgumentException("tag " + tag + " already used by " + byTag.get(tag).codec.type());
    }
    if (byType.containsKey(codec.type())) {
      throw new IllegalArgumentException(codec.type() + " already registered");
    }
    Entry<M> e = new Entry<>(tag, codec);
    byTag.put(tag, e);
    byType.put(codec.type(), e);
    return this;
  }

  /** Whether a codec is registered for this message class. */
  public boolean knows(Class<? extends Message> type) {
    return byType.containsKey(type);
  }

  /** The message classes registered so far. */
  public Set<Class<?>> types() {
    return Set.copyOf(byType.keySet());
  }

  /** Writes the tagged frame of a message. */
  public void encode(Message message, WireWriter out) {
    Entry<Message> e = entry(message);
    out.writeVarInt(e.tag);
    e.codec.encode(message, out);
  }

  /** The tagged frame of a message as a new array. */
  public byte[] encode(Message message) {
    WireWriter w = scratch.get().reset();
    encode(message, w);
    return w.toByteArray();
  }

  /** The length in bytes of the tagged frame of a message. */
  public int sizeOf(Message message) {
    WireWriter w = scratch.get().reset();
    encode(message, w);
    return w.size();
  }

  /** Decodes a whole frame; unknown tags, bad bodies and trailing bytes are malformed. */
  public Message decode(byte[] frame) {
    WireReader in = new WireReader(frame);
    Message m = decode(in);
    in.expectEnd();
    return m;
  }

  /** Decodes one frame from the reader's position. */
  public Message decode(WireReader in) {
    int tag = in.readVarInt(Integer.MAX_VALUE);
    Entry<?> e = byTag.get(tag);
    if (e == null) {
      throw new MalformedMessageException("unknown message tag " + tag);
    }
    return e.codec.decode(in);
  }

  @SuppressWarnings("unchecked")
  private Entry<Message> entry(Message message) {
    Entry<?> e = byType.get(message.getClass());
    if (e == null) {
      throw new IllegalArgumentException("no wire codec registered for " + message.getClass().getName());
    }
    return (Entry<Message>) e;
  }
}
