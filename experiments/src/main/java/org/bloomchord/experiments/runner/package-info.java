/**
 * Running scenarios: {@link org.bloomchord.experiments.runner.ScenarioRunner} runs one scenario
 * phase by phase over a {@link org.bloomchord.experiments.runner.RunContext} (the cluster, clock,
 * recorders and issuer one run shares) and writes its files; {@link
 * org.bloomchord.experiments.runner.Experiment} runs a sweep and writes the summaries, plots and
 * the report; {@link org.bloomchord.experiments.runner.Progress} is what every measuring command
 * shows while it runs. The phase steps, the operations and membership of a run, and its results
 * live in the sub-packages {@code steps}, {@code ops} and {@code results}.
 */
package org.bloomchord.experiments.runner;
