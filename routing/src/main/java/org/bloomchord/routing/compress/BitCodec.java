package org.bloomchord.routing.compress;

/**
 * The entropy coders a compressed filter may use, each with the identifier it carries on the wire.
 *
 * <p>{@link #ARITHMETIC} is the default because it lands closer to m H(p): measured on filters of
 * random keys at every column of Mitzenmacher's tables (n = 10,000), it exceeds the measured
 * entropy only by its fixed 18 bytes of header, checksum and flush, while {@link #GOLOMB} needs
 * 0.5 to 0.8 percent more than the entropy on the sparse columns (a Golomb code spends a whole
 * number of bits per run) and both are the raw array near p = 1/2. docs/EXPERIMENTS.md has the
 * figures and the command that produced them.
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
