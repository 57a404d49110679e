/**
 * Compressed Bloom filters: arithmetic and Golomb coding of filter bits, and the choice of (m, k)
 * that minimises false positives for a compressed size (Mitzenmacher).
 */
package org.bloomchord.routing.compress;
