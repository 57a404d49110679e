package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.ClusterSerializable;
import java.nio.charset.StandardCharsets;

/**
 * The binary form of what the JGroups plane sends between members: strings, the values of
 * replicated maps, and Vert.x' {@link ClusterSerializable} records. A reader is a cursor over one
 * message; a message that does not parse throws {@link IllegalArgumentException} and is dropped by
 * its receiver (only admitted members can send one).
 *
 * <p>Map keys and values may be null, {@code String}, {@code Integer}, {@code Long},
 * {@code Boolean}, {@code Double}, {@code byte[]}, {@link Buffer}, {@link JsonObject},
 * {@link JsonArray}, or a {@link ClusterSerializable} with a public no-argument constructor. Java
 * serialization is not offered: a value arriving from the network is never deserialized by it.
 */
final class PlaneCodec {

  private static final byte NULL = 0;
  private static final byte STRING = 1;
  private static final byte INT = 2;
  private static final byte LONG = 3;
  private static final byte BOOLEAN = 4;
  private static final byte DOUBLE = 5;
  private static final byte BYTES = 6;
  private static final byte BUFFER = 7;
  private static final byte JSON_OBJECT = 8;
  private static final byte JSON_ARRAY = 9;
  private static final byte SERIALIZABLE = 10;

  private PlaneCodec() {
  }

  static void writeString(Buffer out, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    out.appendInt(bytes.length).appendBytes(bytes);
  }

  /**
   * Appends {@code value} with its type.
   *
   * @throws IllegalArgumentException for a type the plane does not carry
   */
  static void writeValue(Buffer out, Object value) {
    if (value == null) {
      out.appendByte(NULL);
    } else if (value instanceof String s) {
      out.appendByte(STRING);
      writeString(out, s);
    } else if (value instanceof Integer i) {
      out.appendByte(INT).appendInt(i);
    } else if (value instanceof Long l) {
      out.appendByte(LONG).appendLong(l);
    } else if (value instanceof Boolean b) {
      out.appendByte(BOOLEAN).appendByte((byte) (b ? 1 : 0));
    } else if (value instanceof Double d) {
      out.appendByte(DOUBLE).appendDouble(d);
    } else if (value instanceof byte[] b) {
      out.appendByte(BYTES).appendInt(b.length).appendBytes(b);
    } else if (value instanceof Buffer b) {
      out.appendByte(BUFFER).appendInt(b.length()).appendBuffer(b);
    } else if (value instanceof JsonObject j) {
      out.appendByte(JSON_OBJECT);
      writeString(out, j.encode());
    } else if (value instanceof JsonArray j) {
      out.appendByte(JSON_ARRAY);
      writeString(out, j.encode());
    } else if (value instanceof ClusterSerializable c) {
      out.appendByte(SERIALIZABLE);
      writeString(out, c.getClass().getName());
      Buffer body = Buffer.buffer();
      c.writeToBuffer(body);
      out.appendInt(body.length()).appendBuffer(body);
    } else {
      throw new IllegalArgumentException("the cluster plane's maps do not carry " + value.getClass().getName()
          + " (use a String, a number, a Buffer, JSON or a ClusterSerializable)");
    }
  }

  /** A cursor over one received message. */
  static final class Reader {
    private final Buffer in;
    private int at;

    Reader(byte[] bytes) {
      in = Buffer.buffer(bytes);
    }

    boolean more() {
      return at < in.length();
    }

    byte readByte() {
      need(1);
      return in.getByte(at++);
    }

    int readInt() {
      need(4);
      int v = in.getInt(at);
      at += 4;
      return v;
    }

    int readCount() {
      int n = readInt();
      if (n < 0 || n > in.length() - at) {
        throw new IllegalArgumentException("bad count " + n);
      }
      return n;
    }

    long readLong() {
      need(8);
      long v = in.getLong(at);
      at += 8;
      return v;
    }

    String readString() {
      int n = readCount();
      String s = in.getString(at, at + n, "UTF-8");
      at += n;
      return s;
    }

    Buffer readBuffer() {
      int n = readCount();
      Buffer b = in.getBuffer(at, at + n);
      at += n;
      return b;
    }

    /** Reads a {@link ClusterSerializable} of a known class into {@code into}. */
    <T extends ClusterSerializable> T read(T into) {
      int n = readCount();
      int end = into.readFromBuffer(at, in.getBuffer(0, at + n));
      if (end != at + n) {
        throw new IllegalArgumentException("record of " + n + " bytes read as " + (end - at));
      }
      at = end;
      return into;
    }

    Object readValue() {
      byte type = readByte();
      return switch (type) {
        case NULL -> null;
        case STRING -> readString();
        case INT -> readInt();
        case LONG -> readLong();
        case BOOLEAN -> readByte() != 0;
        case DOUBLE -> Double.longBitsToDouble(readLong());
        case BYTES -> readBuffer().getBytes();
        case BUFFER -> readBuffer();
        case JSON_OBJECT -> new JsonObject(readString());
        case JSON_ARRAY -> new JsonArray(readString());
        case SERIALIZABLE -> readSerializable();
        default -> throw new IllegalArgumentException("unknown value type " + type);
      };
    }

    private Object readSerializable() {
      String name = readString();
      try {
        Class<?> type = Class.forName(name, false, PlaneCodec.class.getClassLoader());
        if (!ClusterSerializable.class.isAssignableFrom(type)) {
          throw new IllegalArgumentException(name + " is not ClusterSerializable");
        }
        ClusterSerializable value = (ClusterSerializable) type.getConstructor().newInstance();
        return read(value);
      } catch (ReflectiveOperationException e) {
        throw new IllegalArgumentException("cannot make a " + name + ": " + e, e);
      }
    }

    private void need(int n) {
      if (at + n > in.length()) {
        throw new IllegalArgumentException("message ends early");
      }
    }
  }

  /** Appends a {@link ClusterSerializable} with its length. */
  static void write(Buffer out, ClusterSerializable value) {
    Buffer body = Buffer.buffer();
    value.writeToBuffer(body);
    out.appendInt(body.length()).appendBuffer(body);
  }
}
