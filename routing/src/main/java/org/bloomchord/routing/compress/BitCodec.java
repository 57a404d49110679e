package org.bloomchord.routing.compress;

/**
 * The entropy coders a compressed filter may use, each with the identifier it carries on the wire.
 *
 * <p>{@link #ARITHMETIC} is the default because it lands closer to m H(p): measured on filters of
 * random keys at every column of Mitzenmacher's tables, it exceeds the measured entropy only by
 * its fixed 18 or 19 bytes of header, checksum and flush (0.01 to 0.02 percent at n = 100,000),
 * while {@link #GOLOMB} needs 0.2 to 0.7 percent more than the entropy (a Golomb code spends a
 * whole number of bits on each run, and is optimal only among prefix codes of runs); near
 * p = 1/2 both send the raw array. docs/EXPERIMENTS.md has the figures and the command.
 */
public enum BitCodec {
  /** Binary arithmetic coding with a static one-bit probability. */
  ARITHMETIC(1),
  /** Golomb coding of the run lengths of the majority symbol. */
  GOLOMB(2);

  private final int id;

  BitCodec(int id) {
    this.id = id;
  }

  /** The identifier written in the encoding's header. */
  public int id() {
    return id;
  }

  /** The codec with this identifier, or null if none. */
  static BitCodec byId(int id) {
    for (BitCodec c : values()) {
      if (c.id == id) {
        return c;
      }
    }
    return null;
  }
}
