/**
 * The durable store behind a peer's replicated store: entries written through to RocksDB before a
 * write is acknowledged, and loaded again on restart.
 */
package org.bloomchord.node.store;
