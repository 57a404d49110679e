package org.bloomchord.routing.similar;

import java.util.Arrays;
import org.bloomchord.routing.hash.Murmur3;

/**
 * Word shingles of a text (source notes 002): the set of its K-word windows, each as a 64-bit hash,
 * sorted and without duplicates, and the exact Jaccard coefficient of two such sets. A text of
 * fewer than K words has one shingle, the whole text, so every non-empty text has a non-empty set.
 */
public final class Shingles {

  /** Longest shingle, in words. */
  public static final int MAX_K = 64;

  private Shingles() {
  }

  /** The K-word shingle hashes of {@code text} (words: runs of letters or digits, lower-cased). */
  public static long[] of(String text, int k) {
    String[] words = text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+");
    long[] ids = Arrays.stream(words).filter(w -> !w.isEmpty()).mapToLong(w -> Murmur3.hash128(w).h1()).toArray();
    return ofWords(ids, k);
  }

  /** The K-shingle hashes of a sequence of word ids (what the synthetic corpus generates). */
  public static long[] ofWords(long[] words, int k) {
    if (k < 1 || k > MAX_K) {
      throw new IllegalArgumentException("shingle length must be in 1.." + MAX_K + ", got " + k);
    }
    if (words.length == 0) {
      return new long[0];
    }
    int windows = Math.max(1, words.length - k + 1);
    long[] out = new long[windows];
    for (int i = 0; i < windows; i++) {
      long h = 0x5851F42D4C957F2DL;
      for (int j = i; j < Math.min(words.length, i + k); j++) {
        h = Murmur3.fmix64(h ^ words[j]) + 0x9E3779B97F4A7C15L;
      }
      out[i] = h;
    }
    Arrays.sort(out);
    return distinct(out);
  }

  /** |A ∩ B| / |A ∪ B| of two sorted duplicate-free arrays; 1 for two empty sets. */
  public static double jaccard(long[] a, long[] b) {
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        common++;
        i++;
        j++;
      } else if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    int union = a.length + b.length - common;
    return union == 0 ? 1.0 : (double) common / union;
  }

  private static long[] distinct(long[] sorted) {
    int n = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[n++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, n);
  }
}
