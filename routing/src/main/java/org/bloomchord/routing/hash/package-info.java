/**
 * Hash functions: Murmur3 (x64, 128 bits) and universal families (Carter-Wegman, matrix hashing
 * over GF(2)).
 */
package org.bloomchord.routing.hash;
