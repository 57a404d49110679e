/**
 * Semi-joins (source notes 003): the peer holding R(a, b) ships a Bloom filter of R's join column
 * to the holder of S(b, c), which answers with the tuples of S whose b the filter may hold; the
 * false matches are dropped when R joins the answer locally. S is at one other peer ({@link
 * org.bloomchord.routing.join.SemiJoinService}) or partitioned by b over the ring, one filter per
 * owner ({@link org.bloomchord.routing.join.StoredRelation}).
 */
package org.bloomchord.routing.join;
