package org.bloomchord.experiments.runner.results;

import java.nio.file.Path;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.runner.ops.OperationCounts;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.Summary;

/**
 * What one run of one scenario instance produced.
 *
 * @param scenario the instance that ran
 * @param summary its summary (as written to {@code summary.json})
 * @param series its time series (as written to {@code timeseries.csv})
 * @param operations get and put counts, which {@code summary.json} has no section for
 * @param folder the folder its files were written to
 */
public record RunResult(Scenario scenario, Summary summary, TimeSeries series, OperationCounts operations,
    Path folder) {
}
