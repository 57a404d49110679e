package org.bloomchord.overlay.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable big-endian byte sink for wire encodings. Lengths and counts are unsigned LEB128
 * varints; ids and hashes are fixed 8-byte longs. Not thread-safe: one writer per encoding.
 */
public final class WireWriter {

  private byte[] buf;
  private int size;

  public WireWriter() {
    this(64);
  }

  public WireWriter(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /** Forgets what was written so the buffer can be reused. */
  public WireWriter reset() {
    size = 0;
    return this;
  }

  /** Number of bytes written so far. */
  public int size() {
    return size;
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /**
   * The writer's own buffer, whose first {@link #size()} bytes are what was written: for copying
   * them elsewhere without an intermediate array. Valid until the next write or reset.
   */
  public byte[] array() {
    return buf;
  }

  public WireWriter writeByte(int b) {
    ensure(1);
    buf[size++] = (byte) b;
    return this;
  }

  public WireWriter writeBoolean(boolean b) {
    return writeByte(b ? 1 : 0);
  }

  public WireWriter writeInt(int v) {
    ensure(4);
    buf[size++] = (byte) (v >>> 24);
    buf[size++] = (byte) (v >>> 16);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public WireWriter writeLong(long v) {
    ensure(8);
    for (int shift = 56; shift >= 0; shift -= 8) {
      buf[size++] = (byte) (v >>> shift);
    }
    return this;
  }

  /** Writes a non-negative value as an unsigned LEB128 varint (1 to 10 bytes). */
  public WireWriter writeVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
    return this;
  }

  /** The length of {@code v} as an unsigned LEB128 varint: 1 to 10 bytes. */
  public static int varLongSize(long v) {
    return v == 0 ? 1 : (70 - Long.numberOfLeadingZeros(v)) / 7;
  }

  public WireWriter writeVarInt(int v) {
    if (v < 0) {
      throw new IllegalArgumentException("varint must be non-negative: " + v);
    }
    return writeVarLong(v);
  }

  /** Writes a length-prefixed byte array. */
  public WireWriter writeBytes(byte[] bytes) {
    writeVarInt(bytes.length);
    return writeRaw(bytes, 0, bytes.length);
  }

  /** Writes bytes with no length prefix. */
  public WireWriter writeRaw(byte[] bytes, int offset, int length) {
    ensure(length);
    System.arraycopy(bytes, offset, buf, size, length);
    size += length;
    return this;
  }

  /** Writes a length-prefixed array of longs. */
  public WireWriter writeLongs(long[] words) {
    writeVarInt(words.length);
    for (long w : words) {
      writeLong(w);
    }
    return this;
  }

  /**
   * Writes a length-prefixed UTF-8 string. An ASCII string (every peer address this project makes)
   * is written char by char, with no intermediate array: peers' addresses are most of the bytes of
   * most messages, and every message is encoded at least once to be counted.
   */
  public WireWriter writeString(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        return writeBytes(s.getBytes(StandardCharsets.UTF_8));
      }
    }
    writeVarInt(n);
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[size++] = (byte) s.charAt(i);
    }
    return this;
  }

  private void ensure(int extra) {
    if (size + extra > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
    }
  }
}
