package org.bloomchord.experiments.fuzz;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Turns well-formed frames into hostile ones, the way a faulty or malicious peer would: flipped
 * bits, inserted and deleted bytes, a length or count field inflated to 2^31-1, frames spliced from
 * two messages, truncation. One call applies one to three mutations to a copy of a frame drawn from
 * the corpus; the kind of the first one is returned with the frame.
 */
final class FrameMutator {

  /** What was done to a frame. */
  enum Mutation {
    /** One to eight random bits inverted. */
    BIT_FLIP,
    /** One to sixteen random bytes inserted at one position. */
    INSERT,
    /** One to sixteen bytes removed from one position. */
    DELETE,
    /**
     * The varint starting at a random position (the tag, a count, a length or a number) replaced by
     * the varint of 2^31-1, or four bytes overwritten with the big-endian int 2^31-1.
     */
    INFLATE_LENGTH,
    /** The head of one frame followed by the tail of another. */
    SPLICE,
    /** The frame cut short. */
    TRUNCATE,
    /** The frame unchanged: checks that well-formed frames decode and round-trip. */
    NONE
  }

  /** A mutated frame and the kind of its first mutation. */
  record Mutant(byte[] frame, Mutation mutation) {
  }

  private static final byte[] VARINT_MAX_INT = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
  private static final byte[] INT_MAX_INT = {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
  private static final Mutation[] KINDS = Mutation.values();

  private final List<byte[]> corpus;
  private final SplittableRandom random;

  FrameMutator(List<byte[]> corpus, long seed) {
    if (corpus.isEmpty()) {
      throw new IllegalArgumentException("empty corpus");
    }
    this.corpus = corpus;
    this.random = new SplittableRandom(seed);
  }

  /** The next hostile frame. */
  Mutant next() {
    byte[] frame = pick();
    Mutation first = KINDS[random.nextInt(KINDS.length)];
    frame = apply(first, frame);
    if (first != Mutation.NONE) {
      // stacked mutations reach states one change cannot (a count inflated and its body cut)
      for (int extra = random.nextInt(3); extra > 0; extra--) {
        frame = apply(KINDS[random.nextInt(KINDS.length - 1)], frame);
      }
    }
    return new Mutant(frame, first);
  }

  private byte[] pick() {
    return corpus.get(random.nextInt(corpus.size()));
  }

  private byte[] apply(Mutation m, byte[] f) {
    return switch (m) {
      case BIT_FLIP -> flip(f);
      case INSERT -> insert(f);
      case DELETE -> delete(f);
      case INFLATE_LENGTH -> inflate(f);
      case SPLICE -> splice(f, pick());
      case TRUNCATE -> Arrays.copyOf(f, f.length == 0 ? 0 : random.nextInt(f.length));
      case NONE -> f.clone();
    };
  }

  private byte[] flip(byte[] f) {
    byte[] out = f.clone();
    if (out.length == 0) {
      return out;
    }
    for (int n = 1 + random.nextInt(8); n > 0; n--) {
      int bit = random.nextInt(out.length * 8);
      out[bit >>> 3] ^= (byte) (1 << (bit & 7));
    }
    return out;
  }

  private byte[] insert(byte[] f) {
    int at = random.nextInt(f.length + 1);
    byte[] extra = new byte[1 + random.nextInt(16)];
    random.nextBytes(extra);
    return concat(Arrays.copyOf(f, at), extra, Arrays.copyOfRange(f, at, f.length));
  }

  private byte[] delete(byte[] f) {
    if (f.length == 0) {
      return f;
    }
    int at = random.nextInt(f.length);
    int n = Math.min(1 + random.nextInt(16), f.length - at);
    return concat(Arrays.copyOf(f, at), Arrays.copyOfRange(f, at + n, f.length));
  }

  private byte[] inflate(byte[] f) {
    int at = f.length == 0 ? 0 : random.nextInt(f.length);
    if (random.nextBoolean()) {
      int end = at;
      while (end < f.length && end - at < 10 && (f[end] & 0x80) != 0) {
        end++;
      }
      end = Math.min(end + 1, f.length);
      return concat(Arrays.copyOf(f, at), VARINT_MAX_INT, Arrays.copyOfRange(f, end, f.length));
    }
    byte[] out = Arrays.copyOf(f, Math.max(f.length, at + 4));
    System.arraycopy(INT_MAX_INT, 0, out, at, 4);
    return out;
  }

  private byte[] splice(byte[] head, byte[] tail) {
    int cut = random.nextInt(head.length + 1);
    int from = random.nextInt(tail.length + 1);
    return concat(Arrays.copyOf(head, cut), Arrays.copyOfRange(tail, from, tail.length));
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
