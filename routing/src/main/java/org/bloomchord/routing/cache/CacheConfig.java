package org.bloomchord.routing.cache;

import org.bloomchord.routing.bloom.BloomShape;

/**
 * Settings of one cooperative cache peer; defaults in {@link #defaults()}.
 *
 * @param protocol how a local miss is resolved in the group
 * @param capacity objects the peer's LRU cache holds, 1..{@value #MAX_CAPACITY}
 * @param bitsPerEntry bits of a summary per cached object (Fan et al.'s load factor), 1..64; the
 *     summary has {@code capacity * bitsPerEntry} bits
 * @param hashes probes per object in a summary, 1..16 (the paper's 4 by default)
 * @param updateThreshold share of the capacity of objects inserted since the last update that
 *     triggers the next summary update, in (0, 1] (the paper's 1% by default; at least one object)
 * @param deltas whether an update may travel as the changed bits instead of the whole summary
 * @param maxGroup most members a peer keeps summaries of (bounds its memory), 1..{@value #MAX_GROUP}
 * @param maxHoldersPerObject most holders a directory owner keeps for one object (the newest win)
 * @param maxDirectoryEntries most (object, holder) pairs a directory owner keeps in all
 * @param naming how objects are named on the wire (the whole group the same)
 */
public record CacheConfig(CacheProtocol protocol, int capacity, int bitsPerEntry, int hashes,
    double updateThreshold, boolean deltas, int maxGroup, int maxHoldersPerObject, int maxDirectoryEntries,
    ObjectNaming naming) {

  /** Largest cache, in objects. */
  public static final int MAX_CAPACITY = 1 << 22;
  /** Largest group a peer keeps summaries of. */
  public static final int MAX_GROUP = 4096;

  public CacheConfig {
    if (protocol == null) {
      throw new IllegalArgumentException("protocol missing");
    }
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("capacity must be in 1.." + MAX_CAPACITY + ", got " + capacity);
    }
    if (bitsPerEntry < 1 || bitsPerEntry > 64) {
      throw new IllegalArgumentException("bits per entry must be in 1..64, got " + bitsPerEntry);
    }
    if (hashes < 1 || hashes > 16) {
      throw new IllegalArgumentException("hashes must be in 1..16, got " + hashes);
    }
    if (!(updateThreshold > 0 && updateThreshold <= 1)) {
      throw new IllegalArgumentException("update threshold must be in (0, 1], got " + updateThreshold);
    }
    if (maxGroup < 1 || maxGroup > MAX_GROUP) {
      throw new IllegalArgumentException("max group must be in 1.." + MAX_GROUP + ", got " + maxGroup);
    }
    if (maxHoldersPerObject < 1 || maxDirectoryEntries < 1) {
      throw new IllegalArgumentException("directory bounds must be positive");
    }
    if (naming == null) {
      throw new IllegalArgumentException("naming missing");
    }
  }

  /**
   * The protocol {@code p}, 1,000 objects, 8 bits per entry, 4 hashes, threshold 1%, deltas on,
   * objects named by number.
   */
  public static CacheConfig defaults(CacheProtocol p) {
    return CacheConfig.builder().protocol(p).capacity(1000).bitsPerEntry(8).hashes(4).updateThreshold(0.01)
        .deltas(true).maxGroup(1024).maxHoldersPerObject(32).maxDirectoryEntries(1 << 20)
        .naming(ObjectNaming.NUMBER).build();
  }

  /** This configuration with another naming of objects on the wire. */
  public CacheConfig withNaming(ObjectNaming n) {
    return toBuilder().naming(n).build();
  }

  /** This configuration with another capacity. */
  public CacheConfig withCapacity(int c) {
    return toBuilder().capacity(c).build();
  }

  /** This configuration with another summary shape. */
  public CacheConfig withSummary(int bits, int k) {
    return toBuilder().bitsPerEntry(bits).hashes(k).build();
  }

  /** This configuration with another update threshold (a share of the capacity). */
  public CacheConfig withUpdateThreshold(double u) {
    return toBuilder().updateThreshold(u).build();
  }

  /** This configuration with deltas allowed or not. */
  public CacheConfig withDeltas(boolean on) {
    return toBuilder().deltas(on).build();
  }

  /** This configuration with another bound on the group. */
  public CacheConfig withMaxGroup(int g) {
    return toBuilder().maxGroup(g).build();
  }

  /** The shape of every summary: {@code capacity * bitsPerEntry} bits, {@code hashes} probes. */
  public BloomShape summaryShape() {
    return new BloomShape((long) capacity * bitsPerEntry, hashes);
  }

  /** Objects inserted since the last update that trigger the next one: ceil(threshold * capacity), at least 1. */
  public int updateEvery() {
    return Math.max(1, (int) Math.ceil(updateThreshold * capacity - 1e-9));
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  private Builder toBuilder() {
    return new Builder()
        .protocol(protocol)
        .capacity(capacity)
        .bitsPerEntry(bitsPerEntry)
        .hashes(hashes)
        .updateThreshold(updateThreshold)
        .deltas(deltas)
        .maxGroup(maxGroup)
        .maxHoldersPerObject(maxHoldersPerObject)
        .maxDirectoryEntries(maxDirectoryEntries)
        .naming(naming);
  }

  /** Builds a {@link CacheConfig} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private CacheProtocol protocol;
    private int capacity;
    private int bitsPerEntry;
    private int hashes;
    private double updateThreshold;
    private boolean deltas;
    private int maxGroup;
    private int maxHoldersPerObject;
    private int maxDirectoryEntries;
    private ObjectNaming naming;

    private Builder() {
    }

    /** Sets {@link CacheConfig#protocol()}. */
    public Builder protocol(CacheProtocol value) {
      protocol = value;
      return this;
    }

    /** Sets {@link CacheConfig#capacity()}. */
    public Builder capacity(int value) {
      capacity = value;
      return this;
    }

    /** Sets {@link CacheConfig#bitsPerEntry()}. */
    public Builder bitsPerEntry(int value) {
      bitsPerEntry = value;
      return this;
    }

    /** Sets {@link CacheConfig#hashes()}. */
    public Builder hashes(int value) {
      hashes = value;
      return this;
    }

    /** Sets {@link CacheConfig#updateThreshold()}. */
    public Builder updateThreshold(double value) {
      updateThreshold = value;
      return this;
    }

    /** Sets {@link CacheConfig#deltas()}. */
    public Builder deltas(boolean value) {
      deltas = value;
      return this;
    }

    /** Sets {@link CacheConfig#maxGroup()}. */
    public Builder maxGroup(int value) {
      maxGroup = value;
      return this;
    }

    /** Sets {@link CacheConfig#maxHoldersPerObject()}. */
    public Builder maxHoldersPerObject(int value) {
      maxHoldersPerObject = value;
      return this;
    }

    /** Sets {@link CacheConfig#maxDirectoryEntries()}. */
    public Builder maxDirectoryEntries(int value) {
      maxDirectoryEntries = value;
      return this;
    }

    /** Sets {@link CacheConfig#naming()}. */
    public Builder naming(ObjectNaming value) {
      naming = value;
      return this;
    }

    /** The record. */
    public CacheConfig build() {
      return new CacheConfig(protocol, capacity, bitsPerEntry, hashes, updateThreshold, deltas,
          maxGroup, maxHoldersPerObject, maxDirectoryEntries, naming);
    }
  }
}
