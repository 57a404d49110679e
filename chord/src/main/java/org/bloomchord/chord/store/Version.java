package org.bloomchord.chord.store;

/**
 * The version of a stored value: a hybrid logical clock reading, then the id of the peer that
 * wrote it as tie-break. Versions are totally ordered, so replicas that exchange entries converge
 * on the greatest one.
 *
 * <p>The counter is {@code physical << 16 | logical}: {@code physical} is the writer's clock in
 * milliseconds (at most {@link #MAX_PHYSICAL_MS}), {@code logical} counts writes within one
 * millisecond of it. The primary of a key assigns {@code next(previous, clock)}: the larger of its
 * clock and the previous physical part, with the logical part one above the previous one when the
 * physical part did not move. So versions strictly increase on one primary and stay ordered
 * across changes of primary as long as clocks roughly agree, and the counter never overflows: a
 * peer only accepts versions whose physical part is at most its clock plus a bound
 * ({@link StorePolicy#maxClockAheadMs()}), so no received version is out of reach of the next
 * write.
 *
 * @param counter non-negative hybrid clock reading, at most {@link #MAX_COUNTER}
 * @param writer ring id of the peer that assigned the version (compared unsigned)
 */
public record Version(long counter, long writer) implements Comparable<Version> {

  /** Bits of the logical part. */
  public static final int LOGICAL_BITS = 16;
  /** Largest physical part: 2^46 - 1 ms, about 2,200 years. */
  public static final long MAX_PHYSICAL_MS = (1L << 46) - 1;
  /** Largest counter. */
  public static final long MAX_COUNTER = (MAX_PHYSICAL_MS << LOGICAL_BITS) | 0xFFFF;

  /** Smaller than every assigned version. */
  public static final Version NONE = new Version(0, 0);

  public Version {
    if (counter < 0 || counter > MAX_COUNTER) {
      throw new IllegalArgumentException("version counter must be in 0.." + MAX_COUNTER + ": " + counter);
    }
  }

  /** The physical part, in milliseconds of the writer's clock. */
  public long physicalMs() {
    return counter >>> LOGICAL_BITS;
  }

  /**
   * The version the primary {@code writer} assigns when it overwrites {@code previous} at
   * {@code clock} ms. Strictly newer than {@code previous} while {@code previous} is below
   * {@link #MAX_COUNTER}, which versions a peer accepts always are.
   */
  public static Version next(Version previous, long clock, long writer) {
    long now = Math.min(Math.max(clock, 0), MAX_PHYSICAL_MS);
    long base = previous == null ? 0 : previous.counter;
    long counter = Math.max(base + 1, now << LOGICAL_BITS);
    return new Version(Math.min(counter, MAX_COUNTER), writer);
  }

  /** Whether this version's physical part lies at most {@code aheadMs} after {@code clock}. */
  public boolean plausibleAt(long clock, long aheadMs) {
    return physicalMs() <= Math.max(clock, 0) + aheadMs;
  }

  @Override
  public int compareTo(Version o) {
    int c = Long.compare(counter, o.counter);
    return c != 0 ? c : Long.compareUnsigned(writer, o.writer);
  }

  /** Whether this version is strictly newer than {@code other} (null counts as oldest). */
  public boolean newerThan(Version other) {
    return other == null || compareTo(other) > 0;
  }

  @Override
  public String toString() {
    return physicalMs() + "." + (counter & 0xFFFF) + "@" + Long.toUnsignedString(writer, 16);
  }
}
