/**
 * Scenario files: YAML read with positions, validated settings and phases, sweeps expanded into
 * concrete scenarios; every mistake is a {@link
 * org.bloomchord.experiments.scenario.ScenarioException} naming file, line and key.
 */
package org.bloomchord.experiments.scenario;
