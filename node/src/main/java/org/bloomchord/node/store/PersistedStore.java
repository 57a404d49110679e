package org.bloomchord.node.store;

import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.StoredEntry;

/**
 * Keeps one peer's replicated store in a {@link DurableStore}: when the peer starts (before it
 * joins) the entries recorded for it are loaded into its store, and from then on every change of
 * the store is written through, on the peer's thread, before the change is acknowledged to
 * anyone. A restarted peer therefore holds what it held; replica repair brings it up to date with
 * what changed while it was down.
 */
public final class PersistedStore implements ChordExtension {

  private final DurableStore store;
  private final String peer;
  private int loaded;

  /** Persists the store of the peer named {@code peer} in {@code store}. */
  public PersistedStore(DurableStore store, String peer) {
    this.store = store;
    this.peer = peer;
  }

  @Override
  public void attach(ChordHost p) {
    LocalStore local = p.store();
    for (StoredEntry e : store.entries(peer)) {
      local.merge(e);
      loaded++;
    }
    local.listen(new LocalStore.Listener() {
      @Override
      public void merged(StoredEntry entry) {
        store.put(peer, entry);
      }

      @Override
      public void forgotten(String key) {
        store.remove(peer, key);
      }
    });
  }

  /** Entries loaded from the disk when the peer started. */
  public int loaded() {
    return loaded;
  }
}
