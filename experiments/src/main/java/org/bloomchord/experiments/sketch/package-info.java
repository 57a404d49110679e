/**
 * Reproductions of published sketch tables: the compressed Bloom filter designs of Mitzenmacher's
 * paper, optimised and measured by trial next to the published figures ({@code bloomchord sketch
 * compressed-table}).
 */
package org.bloomchord.experiments.sketch;
