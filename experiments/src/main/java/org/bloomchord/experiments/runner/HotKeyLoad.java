package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.report.PeerLoads;
import org.bloomchord.experiments.summary.LoadStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.heavy.HotKeyRelief;

/** The summary's {@code load} section, read from the relief of the peers alive at the end of a run. */
final class HotKeyLoad {

  private HotKeyLoad() {
  }

  /**
   * Each of {@code peers}' served gets, as the section counts them: the run folder's
   * {@value PeerLoads#FILE}, from which the report draws the spread.
   */
  static PeerLoads perPeer(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> peers) {
    List<PeerLoads.Row> rows = new ArrayList<>(peers.size());
    for (PeerHandle<ChordPeer> h : peers) {
      rows.add(net.inspect(h, p -> {
        HotKeyRelief r = p.extension(HotKeyRelief.class);
        String id = Long.toUnsignedString(h.ref().id());
        return r == null ? new PeerLoads.Row(h.ref().address(), id, 0, 0, 0)
            : new PeerLoads.Row(h.ref().address(), id, r.servedAsOwner(), r.servedAsReplica(), r.servedFromCache());
      }));
    }
    return new PeerLoads(rows);
  }

  /** The section over {@code peers} (each carrying a {@link HotKeyRelief}). */
  static LoadStats of(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> peers) {
    double[] served = new double[peers.size()];
    long[] sums = new long[9];
    for (int i = 0; i < served.length; i++) {
      long[] c = net.inspect(peers.get(i), p -> {
        HotKeyRelief r = p.extension(HotKeyRelief.class);
        return r == null ? new long[9] : new long[] {r.servedAsOwner(), r.servedAsReplica(), r.servedFromCache(),
            r.delegated(), r.toReplicas(), r.forwarded(), r.leases().granted(), r.updates(), r.failed()};
      });
      served[i] = c[0] + c[1] + c[2];
      for (int k = 0; k < sums.length; k++) {
        sums[k] += c[k];
      }
    }
    return LoadStats.of(Distribution.of(served).toLoad(),
        LoadStats.Relief.builder().asOwner(sums[0]).asReplica(sums[1]).fromCopy(sums[2]).delegated(sums[3])
            .toReplicas(sums[4]).forwarded(sums[5]).leasesGranted(sums[6]).updates(sums[7]).readsFailed(sums[8])
            .build());
  }
}
