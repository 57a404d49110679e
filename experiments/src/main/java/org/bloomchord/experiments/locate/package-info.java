/**
 * The measurement behind {@code bloomchord locate}: a ring with the location layer, objects
 * published at random holders, a batch of locates from random peers judged against the link
 * oracle, the same queries resolved by the pointer path alone, and the filter-maintenance traffic.
 */
package org.bloomchord.experiments.locate;
