package org.bloomchord.experiments.runner.ops;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the DHT operations that have no section of their own in {@code summary.json}: gets and
 * puts inside the measurement window. A get of a key that was stored is correct when it finds the
 * value; {@code getsMissing} counts gets of stored keys that found nothing (the key was lost) and
 * {@code getsFailed} gets without an answer. Thread-safe.
 */
public final class OperationTally {

  final LongAdder gets = new LongAdder();
  final LongAdder getsFound = new LongAdder();
  final LongAdder getsMissing = new LongAdder();
  final LongAdder getsFailed = new LongAdder();
  final LongAdder puts = new LongAdder();
  final LongAdder putsStored = new LongAdder();
  final LongAdder putsFailed = new LongAdder();
  final LongAdder notIssued = new LongAdder();
  private final LongAdder publishesFailed = new LongAdder();

  /** Counts a holder whose publications were not all acknowledged. */
  public void publishFailed() {
    publishesFailed.increment();
  }

  /** A snapshot for the report. */
  public OperationCounts snapshot() {
    return OperationCounts.builder().gets(gets.sum()).getsFound(getsFound.sum()).getsMissing(getsMissing.sum())
        .getsFailed(getsFailed.sum()).puts(puts.sum()).putsStored(putsStored.sum()).putsFailed(putsFailed.sum())
        .notIssued(notIssued.sum()).publishesFailed(publishesFailed.sum()).build();
  }
}
