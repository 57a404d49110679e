/**
 * Cooperative caching on the ring: peers as LRU caches that find objects in their group by ICP,
 * Bloom summaries (Fan, Cao, Almeida and Broder's Summary Cache), the location layer's attenuated
 * filters or a Chord directory. See docs/architecture/cache.md.
 */
package org.bloomchord.routing.cache;
