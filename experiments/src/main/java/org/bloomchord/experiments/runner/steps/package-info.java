/**
 * One step class per kind of scenario phase ({@code join}, {@code leave}, {@code fail},
 * {@code churn}, {@code workload}, {@code publish}, {@code reconcile}, {@code wait},
 * {@code maintenance}, {@code measure}), registered in {@link
 * org.bloomchord.experiments.runner.steps.PhaseSteps}, and {@link
 * org.bloomchord.experiments.runner.steps.Schedule}, which plays a phase's churn events and
 * operations against the runtime's clock.
 */
package org.bloomchord.experiments.runner.steps;
