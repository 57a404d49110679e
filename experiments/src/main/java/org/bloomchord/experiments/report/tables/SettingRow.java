package org.bloomchord.experiments.report.tables;

import java.util.Map;

/**
 * The runs of one setting of a reproduction (they differ only in their seed), folded into one
 * figure per metric.
 *
 * @param others the other swept values, e.g. {@code method=iblt}, or empty when only the
 *     reproduction's parameter is swept
 * @param x the value of the reproduction's parameter, as the scenario wrote it ({@code 0.05/s})
 * @param runs runs behind the row
 * @param values figures by metric name ({@code lookups.hops.mean}, as {@code RunMetrics} names them)
 */
public record SettingRow(String others, String x, int runs, Map<String, Measured> values) {

  public SettingRow {
    values = Map.copyOf(values);
  }

  /** The figure of {@code metric}, or null when this row has none. */
  public Measured value(String metric) {
    return values.get(metric);
  }
}
