/**
 * What a run leaves behind besides its summary: {@link
 * org.bloomchord.experiments.runner.results.RunResult}, the named figures sweeps compare ({@link
 * org.bloomchord.experiments.runner.results.RunMetrics}), the time-series charts ({@link
 * org.bloomchord.experiments.runner.results.RunCharts}) and the published figures of the bundled
 * reproductions ({@link org.bloomchord.experiments.runner.results.Reproduction}).
 */
package org.bloomchord.experiments.runner.results;
