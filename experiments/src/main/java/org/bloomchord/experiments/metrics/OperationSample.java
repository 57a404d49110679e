package org.bloomchord.experiments.metrics;

import org.bloomchord.experiments.workload.OperationKind;

/**
 * One sampled operation, a row of the per-operation CSV.
 *
 * @param atMs completion time in milliseconds since the run's start
 * @param kind what was done
 * @param key the key or object name
 * @param origin the issuing peer's name
 * @param hops forwarding hops (-1 when unknown, e.g. failed)
 * @param latencyMs issue-to-answer time in milliseconds (NaN when there was no answer)
 * @param outcome the outcome's name (a {@link LookupOutcome} or {@link org.bloomchord.routing.location.LocateOutcome} name, or
 *     {@code ok}/{@code failed} for gets and puts)
 */
public record OperationSample(
    long atMs, OperationKind kind, String key, String origin, int hops, double latencyMs, String outcome) {

  /** The CSV header, in column order. */
  public static final String HEADER = "time,kind,key,origin,hops,latencyMs,outcome";

  /** This sample as one CSV line without the line break. */
  public String toCsv() {
    return Csv.number(atMs / 1000.0) + ',' + kind.label() + ',' + Csv.field(key) + ',' + Csv.field(origin) + ','
        + (hops < 0 ? "" : Integer.toString(hops)) + ',' + Csv.number(latencyMs) + ',' + Csv.field(outcome);
  }
}
