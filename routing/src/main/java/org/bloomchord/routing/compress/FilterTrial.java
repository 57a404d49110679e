package org.bloomchord.routing.compress;

import java.util.SplittableRandom;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * One measured filter: n random 64-bit keys inserted into a filter of a given shape, then
 * {@code queries} random keys that were not inserted tested against it, and the filter encoded
 * with each codec.
 *
 * <p>Inserted keys have their lowest bit cleared and query keys have it set, so no query is ever
 * an inserted key and every positive answer is a false positive. Both streams come from one seeded
 * generator: the same seed gives the same filter, the same queries and the same figures.
 *
 * @param shape the filter's (m, k)
 * @param elements n, the keys inserted
 * @param queries the keys tested that were not inserted
 * @param falsePositives how many of them the filter matched
 * @param ones the number of one-bits of the filter
 * @param arithmeticBits the length of the {@link BitCodec#ARITHMETIC} encoding, in bits
 * @param golombBits the length of the {@link BitCodec#GOLOMB} encoding, in bits
 * @param entropyBits m H(p̂) with p̂ the measured share of zero bits
 */
public record FilterTrial(BloomShape shape, long elements, long queries, long falsePositives, long ones,
    long arithmeticBits, long golombBits, double entropyBits) {

  /** Builds, queries and encodes one filter. */
  public static FilterTrial run(BloomShape shape, long elements, long queries, long seed) {
    if (elements < 1 || queries < 0) {
      throw new IllegalArgumentException("need n >= 1 and queries >= 0, got n=" + elements + ", queries=" + queries);
    }
    SplittableRandom random = new SplittableRandom(seed);
    BloomFilter filter = new BloomFilter(shape);
    for (long i = 0; i < elements; i++) {
      filter.add(random.nextLong() & ~1L);
    }
    long falsePositives = 0;
    for (long i = 0; i < queries; i++) {
      if (filter.mightContain(random.nextLong() | 1L)) {
        falsePositives++;
      }
    }
    return new FilterTrial(shape, elements, queries, falsePositives, filter.cardinality(),
        CompressedBloom.encodedBits(filter, BitCodec.ARITHMETIC),
        CompressedBloom.encodedBits(filter, BitCodec.GOLOMB),
        CompressedBloom.entropyBits(filter));
  }

  /** The measured false-positive rate, or NaN without queries. */
  public double falsePositiveRate() {
    return queries == 0 ? Double.NaN : (double) falsePositives / queries;
  }

  /** The measured share of zero bits. */
  public double zeroFraction() {
    return 1.0 - (double) ones / shape.bits();
  }

  /** The length of the encoding with the given codec, in bits. */
  public long encodedBits(BitCodec codec) {
    return codec == BitCodec.ARITHMETIC ? arithmeticBits : golombBits;
  }
}
