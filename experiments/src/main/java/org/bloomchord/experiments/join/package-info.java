/**
 * The semi-join experiment ({@code bloomchord semijoin}): R joined with S by a Bloom filter, S at
 * one other peer or partitioned by its join value over the ring; relations generated or read from
 * CSV files.
 */
package org.bloomchord.experiments.join;
