package org.bloomchord.node.store;

import java.util.List;
import org.bloomchord.chord.store.StoredEntry;

/**
 * What a node keeps on disk across restarts: the names of its peers (their identities, since a
 * peer's ring id is the hash of its name) and every peer's replicated store. A write is persisted
 * before the call returns, to the operating system at least, so that killing the process loses
 * nothing that was acknowledged. Calls for one peer come from that peer's thread; different peers
 * may call at once.
 */
public interface DurableStore extends AutoCloseable {

  /** The names of the peers recorded, in the order they were added. */
  List<String> peers();

  /** Records that {@code peer} is a peer of this node. */
  void addPeer(String peer);

  /** Forgets {@code peer} and its entries (after a graceful leave handed them over). */
  void removePeer(String peer);

  /** The entries recorded for {@code peer}, tombstones included, in no particular order. */
  List<StoredEntry> entries(String peer);

  /** Records {@code entry} as {@code peer}'s newest copy of its key. */
  void put(String peer, StoredEntry entry);

  /** Drops {@code peer}'s copy of {@code key}. */
  void remove(String peer, String key);

  /** Makes every recorded change durable (to the disk, not only the operating system). */
  void flush();

  /** Flushes and releases the files. */
  @Override
  void close();
}
