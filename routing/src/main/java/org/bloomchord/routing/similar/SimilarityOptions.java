package org.bloomchord.routing.similar;

import org.bloomchord.routing.minhash.LshBands;

/**
 * How documents are shingled and signed: K-word shingles, b bands of r rows (k = b r MinHash
 * functions drawn from {@code sketchSeed}). Every peer of a ring must use the same options, since
 * signatures compare only under equal functions and band keys only under equal banding.
 *
 * @param shingle K, words per shingle, 1..{@value Shingles#MAX_K}
 * @param bands b, 1..256
 * @param rows r, 1..64, with b r at most {@link org.bloomchord.routing.minhash.MinHashSketch#MAX_HASHES}
 * @param sketchSeed seed of the MinHash functions
 */
public record SimilarityOptions(int shingle, int bands, int rows, long sketchSeed) {

  /** Default: 4-word shingles, 20 bands of 5 rows (threshold about (1/20)^(1/5) ≈ 0.55). */
  public static final SimilarityOptions DEFAULTS = new SimilarityOptions(4, 20, 5, 0x51A11A4L);

  public SimilarityOptions {
    if (shingle < 1 || shingle > Shingles.MAX_K) {
      throw new IllegalArgumentException("shingle must be in 1.." + Shingles.MAX_K + ", got " + shingle);
    }
    if (bands < 1 || bands > 256 || rows < 1 || rows > 64) {
      throw new IllegalArgumentException("bands must be in 1..256 and rows in 1..64, got " + bands + " x " + rows);
    }
  }

  /** The default options. */
  public static SimilarityOptions defaults() {
    return DEFAULTS;
  }

  /** These options with another banding. */
  public SimilarityOptions withBanding(int b, int r) {
    return new SimilarityOptions(shingle, b, r, sketchSeed);
  }

  /** These options with another shingle length. */
  public SimilarityOptions withShingle(int k) {
    return new SimilarityOptions(k, bands, rows, sketchSeed);
  }

  /** The banding. */
  public LshBands banding() {
    return new LshBands(bands, rows);
  }

  /** MinHash functions per signature: b r. */
  public int hashes() {
    return bands * rows;
  }
}
