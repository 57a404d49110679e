package org.bloomchord.chord.store;

/**
 * The version of a stored value: a counter, then the id of the peer that wrote it as tie-break.
 * Versions are totally ordered, so replicas that exchange entries converge on the greatest one.
 *
 * <p>The primary of a key assigns {@code counter = max(previous counter + 1, clock)}, which keeps
 * versions increasing across changes of primary as long as clocks roughly agree, and strictly
 * increasing on one primary.
 *
 * @param counter non-negative logical counter
 * @param writer ring id of the peer that assigned the version (compared unsigned)
 */
public record Version(long counter, long writer) implements Comparable<Version> {

  /** Smaller than every assigned version. */
  public static final Version NONE = new Version(0, 0);

  public Version {
    if (counter < 0) {
      throw new IllegalArgumentException("version counter must not be negative: " + counter);
    }
  }

  /** The version the primary {@code writer} assigns when it overwrites {@code previous}. */
  public static Version next(Version previous, long clock, long writer) {
    long base = previous == null ? 0 : previous.counter;
    return new Version(Math.max(base + 1, Math.max(clock, 0)), writer);
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
    return counter + "@" + Long.toUnsignedString(writer, 16);
  }
}
