package org.bloomchord.overlay.wire;

import java.nio.charset.StandardCharsets;
import org.bloomchord.overlay.MalformedMessageException;

/**
 * Reads what a {@link WireWriter} wrote. Every read is bounds-checked: truncated input, oversized
 * lengths and overlong varints raise {@link MalformedMessageException}, never an unchecked index
 * error, because the bytes come from other peers and are untrusted.
 */
public final class WireReader {

  private byte[] buf;
  private int start;
  private int pos;
  private int limit;

  public WireReader(byte[] bytes) {
    this(bytes, 0, bytes.length);
  }

  public WireReader(byte[] bytes, int offset, int length) {
    reset(bytes, offset, length);
  }

  /**
   * Reads from {@code length} bytes at {@code offset} in {@code bytes} from now on, as a new reader
   * of them would: a transport that decodes one frame after the other keeps one reader. What was
   * decoded before holds nothing of the reader.
   */
  public WireReader reset(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IllegalArgumentException("range outside the array");
    }
    this.buf = bytes;
    this.start = offset;
    this.pos = offset;
    this.limit = offset + length;
    return this;
  }

  /** Bytes not yet read. */
  public int remaining() {
    return limit - pos;
  }

  /** Fails unless every byte has been consumed; trailing garbage is a malformed message. */
  public void expectEnd() {
    if (pos != limit) {
      throw new MalformedMessageException((limit - pos) + " unexpected trailing bytes");
    }
  }

  public int readByte() {
    need(1);
    return buf[pos++] & 0xFF;
  }

  public boolean readBoolean() {
    int b = readByte();
    if (b > 1) {
      throw new MalformedMessageException("boolean byte out of range: " + b);
    }
    return b == 1;
  }

  public int readInt() {
    need(4);
    int v = ((buf[pos] & 0xFF) << 24) | ((buf[pos + 1] & 0xFF) << 16)
        | ((buf[pos + 2] & 0xFF) << 8) | (buf[pos + 3] & 0xFF);
    pos += 4;
    return v;
  }

  public long readLong() {
    need(8);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (buf[pos++] & 0xFF);
    }
    return v;
  }

  public long readVarLong() {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = readByte();
      if (shift == 63 && b > 1) {
        throw new MalformedMessageException("varint overflows 64 bits");
      }
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new MalformedMessageException("varint longer than 10 bytes");
  }

  /** Reads a varint and checks it lies in [0, max]. */
  public int readVarInt(int max) {
    long v = readVarLong();
    if (v < 0 || v > max) {
      throw new MalformedMessageException("value " + v + " outside [0, " + max + "]");
    }
    return (int) v;
  }

  /** Reads a length-prefixed byte array of at most {@code maxLength} bytes. */
  public byte[] readBytes(int maxLength) {
    int n = readVarInt(maxLength);
    return readRaw(n);
  }

  /** Reads {@code n} bytes with no length prefix. */
  public byte[] readRaw(int n) {
    need(n);
    byte[] out = new byte[n];
    System.arraycopy(buf, pos, out, 0, n);
    pos += n;
    return out;
  }

  /** Reads a length-prefixed array of at most {@code maxWords} longs. */
  public long[] readLongs(int maxWords) {
    int n = readVarInt(maxWords);
    need(8L * n);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = readLong();
    }
    return out;
  }

  /**
   * Reads the length prefix of a byte string of at most {@code maxLength} bytes and steps over the
   * bytes without copying them; they then end where the reader stands ({@link #position()}), and
   * {@link #asciiEquals} and {@link #stringAt} read them in place. Returns the length.
   */
  public int skipBytes(int maxLength) {
    int n = readVarInt(maxLength);
    need(n);
    pos += n;
    return n;
  }

  /** Where the next read starts, as an offset into the array this reader reads. */
  public int position() {
    return pos;
  }

  /**
   * Whether the {@code length} bytes at {@code offset} (already read) are the UTF-8 encoding of
   * {@code s}; answers false, without deciding, for any byte outside ASCII (the caller then decodes).
   */
  public boolean asciiEquals(int offset, int length, String s) {
    read(offset, length);
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      byte b = buf[offset + i];
      if (b < 0 || s.charAt(i) != b) {
        return false;
      }
    }
    return true;
  }

  /** The {@code length} bytes at {@code offset} (already read) as a UTF-8 string. */
  public String stringAt(int offset, int length) {
    read(offset, length);
    return new String(buf, offset, length, StandardCharsets.UTF_8);
  }

  private void read(int offset, int length) {
    if (offset < start || length < 0 || offset + length > pos) {
      throw new IllegalArgumentException("bytes " + offset + ".." + (offset + length) + " were not read yet");
    }
  }

  /** Reads a length-prefixed UTF-8 string of at most {@code maxBytes} bytes. */
  public String readString(int maxBytes) {
    return new String(readBytes(maxBytes), StandardCharsets.UTF_8);
  }

  private void need(long n) {
    if (n > limit - pos) {
      throw new MalformedMessageException("truncated: need " + n + " bytes, " + (limit - pos) + " left");
    }
  }
}
