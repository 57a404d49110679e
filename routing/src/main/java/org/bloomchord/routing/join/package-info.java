/**
 * Semi-joins between peers (source notes 003): the peer holding R(a, b) ships a Bloom filter of R's
 * join column to the peer holding S(b, c), which answers with the tuples of S whose b the filter
 * may hold; the false matches are dropped when R joins the answer locally.
 */
package org.bloomchord.routing.join;
