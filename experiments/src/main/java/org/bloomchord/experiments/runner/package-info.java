/**
 * Running scenarios: {@link org.bloomchord.experiments.runner.ScenarioRunner} runs one scenario
 * phase by phase (one step class per phase kind), {@link
 * org.bloomchord.experiments.runner.Experiment} runs a sweep and writes summaries, plots and the
 * report.
 */
package org.bloomchord.experiments.runner;
