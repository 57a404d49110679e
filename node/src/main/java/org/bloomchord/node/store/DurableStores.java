package org.bloomchord.node.store;

import java.nio.file.Path;

/** Opens the durable store of a node's data directory. */
public final class DurableStores {

  private DurableStores() {
  }

  /**
   * Opens (creating it when needed) the store kept in {@code dir}.
   *
   * @throws IllegalArgumentException if {@code dir} cannot be created or is not a writable directory
   */
  public static DurableStore open(Path dir) {
    return RocksDurableStore.open(dir);
  }
}
