package org.bloomchord.experiments.sketch;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.BitCodec;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.compress.CompressedBloomOptimizer;
import org.bloomchord.routing.compress.CompressedDesign;
import org.bloomchord.routing.compress.DesignLimits;
import org.bloomchord.routing.compress.FilterTrial;

/**
 * Mitzenmacher's compressed-filter tables ("Compressed Bloom Filters", ToN 2002, Tables I and II),
 * as published and as measured on filters of random keys.
 *
 * <p>Each table has a group of three columns for about 8 and about 16 bits per element. The first
 * column of a group is the uncompressed optimum (m/n = 8, k = 6 and m/n = 16, k = 11); in the
 * fixed-size view the other columns keep the compressed size z/n at most the group's budget and
 * lower the false-positive rate, in the fixed-rate view they keep the group's false-positive rate
 * and lower z/n.
 *
 * <p>How the optimiser reproduces each column: every published column is the optimum for its
 * group's budget (or rate) under {@link DesignLimits} of m/n at most the column's m/n and k at
 * most the group's uncompressed k. The published m/n of the fixed-rate view are the optimiser's
 * m/n rounded up to the table's precision (0.1 or 0.5 or 1).
 */
public final class CompressedTable {

  /** Which of the paper's two views a column belongs to. */
  public enum View {
    /** Table I: at most z/n compressed bits per element, least false-positive rate. */
    FIXED_SIZE,
    /** Table II: at most the group's false-positive rate, least compressed size. */
    FIXED_RATE
  }

  /**
   * One published column.
   *
   * @param view the table it belongs to
   * @param groupBitsPerElement the group's uncompressed m/n (8 or 16), also its size budget
   * @param groupHashes the group's uncompressed k (6 or 11)
   * @param bitsPerElement the column's m/n as published
   * @param hashes the column's k
   * @param compressedBitsPerElement the column's z/n as published
   * @param falsePositiveRate the column's false-positive rate as published
   */
  public record PaperColumn(View view, int groupBitsPerElement, int groupHashes, double bitsPerElement, int hashes,
      double compressedBitsPerElement, double falsePositiveRate) {
  }

  /**
   * One column measured.
   *
   * @param paper the published column
   * @param predicted the model's figures at the published m/n and k
   * @param optimised the optimiser's design for the column's group and limits
   * @param compressedBitsPerElement the measured arithmetic-coded size per key, header included
   * @param golombBitsPerElement the measured Golomb-coded size per key, header included
   * @param entropyBitsPerElement m H(p̂) / n with p̂ the measured share of zero bits
   * @param falsePositiveRate the measured false-positive rate
   * @param falsePositives false positives met over all seeds
   * @param queries keys tested over all seeds
   */
  public record Row(PaperColumn paper, CompressedDesign predicted, CompressedDesign optimised,
      double compressedBitsPerElement, double golombBitsPerElement, double entropyBitsPerElement,
      double falsePositiveRate, long falsePositives, long queries) {

    /** (measured z/n) / (published z/n) - 1. */
    public double compressedSizeError() {
      return compressedBitsPerElement / paper.compressedBitsPerElement() - 1;
    }

    /** A builder with every component unset (zero, false or null). */
    private static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Row} by name; {@link #build()} runs the record's checks. */
    private static final class Builder {
      private PaperColumn paper;
      private CompressedDesign predicted;
      private CompressedDesign optimised;
      private double compressedBitsPerElement;
      private double golombBitsPerElement;
      private double entropyBitsPerElement;
      private double falsePositiveRate;
      private long falsePositives;
      private long queries;

      private Builder() {
      }

      /** Sets {@link Row#paper()}. */
      public Builder paper(PaperColumn value) {
        paper = value;
        return this;
      }

      /** Sets {@link Row#predicted()}. */
      public Builder predicted(CompressedDesign value) {
        predicted = value;
        return this;
      }

      /** Sets {@link Row#optimised()}. */
      public Builder optimised(CompressedDesign value) {
        optimised = value;
        return this;
      }

      /** Sets {@link Row#compressedBitsPerElement()}. */
      public Builder compressedBitsPerElement(double value) {
        compressedBitsPerElement = value;
        return this;
      }

      /** Sets {@link Row#golombBitsPerElement()}. */
      public Builder golombBitsPerElement(double value) {
        golombBitsPerElement = value;
        return this;
      }

      /** Sets {@link Row#entropyBitsPerElement()}. */
      public Builder entropyBitsPerElement(double value) {
        entropyBitsPerElement = value;
        return this;
      }

      /** Sets {@link Row#falsePositiveRate()}. */
      public Builder falsePositiveRate(double value) {
        falsePositiveRate = value;
        return this;
      }

      /** Sets {@link Row#falsePositives()}. */
      public Builder falsePositives(long value) {
        falsePositives = value;
        return this;
      }

      /** Sets {@link Row#queries()}. */
      public Builder queries(long value) {
        queries = value;
        return this;
      }

      /** The record. */
      public Row build() {
        return new Row(paper, predicted, optimised, compressedBitsPerElement, golombBitsPerElement,
            entropyBitsPerElement, falsePositiveRate, falsePositives, queries);
      }
    }
  }

  /** The published columns, Table I then Table II, each in the paper's order. */
  public static final List<PaperColumn> PAPER = List.of(
      new PaperColumn(View.FIXED_SIZE, 8, 6, 8, 6, 8, 0.0216),
      new PaperColumn(View.FIXED_SIZE, 8, 6, 14, 2, 7.923, 0.0177),
      new PaperColumn(View.FIXED_SIZE, 8, 6, 92, 1, 7.923, 0.0108),
      new PaperColumn(View.FIXED_SIZE, 16, 11, 16, 11, 16, 0.000459),
      new PaperColumn(View.FIXED_SIZE, 16, 11, 28, 4, 15.846, 0.000314),
      new PaperColumn(View.FIXED_SIZE, 16, 11, 48, 3, 15.829, 0.000222),
      new PaperColumn(View.FIXED_RATE, 8, 6, 8, 6, 8, 0.0216),
      new PaperColumn(View.FIXED_RATE, 8, 6, 12.6, 2, 7.582, 0.0216),
      new PaperColumn(View.FIXED_RATE, 8, 6, 46, 1, 6.891, 0.0215),
      new PaperColumn(View.FIXED_RATE, 16, 11, 16, 11, 16, 0.000459),
      new PaperColumn(View.FIXED_RATE, 16, 11, 37.5, 3, 14.666, 0.000454),
      new PaperColumn(View.FIXED_RATE, 16, 11, 93, 2, 13.815, 0.000453));

  private CompressedTable() {
  }

  /** The optimiser's design for a published column's group and limits, for n keys. */
  public static CompressedDesign optimise(PaperColumn column, long elements) {
    DesignLimits limits = new DesignLimits(column.bitsPerElement(), column.groupHashes());
    return switch (column.view()) {
      case FIXED_SIZE -> CompressedBloomOptimizer
          .minimiseFalsePositives(elements, column.groupBitsPerElement(), limits)
          .orElseThrow();
      case FIXED_RATE -> CompressedBloomOptimizer
          .minimiseCompressedSize(elements, groupFalsePositiveRate(column, elements), limits)
          .orElseThrow();
    };
  }

  /** The model's false-positive rate of the column's uncompressed group design: the fixed-rate target. */
  public static double groupFalsePositiveRate(PaperColumn column, long elements) {
    long m = Math.round((double) column.groupBitsPerElement() * elements);
    return CompressedDesign.of(elements, m, column.groupHashes()).falsePositiveRate();
  }

  /**
   * Measures every published column: for each of {@code seeds} seeds (seed, seed + 1, ...) a filter
   * of n random keys at the column's m = round(m/n * n) and k, queried with
   * {@code queriesPerSeed} keys not inserted, and encoded; sizes and rates are averaged over seeds.
   */
  public static List<Row> measure(long elements, int seeds, long queriesPerSeed, long seed) {
    if (elements < 1 || seeds < 1 || queriesPerSeed < 0) {
      throw new IllegalArgumentException("need n >= 1, seeds >= 1, queries >= 0");
    }
    List<Row> rows = new ArrayList<>();
    for (PaperColumn column : PAPER) {
      long m = Math.round(column.bitsPerElement() * elements);
      BloomShape shape = new BloomShape(m, column.hashes());
      double arithmetic = 0;
      double golomb = 0;
      double entropy = 0;
      long falsePositives = 0;
      long queries = 0;
      for (int s = 0; s < seeds; s++) {
        FilterTrial t = FilterTrial.run(shape, elements, queriesPerSeed, seed + s);
        arithmetic += t.arithmeticBits();
        golomb += t.golombBits();
        entropy += t.entropyBits();
        falsePositives += t.falsePositives();
        queries += t.queries();
      }
      double perKey = (double) seeds * elements;
      rows.add(Row.builder().paper(column).predicted(CompressedDesign.of(elements, m, column.hashes()))
          .optimised(optimise(column, elements)).compressedBitsPerElement(arithmetic / perKey)
          .golombBitsPerElement(golomb / perKey).entropyBitsPerElement(entropy / perKey)
          .falsePositiveRate(queries == 0 ? Double.NaN : (double) falsePositives / queries)
          .falsePositives(falsePositives).queries(queries).build());
    }
    return rows;
  }
}
