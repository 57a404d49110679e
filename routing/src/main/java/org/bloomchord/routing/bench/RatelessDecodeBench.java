package org.bloomchord.routing.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import org.bloomchord.routing.reconcile.CodedSymbols;
import org.bloomchord.routing.reconcile.Difference;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.RatelessDecoder;
import org.bloomchord.routing.reconcile.RatelessEncoder;

/**
 * Decode-rate benchmark of the rateless IBLT: two sets of {@code common} shared elements plus
 * {@code d} differing ones (half on each side); the sender's symbols are produced up front, then
 * the receiver subtracts its own symbols and peels. Reports, per repetition after warm-up, the
 * symbols needed, the time to peel (subtraction included, local encoding excluded) and to check the
 * recovered elements against the local set, and differences per second for both.
 *
 * <p>Usage: {@code RatelessDecodeBench [d] [common] [elementBytes] [repetitions] [batch]}; defaults
 * 1000000 0 8 5 and a batch of d/16 symbols. Every run verifies the decoded difference.
 */
public final class RatelessDecodeBench {

  private RatelessDecodeBench() {
  }

  public static void main(String[] args) {
    int d = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int common = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    ElementShape shape = new ElementShape(args.length > 2 ? Integer.parseInt(args[2]) : 8);
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 5;
    int batch = args.length > 4 ? Integer.parseInt(args[4]) : Math.max(1, d / 16);
    System.out.printf(Locale.ROOT, "rateless decode: d=%d common=%d E=%d batch=%d, %d warm-up + %d measured%n",
        d, common, shape.bytes(), batch, 2, reps);
    for (int rep = -2; rep < reps; rep++) {
      run(d, common, shape, batch, rep, rep >= 0);
    }
  }

  private static void run(int d, int common, ElementShape shape, int batch, int rep, boolean print) {
    ElementSet all = ElementSet.random(shape, common + d, new SplittableRandom(1000 + rep));
    ElementSet a = new ElementSet(shape, common + d / 2);
    ElementSet b = new ElementSet(shape, common + d / 2);
    long[] e = new long[shape.words()];
    for (int i = 0; i < all.size(); i++) {
      all.copyElement(i, e, 0);
      if (i < common || (i & 1) == 0) {
        a.add(e, 0);
      }
      if (i < common || (i & 1) == 1) {
        b.add(e, 0);
      }
    }
    RatelessEncoder sender = new RatelessEncoder(b);
    int max = 4 * d + 64;
    CodedSymbols[] stream = new CodedSymbols[(max + batch - 1) / batch];
    for (int i = 0; i < stream.length; i++) {
      stream[i] = sender.next(Math.min(batch, max - i * batch));
    }
    RatelessDecoder decoder = new RatelessDecoder(a, max);
    for (int i = 0; i < stream.length && !decoder.decoded(); i++) {
      decoder.add(stream[i]);
    }
    Difference diff = decoder.difference();
    if (!diff.decoded() || diff.size() != d) {
      throw new IllegalStateException("decoding failed: " + diff.size() + " of " + d);
    }
    if (print) {
      double peelS = decoder.peelNanos() / 1e9;
      double checkS = decoder.checkNanos() / 1e9;
      System.out.printf(Locale.ROOT,
          "rep %d: symbols %d (%.3f per difference), peel %.1f ms = %.2f M diffs/s, with check %.1f ms = %.2f M diffs/s, local encode %.1f ms%n",
          rep, decoder.received(), (double) decoder.received() / d, peelS * 1e3, d / peelS / 1e6,
          (peelS + checkS) * 1e3, d / (peelS + checkS) / 1e6, decoder.encodeNanos() / 1e6);
    }
  }
}
