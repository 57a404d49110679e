package org.bloomchord.routing.join;

/**
 * A tuple of a two-column relation of 64-bit values: (a, b) of R or (b, c) of S. On the wire a
 * tuple is {@value #BYTES} bytes: both values as fixed 8-byte longs.
 *
 * @param first the first column (R's a, S's b)
 * @param second the second column (R's b, S's c)
 */
public record Tuple(long first, long second) {

  /** Encoded size. */
  public static final int BYTES = 16;
}
