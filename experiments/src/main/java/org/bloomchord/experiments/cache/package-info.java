/** Cooperative-cache measurements: the workload (Zipf catalogue or trace) and the trial behind {@code bloomchord cache}. */
package org.bloomchord.experiments.cache;
