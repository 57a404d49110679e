/** The near-duplicate search experiment ({@code bloomchord similar}): a synthetic corpus published on a ring. */
package org.bloomchord.experiments.similar;
