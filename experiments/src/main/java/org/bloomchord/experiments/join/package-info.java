/** The semi-join experiment ({@code bloomchord semijoin}): two peers' relations joined by a Bloom filter. */
package org.bloomchord.experiments.join;
