package org.bloomchord.experiments.join;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One row of the {@code semijoin} table: what was joined, what it cost against the formula and
 * the other two ways, and what the filter let through. Serialised as one flat JSON object, the
 * groups' keys in the order below, then the row's own.
 */
public sealed interface JoinRow {

  /** The relations joined and whether every way gave the local join's result. */
  Relations relations();

  /** Bytes of the filter's join against the formula and the other two ways. */
  Cost cost();

  /** What the filter let through. */
  Filter filter();

  /**
   * The relations of a row.
   *
   * @param leftRows tuples of R
   * @param rightRows tuples of S
   * @param selectivity share of S's tuples whose b is in R (NaN for relations read from files)
   * @param matchingRows S's tuples whose b is in R
   * @param joinedRows tuples of the join
   * @param exact whether every way returned the local join's tuples
   */
  record Relations(int leftRows, int rightRows, double selectivity, int matchingRows, int joinedRows, boolean exact) {
  }

  /**
   * The bytes of a row.
   *
   * @param bytes semi-join bytes of the filter's join
   * @param formulaBytes what the formula predicts for it
   * @param overFormula bytes / formulaBytes - 1
   * @param columnBytes semi-join bytes when R's join column is shipped
   * @param formulaColumnBytes what the formula predicts for the column
   * @param wholeBytes semi-join bytes when S is fetched whole
   * @param belowColumn whether the filter's bytes were below the column's
   * @param formulaBelowColumn whether the formula puts the filter below the column
   */
  record Cost(long bytes, long formulaBytes, double overFormula, long columnBytes, long formulaColumnBytes,
      long wholeBytes, boolean belowColumn, boolean formulaBelowColumn) {
  }

  /**
   * What the filter let through.
   *
   * @param falseMatches tuples received whose b is not in R
   * @param expectedFalseMatches what the filters' false-positive rates predict
   * @param filterBits bits of the filters sent
   */
  record Filter(int falseMatches, double expectedFalseMatches, long filterBits) {
  }

  /**
   * A row of a join between two peers.
   *
   * @param filterHashes hash functions of the filter
   * @param falsePositiveRate the filter's false-positive rate for R's distinct join values
   */
  @JsonPropertyOrder({"relations", "cost", "filter", "filterHashes", "falsePositiveRate"})
  record BetweenPeers(@JsonUnwrapped Relations relations, @JsonUnwrapped Cost cost, @JsonUnwrapped Filter filter,
      int filterHashes, double falsePositiveRate) implements JoinRow {
  }

  /**
   * A row of a join with a relation partitioned over the ring.
   *
   * @param peers peers of the ring
   * @param traffic the filter's join: owners asked and messages
   * @param others what the column and the whole relation cost in messages, and loading S
   */
  @JsonPropertyOrder({"over", "peers", "relations", "cost", "filter", "traffic", "others"})
  record OverStore(int peers, @JsonUnwrapped Relations relations, @JsonUnwrapped Cost cost,
      @JsonUnwrapped Filter filter, @JsonUnwrapped StoreTraffic traffic, @JsonUnwrapped OtherWays others)
      implements JoinRow {

    /** Where S was: always {@code store} for this row. */
    @JsonProperty("over")
    public String over() {
      return "store";
    }
  }

  /**
   * The filter's join over the store.
   *
   * @param owners owners of S's tuples that were sent a filter (the requester's own part left out)
   * @param localTuples S's tuples the requester holds itself
   * @param messages semi-join messages
   * @param lookups lookups that found the owners
   * @param lookupMessages other messages of the join's window (the lookups)
   * @param lookupBytes their bytes
   */
  record StoreTraffic(int owners, long localTuples, long messages, int lookups, long lookupMessages,
      long lookupBytes) {
  }

  /**
   * The other ways over the store, and loading S.
   *
   * @param columnMessages semi-join messages when R's join column is shipped
   * @param wholeMessages semi-join messages when S is fetched whole
   * @param wholeLookups lookups of the whole fetch
   * @param loadMessages messages that stored S at its owners
   */
  record OtherWays(long columnMessages, long wholeMessages, int wholeLookups, int loadMessages) {
  }
}
