/**
 * Recording what a run measures: lookup and locate recorders with a warm-up window, distributions,
 * the per-second time series and the per-operation sample CSV.
 */
package org.bloomchord.experiments.metrics;
