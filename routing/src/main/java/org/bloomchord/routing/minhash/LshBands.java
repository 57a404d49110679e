package org.bloomchord.routing.minhash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.bloomchord.routing.hash.Murmur3;

/**
 * Locality-sensitive hashing of MinHash sketches by banding (source notes, "Market Basket"): the k
 * components are cut into b bands of r rows, and two sketches become a candidate pair when they
 * agree on every row of at least one band. A pair of Jaccard coefficient J becomes a candidate with
 * probability 1 - (1 - J^r)^b, an S-curve that rises around J ≈ (1/b)^(1/r).
 *
 * @param bands b, at least 1
 * @param rows r, at least 1
 */
public record LshBands(int bands, int rows) {

  public LshBands {
    if (bands < 1 || rows < 1) {
      throw new IllegalArgumentException("bands and rows must be positive: " + bands + " x " + rows);
    }
  }

  /**
   * The banding for k components and similarity threshold t in (0, 1), as in the notes: the largest
   * r with (k / r) t^r &ge; 1, so that a pair with J &ge; t is expected to agree on at least one band,
   * and b = k / r.
   */
  public static LshBands forThreshold(int hashes, double threshold) {
    if (hashes < 1 || !(threshold > 0 && threshold < 1)) {
      throw new IllegalArgumentException("need hashes >= 1 and threshold in (0, 1): " + hashes + ", " + threshold);
    }
    int best = 1;
    for (int r = 1; r <= hashes; r++) {
      if ((double) (hashes / r) * Math.pow(threshold, r) >= 1) {
        best = r;
      }
    }
    return new LshBands(hashes / best, best);
  }

  /** Components used: b r. */
  public int hashes() {
    return bands * rows;
  }

  /** The probability that a pair of Jaccard coefficient {@code jaccard} becomes a candidate. */
  public double candidateProbability(double jaccard) {
    return 1 - Math.pow(1 - Math.pow(jaccard, rows), bands);
  }

  /** The b band keys of a sketch (band index mixed in, so equal keys imply the same band). */
  public long[] bandKeys(MinHashSketch sketch) {
    if (sketch.hashes() < hashes()) {
      throw new IllegalArgumentException("sketch has " + sketch.hashes() + " components, banding needs " + hashes());
    }
    long[] keys = new long[bands];
    for (int b = 0; b < bands; b++) {
      long h = Murmur3.fmix64(b + 0x632BE59BD9B4E019L);
      for (int r = 0; r < rows; r++) {
        h = Murmur3.fmix64(h ^ sketch.min(b * rows + r));
      }
      keys[b] = h;
    }
    return keys;
  }

  /**
   * The candidate pairs among named sketches: every pair that shares a band key, each reported once
   * as (first, second) in the order of {@code sketches}' iteration.
   */
  public <K> List<Map.Entry<K, K>> candidates(Map<K, MinHashSketch> sketches) {
    List<K> names = new ArrayList<>(sketches.keySet());
    Map<Long, List<Integer>> buckets = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      for (long key : bandKeys(sketches.get(names.get(i)))) {
        buckets.computeIfAbsent(key, x -> new ArrayList<>()).add(i);
      }
    }
    TreeSet<Long> pairs = new TreeSet<>();
    for (List<Integer> bucket : buckets.values()) {
      for (int x = 0; x < bucket.size(); x++) {
        for (int y = x + 1; y < bucket.size(); y++) {
          int a = Math.min(bucket.get(x), bucket.get(y));
          int b = Math.max(bucket.get(x), bucket.get(y));
          if (a != b) {
            pairs.add(((long) a << 32) | b);
          }
        }
      }
    }
    List<Map.Entry<K, K>> out = new ArrayList<>(pairs.size());
    for (long p : pairs) {
      out.add(Map.entry(names.get((int) (p >>> 32)), names.get((int) p)));
    }
    return out;
  }
}
