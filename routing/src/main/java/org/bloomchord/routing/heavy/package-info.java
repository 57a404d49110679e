/**
 * Heavy hitters with counting filters: a windowed counting Bloom filter with plain or conservative
 * update that flags items over a threshold in fixed memory (Estan and Varghese, SIGCOMM 2002). See
 * docs/architecture/heavy-hitters.md.
 */
package org.bloomchord.routing.heavy;
