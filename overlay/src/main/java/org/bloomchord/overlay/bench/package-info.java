/**
 * Peers for benchmarks of the runtimes themselves: ping and relay workloads (workload W of the
 * simulator benchmark).
 */
package org.bloomchord.overlay.bench;
