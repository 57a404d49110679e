/**
 * MinHash sketches and LSH banding, to estimate how much two sets overlap.
 */
package org.bloomchord.routing.minhash;
