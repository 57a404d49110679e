package org.bloomchord.node.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.bloomchord.chord.store.StoredEntry;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * A {@link DurableStore} in one RocksDB database, the directory {@code rocksdb} of the data
 * directory. Keys: {@code P <name>} for each peer (value: the order it was added in, 8 bytes) and
 * {@code S <name> NUL <key>} for each stored entry (value: {@link StoredEntryCodec}).
 *
 * <p>Every write goes through RocksDB's write-ahead log before the call returns (without an fsync
 * each time), so a process killed at any point reopens with every write that returned: that is
 * the node's promise for acknowledged keys. {@link #flush} syncs the log to the disk, which also
 * covers a machine that loses power after a clean shutdown. RocksDB is thread-safe; peers write
 * concurrently.
 */
final class RocksDurableStore implements DurableStore {

  static final String DIR = "rocksdb";

  static {
    RocksDB.loadLibrary();
  }

  private final Options options;
  private final WriteOptions writes;
  private final RocksDB db;
  private volatile boolean closed;
  private long nextOrder = -1;

  private RocksDurableStore(Options options, RocksDB db) {
    this.options = options;
    this.writes = new WriteOptions();
    this.db = db;
  }

  static RocksDurableStore open(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot create the data directory " + dir + ": " + e.getMessage());
    }
    if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
      throw new IllegalArgumentException("the data directory " + dir + " is not a writable directory");
    }
    Options options = new Options().setCreateIfMissing(true);
    try {
      return new RocksDurableStore(options, RocksDB.open(options, dir.resolve(DIR).toString()));
    } catch (RocksDBException e) {
      options.close();
      throw new IllegalArgumentException("cannot open the store in " + dir + ": " + e.getMessage());
    }
  }

  @Override
  public List<String> peers() {
    TreeMap<Long, String> byOrder = new TreeMap<>();
    byte[] prefix = bytes("P");
    try (RocksIterator it = db.newIterator()) {
      for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
        byOrder.put(decodeLong(it.value()), text(it.key(), prefix.length));
      }
    }
    return new ArrayList<>(byOrder.values());
  }

  @Override
  public synchronized void addPeer(String peer) {
    try {
      if (db.get(peerKey(peer)) == null) {
        if (nextOrder < 0) {
          nextOrder = maxOrderPlusOne();
        }
        db.put(writes, peerKey(peer), encodeLong(nextOrder++));
      }
    } catch (RocksDBException e) {
      throw failure("record peer " + peer, e);
    }
  }

  private long maxOrderPlusOne() {
    byte[] prefix = bytes("P");
    long max = -1;
    try (RocksIterator it = db.newIterator()) {
      for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
        max = Math.max(max, decodeLong(it.value()));
      }
    }
    return max + 1;
  }

  @Override
  public synchronized void removePeer(String peer) {
    try {
      db.delete(writes, peerKey(peer));
      byte[] from = entryPrefix(peer);
      byte[] to = from.clone();
      to[to.length - 1]++; // the NUL separator + 1: just past every key of this peer
      db.deleteRange(writes, from, to);
    } catch (RocksDBException e) {
      throw failure("remove peer " + peer, e);
    }
  }

  @Override
  public List<StoredEntry> entries(String peer) {
    List<StoredEntry> out = new ArrayList<>();
    byte[] prefix = entryPrefix(peer);
    try (RocksIterator it = db.newIterator()) {
      for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
        out.add(StoredEntryCodec.decode(text(it.key(), prefix.length), it.value()));
      }
    }
    return out;
  }

  @Override
  public void put(String peer, StoredEntry entry) {
    try {
      db.put(writes, entryKey(peer, entry.key()), StoredEntryCodec.encode(entry));
    } catch (RocksDBException e) {
      throw failure("write key " + entry.key() + " of " + peer, e);
    }
  }

  @Override
  public void remove(String peer, String key) {
    try {
      db.delete(writes, entryKey(peer, key));
    } catch (RocksDBException e) {
      throw failure("remove key " + key + " of " + peer, e);
    }
  }

  @Override
  public void flush() {
    try (FlushOptions f = new FlushOptions().setWaitForFlush(true)) {
      db.flushWal(true);
      db.flush(f);
    } catch (RocksDBException e) {
      throw failure("flush", e);
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      db.syncWal();
    } catch (RocksDBException e) {
      // closing still writes what the log holds; the sync only adds protection against power loss
    }
    db.close();
    writes.close();
    options.close();
  }

  private static IllegalStateException failure(String what, RocksDBException e) {
    return new IllegalStateException("the durable store could not " + what + ": " + e.getMessage(), e);
  }

  private static byte[] peerKey(String peer) {
    return bytes("P" + peer);
  }

  private static byte[] entryPrefix(String peer) {
    return bytes("S" + peer + "\0");
  }

  private static byte[] entryKey(String peer, String key) {
    return bytes("S" + peer + "\0" + key);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] key, int from) {
    return new String(key, from, key.length - from, StandardCharsets.UTF_8);
  }

  private static boolean startsWith(byte[] a, byte[] prefix) {
    if (a.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (a[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static byte[] encodeLong(long v) {
    return java.nio.ByteBuffer.allocate(8).putLong(v).array();
  }

  private static long decodeLong(byte[] b) {
    return java.nio.ByteBuffer.wrap(b).getLong();
  }
}
