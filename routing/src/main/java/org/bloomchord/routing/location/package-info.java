/**
 * Probabilistic location: per-link attenuated Bloom filters kept by summary exchange, queries
 * routed by the filters within a depth budget, and the Chord pointer directory as the deterministic
 * fallback.
 */
package org.bloomchord.routing.location;
