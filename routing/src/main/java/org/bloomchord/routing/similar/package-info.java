/**
 * Near-duplicate search on the ring (source notes 002: shingles and MinHash, Broder 1997): a
 * document is published as the MinHash signature of its shingle set, stored in the DHT under its b
 * LSH band keys and under its id; a query reads its b band buckets, verifies the candidates by
 * estimated Jaccard and keeps those at or above a threshold.
 */
package org.bloomchord.routing.similar;
