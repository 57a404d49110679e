package org.bloomchord.experiments.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * symbols needed and the receiver's cost in thread CPU time (immune to other processes competing
 * for the cores): all of it (local encoding, subtraction, peeling, the check of the recovered
 * elements against the local set), the local encoding alone (measured by re-encoding the same
 * symbols), and the difference of the two: decoding proper, with its rate in differences per
 * second. The wall-clock peel time the decoder measures itself is shown too.
 *
 * <p>Usage: {@code RatelessDecodeBench [d] [common] [elementBytes] [repetitions] [batch] [--json]};
 * defaults 1000000 0 8 5 and a batch of d/16 symbols. Every run verifies the decoded difference.
 * With {@code --json} (anywhere among the arguments) each measured repetition is printed as one
 * JSON line instead ({@link RatelessDecodeTable} writes the table of such lines).
 */
public final class RatelessDecodeBench {

  private RatelessDecodeBench() {
  }

  /**
   * Runs the benchmark.
   *
   * @param args d, common, element bytes, repetitions and batch, in that order, each optional; and
   *     {@code --json} for one JSON line per measured repetition
   */
  public static void main(String[] args) {
    boolean json = java.util.Arrays.asList(args).contains("--json");
    args = java.util.Arrays.stream(args).filter(a -> !a.equals("--json")).toArray(String[]::new);
    int d = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int common = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    ElementShape shape = new ElementShape(args.length > 2 ? Integer.parseInt(args[2]) : 8);
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 5;
    int batch = args.length > 4 ? Integer.parseInt(args[4]) : Math.max(1, d / 16);
    if (!json) {
      System.out.printf(Locale.ROOT, "rateless decode: d=%d common=%d E=%d batch=%d, %d warm-up + %d measured%n",
          d, common, shape.bytes(), batch, 2, reps);
    }
    for (int rep = -2; rep < reps; rep++) {
      run(d, common, shape, batch, rep, rep >= 0, json);
    }
  }

  private static void run(int d, int common, ElementShape shape, int batch, int rep, boolean print, boolean json) {
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
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    long c0 = cpu.getCurrentThreadCpuTime();
    RatelessDecoder decoder = new RatelessDecoder(a, max);
    for (int i = 0; i < stream.length && !decoder.decoded(); i++) {
      decoder.add(stream[i]);
    }
    Difference diff = decoder.difference();
    long c1 = cpu.getCurrentThreadCpuTime();
    if (!diff.decoded() || diff.size() != d) {
      throw new IllegalStateException("decoding failed: " + diff.size() + " of " + d);
    }
    // the same local encoding again, alone, in the same batches
    RatelessEncoder again = new RatelessEncoder(a.copy());
    for (int left = decoder.received(); left > 0; left -= batch) {
      again.next(Math.min(batch, left));
    }
    long c2 = cpu.getCurrentThreadCpuTime();
    if (print && json) {
      System.out.printf(Locale.ROOT, "{\"bench\":\"rateless-decode\",\"d\":%d,\"common\":%d,\"elementBytes\":%d,"
          + "\"batch\":%d,\"rep\":%d,\"symbols\":%d,\"receiverCpuNanos\":%d,\"localEncodingCpuNanos\":%d,"
          + "\"peelWallNanos\":%d}%n", d, common, shape.bytes(), batch, rep, decoder.received(), c1 - c0, c2 - c1,
          decoder.peelNanos());
    } else if (print) {
      double totalMs = (c1 - c0) / 1e6;
      double encodeMs = (c2 - c1) / 1e6;
      double decodeMs = totalMs - encodeMs;
      System.out.printf(Locale.ROOT,
          "rep %d: symbols %d (%.3f per difference); CPU: receiver %.1f ms, local encoding %.1f ms, "
              + "decoding %.1f ms = %.2f M diffs/s; wall-clock peel %.1f ms%n",
          rep, decoder.received(), (double) decoder.received() / d, totalMs, encodeMs, decodeMs,
          d / decodeMs / 1e3, decoder.peelNanos() / 1e6);
    }
  }
}
