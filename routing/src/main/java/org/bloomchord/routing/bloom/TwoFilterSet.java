package org.bloomchord.routing.bloom;

import java.util.Objects;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * Deletion with a second filter, the simplest scheme of the notes: keys are added to filter A,
 * removed keys are added to filter R (the two need not have the same shape), and a key is present
 * when A may hold it and R certainly does not.
 *
 * <p>Known flaws, kept visible rather than hidden (which is why the counting filter is preferred):
 * <ul>
 *   <li>a removed key can never be added again: R cannot forget it, so it stays reported absent
 *       ({@link Addition#MASKED_BY_REMOVED});
 *   <li>R has false positives too: a key never removed whose probes in R happen to be set by removed
 *       keys is reported absent. Unlike a plain filter, this structure has <b>false negatives</b>,
 *       with probability about R's false-positive rate;
 *   <li>twice the memory and two lookups per query.
 * </ul>
 * Invariant: a key that was removed (and not refused as absent) is always reported absent. Not
 * thread-safe.
 */
public final class TwoFilterSet {

  /** What {@link #add} did. */
  public enum Addition {
    /** The key is now reported present. */
    ADDED,
    /** The key went into A, but R claims it was removed, so it is still reported absent. */
    MASKED_BY_REMOVED
  }

  /** What {@link #remove} did. */
  public enum Removal {
    /** The key went into R and is now reported absent. */
    REMOVED,
    /** The key was already reported absent; R is left alone so it fills no faster. */
    NOT_PRESENT
  }

  private final BloomFilter added;
  private final BloomFilter removed;

  /** An empty set with filter A of shape {@code added} and filter R of shape {@code removed}. */
  public TwoFilterSet(BloomShape added, BloomShape removed) {
    this.added = new BloomFilter(Objects.requireNonNull(added, "added"));
    this.removed = new BloomFilter(Objects.requireNonNull(removed, "removed"));
  }

  /** Adds the key with this hash to A. */
  public Addition add(Hash128 h) {
    added.add(h);
    return removed.mightContain(h) ? Addition.MASKED_BY_REMOVED : Addition.ADDED;
  }

  /** Adds a long key. */
  public Addition add(long key) {
    return add(Murmur3.hash128(key));
  }

  /** Adds a byte-array key. */
  public Addition add(byte[] key) {
    return add(Murmur3.hash128(key));
  }

  /** Removes the key with this hash by adding it to R, unless it is already reported absent. */
  public Removal remove(Hash128 h) {
    if (!mightContain(h)) {
      return Removal.NOT_PRESENT;
    }
    removed.add(h);
    return Removal.REMOVED;
  }

  /** Removes a long key. */
  public Removal remove(long key) {
    return remove(Murmur3.hash128(key));
  }

  /** Removes a byte-array key. */
  public Removal remove(byte[] key) {
    return remove(Murmur3.hash128(key));
  }

  /** Present: A may hold the key and R certainly does not. */
  public boolean mightContain(Hash128 h) {
    return added.mightContain(h) && !removed.mightContain(h);
  }

  /** Whether the long key is reported present. */
  public boolean mightContain(long key) {
    return mightContain(Murmur3.hash128(key));
  }

  /** Whether the byte-array key is reported present. */
  public boolean mightContain(byte[] key) {
    return mightContain(Murmur3.hash128(key));
  }

  /** A copy of filter A, the keys ever added. */
  public BloomFilter addedFilter() {
    return added.copy();
  }

  /** A copy of filter R, the keys ever removed. */
  public BloomFilter removedFilter() {
    return removed.copy();
  }

  @Override
  public String toString() {
    return "TwoFilterSet[added=" + added + ", removed=" + removed + "]";
  }
}
