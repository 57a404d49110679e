/**
 * The replicated key-value store: versioned entries and tombstones merged by version
 * ({@code LocalStore}), the primary's write path, hand-off and re-replication
 * ({@link org.bloomchord.chord.store.Storage}), the client side of put, delete and get
 * ({@link org.bloomchord.chord.store.StoreClient}), the store's policy, and the replica-sync
 * strategy a peer uses to copy its range to the next replicas.
 */
package org.bloomchord.chord.store;
