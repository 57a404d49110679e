package org.bloomchord.node.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;

/**
 * The on-disk form of a stored entry's version and value: counter (8 bytes), writer (8 bytes), a
 * tombstone flag (1 byte), then the value in UTF-8. The key is the record's key.
 */
final class StoredEntryCodec {

  private StoredEntryCodec() {
  }

  static byte[] encode(StoredEntry e) {
    byte[] value = e.tombstone() ? new byte[0] : e.value().getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(17 + value.length);
    b.putLong(e.version().counter()).putLong(e.version().writer()).put((byte) (e.tombstone() ? 1 : 0)).put(value);
    return b.array();
  }

  /**
   * Decodes what {@link #encode} wrote.
   *
   * @throws IllegalStateException if the record is shorter than its header (a damaged file)
   */
  static StoredEntry decode(String key, byte[] bytes) {
    if (bytes.length < 17) {
      throw new IllegalStateException("damaged record of key '" + key + "': " + bytes.length + " bytes");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    Version v = new Version(b.getLong(), b.getLong());
    boolean tombstone = b.get() == 1;
    String value = tombstone ? null : new String(bytes, 17, bytes.length - 17, StandardCharsets.UTF_8);
    return new StoredEntry(key, v, value);
  }
}
