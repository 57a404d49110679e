package org.bloomchord.routing.hash;

/**
 * A 128-bit hash value as two 64-bit halves. Bloom filters derive all their probe positions from
 * one such value by double hashing, so a key is hashed exactly once however many probes and
 * filters it is tested against.
 *
 * @param h1 the low half
 * @param h2 the high half
 */
public record Hash128(long h1, long h2) {
}
