/**
 * The identifier ring: ids of m bits as unsigned longs, SHA-1 hashing of addresses and keys,
 * clockwise distances and intervals.
 */
package org.bloomchord.chord.ring;
