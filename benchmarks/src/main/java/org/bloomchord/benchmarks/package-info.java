/**
 * Benchmarks built only with the {@code -Pbench} profile and never part of the test suite: JMH
 * benchmarks of data structures, each compared with a named peer library in the same run, and the
 * comparison of embedded stores behind the node's choice of RocksDB (see docs/BENCHMARKS.md).
 */
package org.bloomchord.benchmarks;
