package org.bloomchord.chord.cluster;

import java.util.Arrays;
import java.util.List;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * The checks of a simulated ring's tables against its oracle, judging again only the peers whose
 * tables changed since the last check. A peer's verdict ({@link RingOracle#verdict}) depends on
 * the oracle and on its own predecessor, successor list and fingers only, and every change of
 * those bumps its table's version ({@link ChordPeer#tablesVersion}); so while the oracle is the
 * same object (the same live members, as during every wait for a stable ring) a peer whose version
 * did not move keeps its verdict. A wait polls the whole ring once per period while a few peers
 * change between polls: at 100,000 peers copying and judging every peer's 64 fingers at every
 * poll was a tenth of a ring's wall time. The sums are those of {@link RingOracle#check}, to the
 * peer.
 *
 * <p>Reads the peers' state directly, so it serves only a runtime whose driver thread runs the
 * peers (the simulator). Verdicts are kept by the peer's place in the list of running peers,
 * with its ref to tell when another peer took the place.
 */
final class TableChecks {

  private RingOracle oracle;
  private PeerRef[] refs = new PeerRef[0];
  private long[] versions = new long[0];
  private long[] verdicts = new long[0];

  /**
   * The check of {@code peers}' tables against {@code o}, fingers included when {@code fingers},
   * as {@link RingOracle#check} would give it on their snapshots.
   */
  RingCheck check(RingOracle o, List<PeerHandle<ChordPeer>> peers, int r, boolean proximity, boolean fingers) {
    int n = peers.size();
    if (o != oracle) {
      oracle = o;
      Arrays.fill(refs, null);
    }
    if (refs.length < n) {
      refs = Arrays.copyOf(refs, n);
      versions = Arrays.copyOf(versions, n);
      verdicts = Arrays.copyOf(verdicts, n);
    }
    RingOracle.Tally tally = new RingOracle.Tally();
    for (int i = 0; i < n; i++) {
      ChordPeer p = peers.get(i).protocol();
      PeerRef self = peers.get(i).ref();
      long version = p.tablesVersion();
      long v = verdicts[i];
      if (refs[i] != self || versions[i] != version || fingers && !RingOracle.checkedFingers(v)) {
        v = o.verdict(PeerSnapshot.of(p, fingers, false), r, proximity);
        refs[i] = self;
        versions[i] = version;
        verdicts[i] = v;
      }
      if (fingers) {
        tally.add(v);
      } else {
        tally.addWithoutFingers(v);
      }
    }
    return tally.check();
  }
}
