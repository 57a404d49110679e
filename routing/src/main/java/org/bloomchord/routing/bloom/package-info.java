/**
 * The Bloom filter family: plain, counting, spectral and Bloomier filters, filter maths, and probe
 * positions derived from one 128-bit hash.
 */
package org.bloomchord.routing.bloom;
