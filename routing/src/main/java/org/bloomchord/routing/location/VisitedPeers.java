package org.bloomchord.routing.location;

import java.nio.charset.StandardCharsets;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * The peers a query has visited, as a 128-bit Bloom filter with 3 probes carried in the query's
 * header (the Icarus idea, Whitaker and Wetherall 2002: each forwarder adds itself, and a peer
 * that finds a link in the filter does not forward there). A false positive can only hide a link,
 * never create a loop; with the few peers of one query (at most depth + 1 in the probabilistic
 * phase) it is rare: 4 peers give about 6e-4.
 *
 * @param low bits 0..63
 * @param high bits 64..127
 */
public record VisitedPeers(long low, long high) {

  /** The shape of the header filter. */
  public static final BloomShape SHAPE = new BloomShape(128, 3);

  /** No peer visited. */
  public static final VisitedPeers NONE = new VisitedPeers(0, 0);

  /** This set with {@code peer} added. */
  public VisitedPeers with(PeerRef peer) {
    BloomFilter f = filter();
    f.add(SHAPE.probes(bytes(peer)));
    long[] w = f.toLongArray();
    return new VisitedPeers(w[0], w[1]);
  }

  /** Whether {@code peer} may have been visited (false means certainly not). */
  public boolean mightContain(PeerRef peer) {
    return filter().mightContain(SHAPE.probes(bytes(peer)));
  }

  private BloomFilter filter() {
    return BloomFilter.of(SHAPE, new long[] {low, high});
  }

  private static byte[] bytes(PeerRef p) {
    return p.address().getBytes(StandardCharsets.UTF_8);
  }
}
