/**
 * Driving and checking whole rings: {@link org.bloomchord.chord.cluster.ChordCluster} launches,
 * crashes and queries peers on any runtime, and {@link org.bloomchord.chord.cluster.RingOracle} is
 * the ideal ring of the live peers against which tables, lookups and stored keys are judged.
 */
package org.bloomchord.chord.cluster;
