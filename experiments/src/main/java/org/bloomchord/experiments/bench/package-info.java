/**
 * Benchmarks of the runtimes, of reconciliation and of the node, run from the CLI jar: trivial peers
 * that ping or relay ({@code bloomchord bench relay}, {@link
 * org.bloomchord.experiments.bench.RuntimeBench}), rateless decoding and repair rounds, and the
 * node's HTTP load and restart; each prints what it measured with the settings that produced it.
 */
package org.bloomchord.experiments.bench;
