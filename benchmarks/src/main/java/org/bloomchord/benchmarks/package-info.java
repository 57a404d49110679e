/**
 * JMH benchmarks of data structures, built only with the {@code -Pbench} profile and never part of
 * the test suite; each benchmark compares with a named peer in the same run (see
 * docs/BENCHMARKS.md).
 */
package org.bloomchord.benchmarks;
