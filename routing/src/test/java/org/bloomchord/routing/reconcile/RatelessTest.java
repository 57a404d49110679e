package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RatelessTest {

  /** Streams b's symbols to a decoder of a, one symbol at a time; returns the symbols used. */
  private static int stream(SetPair p, RatelessDecoder dec) {
    RatelessEncoder enc = new RatelessEncoder(p.b());
    while (!dec.decoded()) {
      dec.add(enc.next(1));
    }
    return dec.received();
  }

  @ParameterizedTest(name = "common {0}, only a {1}, only b {2}, E {3}")
  @CsvSource({
      "0, 0, 0, 8",
      "1000, 0, 0, 8",
      "0, 300, 0, 8",
      "0, 0, 300, 8",
      "0, 200, 200, 8",
      "3000, 1, 0, 8",
      "3000, 0, 1, 8",
      "3000, 2, 1, 8",
      "3000, 40, 60, 8",
      "3000, 700, 800, 8",
      "2000, 50, 50, 21",
      "500, 10, 90, 128"})
  void recoversBothDifferencesExactly(int common, int onlyA, int onlyB, int bytes) {
    SetPair p = SetPair.of(new ElementShape(bytes), common, onlyA, onlyB, 100 + common + onlyB);
    RatelessDecoder dec = new RatelessDecoder(p.a(), 1 << 20);
    stream(p, dec);
    Difference d = dec.difference();
    assertTrue(d.decoded());
    assertEquals(p.onlyB(), d.missingHere());
    assertEquals(p.onlyA(), d.missingThere());
  }

  @Test
  void identicalSetsNeedOneSymbolAndASingleDifferenceToo() {
    SetPair same = SetPair.of(ElementShape.KEY64, 100, 0, 0, 1);
    assertEquals(1, stream(same, new RatelessDecoder(same.a(), 10)));
    SetPair one = SetPair.of(ElementShape.KEY64, 100, 0, 1, 1);
    assertEquals(1, stream(one, new RatelessDecoder(one.a(), 10)));
  }

  @Test
  void overheadForLargeDifferencesIsCloseToThePapers() {
    // Yang et al. report about 1.35-1.4 symbols per difference for large d; allow up to 1.55 over
    // 5 fixed seeds (and at least the 1.0 a perfect code would need)
    long symbols = 0;
    int d = 0;
    for (int seed = 0; seed < 5; seed++) {
      SetPair p = SetPair.of(ElementShape.KEY64, 2000, 1000, 1000, seed);
      symbols += stream(p, new RatelessDecoder(p.a(), 1 << 20));
      d += p.difference();
    }
    double overhead = (double) symbols / d;
    assertTrue(overhead > 1.0 && overhead < 1.55, "symbols per difference " + overhead);
  }

  @Test
  void symbolIndexDensityFollowsOneOverOnePlusHalfI() {
    // 20,000 elements: count of symbol i is Binomial(n, 1/(1 + i/2)); 6 standard deviations
    ElementSet s = ElementSet.random(ElementShape.KEY64, 20_000, new java.util.SplittableRandom(4));
    CodedSymbols sym = new RatelessEncoder(s).next(2000);
    for (int i : new int[] {0, 1, 2, 10, 100, 1000, 1999}) {
      double p = 1.0 / (1 + i / 2.0);
      double mean = 20_000 * p;
      double sd = Math.sqrt(20_000 * p * (1 - p));
      assertEquals(mean, sym.count(i), 6 * sd + 1e-9, "symbol " + i);
    }
  }

  /**
   * The definition, computed element by element: symbol i holds exactly the elements whose index
   * sequence contains i. The encoder, which works a block of symbols at a time, must give exactly
   * these symbols across block boundaries and for batches that straddle them.
   */
  @Test
  void symbolsAcrossBlocksAreExactlyTheElementsWhoseSequenceContainsThem() {
    ElementShape shape = new ElementShape(12);
    int m = 3 * RatelessEncoder.BLOCK + 123;
    ElementSet s = ElementSet.random(shape, 300, new java.util.SplittableRandom(21));
    int words = shape.words();
    long[] counts = new long[m];
    long[] checks = new long[m];
    long[] sums = new long[m * words];
    long[] data = s.words();
    for (int e = 0; e < s.size(); e++) {
      long state = IndexSequence.seed(ElementHash.hash(data, e * words, words, ElementHash.MAPPING_SEED));
      long check = ElementHash.checksum(data, e * words, words);
      for (long i = 0; i < m; ) {
        counts[(int) i]++;
        checks[(int) i] ^= check;
        for (int w = 0; w < words; w++) {
          sums[(int) i * words + w] ^= data[e * words + w];
        }
        state = IndexSequence.advance(state);
        i = IndexSequence.next(i, state);
      }
    }
    RatelessEncoder enc = new RatelessEncoder(s);
    int at = 0;
    java.util.SplittableRandom sizes = new java.util.SplittableRandom(3);
    while (at < m) {
      int n = Math.min(m - at, 1 + sizes.nextInt(3000));
      CodedSymbols part = enc.next(n);
      for (int i = 0; i < n; i++) {
        int x = at + i;
        assertEquals(counts[x], part.count(i), "count of symbol " + x);
        assertEquals(checks[x], part.checksum(i), "checksum of symbol " + x);
        assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOfRange(sums, x * words, x * words + words)),
            java.util.Arrays.toString(part.sum(i)), "sum of symbol " + x);
      }
      at += n;
    }
  }

  @Test
  void batchesOfAnySizeGiveTheSameSymbolsAsOneAtATime() {
    ElementSet s = ElementSet.random(new ElementShape(12), 500, new java.util.SplittableRandom(8));
    CodedSymbols all = new RatelessEncoder(s).next(300);
    RatelessEncoder e = new RatelessEncoder(s);
    int at = 0;
    for (int n : new int[] {1, 2, 7, 90, 200}) {
      CodedSymbols part = e.next(n);
      for (int i = 0; i < n; i++) {
        assertEquals(all.count(at + i), part.count(i));
        assertEquals(all.checksum(at + i), part.checksum(i));
        assertEquals(java.util.Arrays.toString(all.sum(at + i)), java.util.Arrays.toString(part.sum(i)));
      }
      at += n;
    }
  }

  @Test
  void aForgedSymbolIsRejectedAndTheDecoderNeverInventsElements() {
    SetPair p = SetPair.of(ElementShape.KEY64, 200, 0, 0, 3);
    RatelessDecoder dec = new RatelessDecoder(p.a(), 100);
    // symbol 0 claiming one extra element that is already local: pure, but inconsistent
    CodedSymbols forged = new RatelessEncoder(p.a()).next(1);
    long[] known = p.a().element(0);
    forged.counts[0] += 1;
    forged.sums[0] ^= known[0];
    forged.checks[0] ^= ElementHash.checksum(known, 0, 1);
    assertTrue(dec.add(forged), "the forged element peels, leaving symbol 0 empty");
    assertThrows(MalformedMessageException.class, dec::difference);
  }

  @Test
  void runsOutOfOrderOrBeyondTheLimitAreMalformed() {
    SetPair p = SetPair.of(ElementShape.KEY64, 100, 50, 50, 3);
    RatelessEncoder enc = new RatelessEncoder(p.b());
    RatelessDecoder dec = new RatelessDecoder(p.a(), 20);
    enc.next(5);
    assertThrows(MalformedMessageException.class, () -> dec.add(enc.next(5)));
    RatelessDecoder dec2 = new RatelessDecoder(p.a(), 20);
    RatelessEncoder enc2 = new RatelessEncoder(p.b());
    assertFalse(dec2.add(enc2.next(20)));
    assertTrue(dec2.exhausted());
    assertThrows(MalformedMessageException.class, () -> dec2.add(enc2.next(1)));
    assertThrows(MalformedMessageException.class,
        () -> new RatelessDecoder(p.a(), 20).add(new RatelessEncoder(ElementSet.random(new ElementShape(9), 3,
            new java.util.SplittableRandom(1))).next(1)));
  }

  @Test
  void symbolsRoundTripAndTruncatedRunsAreMalformed() {
    ElementSet s = ElementSet.random(new ElementShape(10), 100, new java.util.SplittableRandom(2));
    CodedSymbols sym = new RatelessEncoder(s).next(40);
    WireWriter w = new WireWriter();
    sym.writeSymbols(w);
    assertEquals(sym.encodedBytes(), w.size());
    byte[] b = w.toByteArray();
    CodedSymbols back = CodedSymbols.readSymbols(s.shape(), 0, 40, new WireReader(b));
    for (int i = 0; i < 40; i++) {
      assertEquals(sym.count(i), back.count(i));
      assertEquals(sym.checksum(i), back.checksum(i));
    }
    assertThrows(MalformedMessageException.class,
        () -> CodedSymbols.readSymbols(s.shape(), 0, 40, new WireReader(b, 0, b.length / 2)));
  }

  /**
   * The responder's estimate of the difference from a first flight of 256 symbols and 4,096 counts
   * is within 3 standard errors of the true d (relative error about 1.3 sqrt(2 / 4352) = 2.8%),
   * for differences from 1,000 to 20,000, over fixed seeds; counts and symbols at the same index
   * are sampled once.
   */
  @org.junit.jupiter.api.Test
  void theEstimateFromAFirstFlightAndCountsIsWithinItsStandardError() {
    for (int d : new int[] {1000, 5000, 20000}) {
      for (long seed = 1; seed <= 3; seed++) {
        SetPair p = SetPair.of(ElementShape.KEY64, 20000, d / 2, d - d / 2, seed * 31 + d);
        RatelessDecoder dec = new RatelessDecoder(p.b(), Integer.MAX_VALUE - 1);
        RatelessEncoder enc = new RatelessEncoder(p.a());
        dec.add(enc.next(256));
        dec.addProbe(256, IndexCounts.of(p.a(), 256, 4096));
        dec.add(enc.next(512));
        assertEquals(256 - 1 + 4096, dec.samples());
        double est = dec.estimateDifference(p.a().size() - p.b().size());
        double rel = 1.3 * Math.sqrt(2.0 / dec.samples());
        org.junit.jupiter.api.Assertions.assertTrue(Math.abs(est / d - 1) < 3 * rel, d + " seed " + seed + ": " + est);
      }
    }
  }
}
