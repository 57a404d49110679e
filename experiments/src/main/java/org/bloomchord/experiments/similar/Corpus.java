package org.bloomchord.experiments.similar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.routing.similar.Shingles;

/**
 * The documents of the similarity experiment as shingle sets, with the exact Jaccard coefficient of
 * every pair that shares a shingle: either paragraphs of text files ({@link #paragraphs}) or a
 * synthetic corpus ({@link #generate}).
 *
 * <p>The synthetic corpus plants near-duplicates at every level of similarity: documents come in
 * families, each a chain d_0, d_1, ... where d_i is d_{i-1} with a share of its word positions
 * replaced by fresh words (the share drawn per family), so pairs at distance 1, 2, ... of one family
 * spread over the whole range of Jaccard coefficients, while documents of different families share
 * no word and so no shingle (J = 0). Words are random 64-bit ids: the corpus has the statistics of
 * text with an unbounded vocabulary, not of a language.
 *
 * <p>The exact Jaccard coefficient of every pair that shares a shingle is computed through an
 * inverted index (shingle to documents); every other pair has J = 0 exactly.
 */
public final class Corpus {

  /** Fewest words a paragraph needs to be a document. */
  public static final int MIN_PARAGRAPH_WORDS = 20;

  /** Words per document. */
  public static final int WORDS = 200;
  /** Documents per family. */
  public static final int FAMILY = 10;

  private final List<long[]> shingles;
  private final Map<Long, Double> related;

  private Corpus(List<long[]> shingles, Map<Long, Double> related) {
    this.shingles = shingles;
    this.related = related;
  }

  /** {@code documents} documents in families of {@value #FAMILY}, shingled with K words. */
  public static Corpus generate(int documents, int shingle, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<long[]> sets = new ArrayList<>(documents);
    while (sets.size() < documents) {
      long[] words = new long[WORDS];
      for (int i = 0; i < WORDS; i++) {
        words[i] = random.nextLong();
      }
      // per-step share of words replaced; small shares make long chains of high-J pairs,
      // large ones fill the low bins
      double share = 0.002 + 0.12 * Math.pow(random.nextDouble(), 2);
      for (int i = 0; i < FAMILY && sets.size() < documents; i++) {
        if (i > 0) {
          words = words.clone();
          int edits = Math.max(1, (int) Math.round(share * WORDS * (0.5 + random.nextDouble())));
          for (int e = 0; e < edits; e++) {
            words[random.nextInt(WORDS)] = random.nextLong();
          }
        }
        sets.add(Shingles.ofWords(words, shingle));
      }
    }
    return new Corpus(sets, relatedPairs(sets));
  }

  /**
   * The paragraphs (text between blank lines) of at least {@value #MIN_PARAGRAPH_WORDS} words of
   * every regular file in {@code dir} (files reached twice through links read once), in file-name
   * order, as K-word shingle sets; a paragraph equal to one already taken is skipped.
   */
  public static Corpus paragraphs(java.nio.file.Path dir, int shingle) throws java.io.IOException {
    List<long[]> sets = new ArrayList<>();
    java.util.Set<java.nio.file.Path> seen = new java.util.HashSet<>();
    java.util.Set<String> texts = new java.util.HashSet<>();
    List<java.nio.file.Path> files;
    try (java.util.stream.Stream<java.nio.file.Path> list = java.nio.file.Files.list(dir)) {
      files = list.sorted().toList();
    }
    for (java.nio.file.Path f : files) {
      if (!java.nio.file.Files.isRegularFile(f) || !seen.add(f.toRealPath())) {
        continue;
      }
      String text = java.nio.file.Files.readString(f, java.nio.charset.StandardCharsets.UTF_8);
      for (String paragraph : text.split("\\n\\s*\\n")) {
        String normal = paragraph.strip().replaceAll("\\s+", " ");
        if (normal.split(" ").length >= MIN_PARAGRAPH_WORDS && texts.add(normal)) {
          sets.add(Shingles.of(normal, shingle));
        }
      }
    }
    return new Corpus(sets, relatedPairs(sets));
  }

  private static Map<Long, Double> relatedPairs(List<long[]> sets) {
    Map<Long, List<Integer>> index = new HashMap<>();
    for (int d = 0; d < sets.size(); d++) {
      for (long h : sets.get(d)) {
        index.computeIfAbsent(h, x -> new ArrayList<>(2)).add(d);
      }
    }
    Map<Long, Double> out = new HashMap<>();
    for (List<Integer> docs : index.values()) {
      for (int x = 0; x < docs.size(); x++) {
        for (int y = x + 1; y < docs.size(); y++) {
          int a = docs.get(x);
          int b = docs.get(y);
          if (a != b) {
            out.computeIfAbsent(pair(Math.min(a, b), Math.max(a, b)), p -> Shingles.jaccard(sets.get(a), sets.get(b)));
          }
        }
      }
    }
    return out;
  }

  /** The key of the unordered pair (a, b), a &lt; b. */
  public static long pair(int a, int b) {
    return ((long) a << 32) | b;
  }

  /** Number of documents. */
  public int size() {
    return shingles.size();
  }

  /** The shingle hashes of document d (sorted, distinct). */
  public long[] shingles(int d) {
    return shingles.get(d);
  }

  /** Exact J of every pair with J &gt; 0, by pair key; all other pairs have J = 0. */
  public Map<Long, Double> related() {
    return related;
  }

  /** The id a document is published under. */
  public static String id(int d) {
    return "doc-" + d;
  }
}
