/**
 * The replicated key-value store held by each peer: versioned entries and tombstones, merges by
 * version, and the replica-sync strategy a peer uses to copy its range to the next replicas.
 */
package org.bloomchord.chord.store;
