package org.bloomchord.experiments.join;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.join.FilterSizing;
import org.bloomchord.routing.join.JoinWire;
import org.bloomchord.routing.join.SemiJoinService;
import org.bloomchord.routing.join.SemiJoinService.Joined;
import org.bloomchord.routing.join.SemiJoinService.Strategy;
import org.bloomchord.routing.join.Tuple;

/**
 * One semi-join between two peers of a ring: R(a, b) at one peer, S(b, c) at the other ({@link
 * JoinInput}). R's peer joins with S three ways (a filter sized by {@link FilterSizing}, R's join
 * column, all of S); each result is checked against the local join, and each exchange's bytes are
 * the encoded frames of its request and reply as the runtime counted them.
 */
public record SemiJoinTrial(String runtime, JoinInput input, long seed) {

  /** Runs the trial: one row of the {@code semijoin} table. */
  public JoinRow.BetweenPeers run() {
    List<Tuple> r = input.left();
    List<Tuple> s = input.right();
    int leftRows = r.size();
    int rightRows = s.size();
    int distinct = input.distinct();
    int matching = input.matching();
    List<long[]> oracle = SemiJoinService.localJoin(r, s);

    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = JoinWire.register(ChordCluster.wireRegistry(config));
    Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(seed), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, seed, ref -> List.of(new SemiJoinService()))) {
      List<PeerHandle<ChordPeer>> peers = cluster.launchPlaced(2);
      PeerHandle<ChordPeer> left = peers.get(0);
      PeerHandle<ChordPeer> right = peers.get(1);
      net.inspect(left, p -> load(p, r));
      net.inspect(right, p -> load(p, s));
      Map<Strategy, long[]> bytes = new LinkedHashMap<>();
      Map<Strategy, Joined> results = new LinkedHashMap<>();
      for (Strategy strategy : Strategy.values()) {
        long before = joinBytes(net);
        Joined j = net.call(left, p -> p.extension(SemiJoinService.class).join(right.ref(), strategy, rightRows),
            SemiJoinService.TIMEOUT_MS + 1000);
        bytes.put(strategy, new long[] {joinBytes(net) - before});
        results.put(strategy, j);
      }
      Joined f = results.get(Strategy.FILTER);
      double p = FilterSizing.falsePositiveRate(f.filter().bits(), distinct);
      double formula = f.filter().bits() / 8.0 + (matching + p * (rightRows - matching)) * Tuple.BYTES;
      double formulaColumn = 8.0 * distinct + (double) matching * Tuple.BYTES;
      boolean exact = results.values().stream().allMatch(j -> SemiJoinService.sameResult(j.joined(), oracle));
      long filterBytes = bytes.get(Strategy.FILTER)[0];
      long columnBytes = bytes.get(Strategy.COLUMN)[0];
      return new JoinRow.BetweenPeers(
          new JoinRow.Relations(leftRows, rightRows, input.selectivity(), matching, oracle.size(), exact),
          new JoinRow.Cost(filterBytes, Math.round(formula), filterBytes / formula - 1, columnBytes,
              Math.round(formulaColumn), bytes.get(Strategy.WHOLE)[0], filterBytes < columnBytes,
              formula < formulaColumn),
          new JoinRow.Filter(f.falseMatches(), p * (rightRows - matching), f.filter().bits()),
          f.filter().hashes(), p);
    }
  }

  private static Void load(ChordPeer p, List<Tuple> tuples) {
    p.extension(SemiJoinService.class).load(tuples);
    return null;
  }

  /** Bytes of the semi-join messages the runtime counted so far (types named Join...). */
  static long joinBytes(Network<ChordPeer> net) {
    return joinTraffic(net)[1];
  }

  /** Messages and bytes of the semi-join messages the runtime counted so far (types named Join...). */
  static long[] joinTraffic(Network<ChordPeer> net) {
    long[] sum = new long[2];
    for (Map.Entry<String, long[]> e : net.traffic().snapshot().entrySet()) {
      if (e.getKey().startsWith("Join")) {
        sum[0] += e.getValue()[0];
        sum[1] += e.getValue()[1];
      }
    }
    return sum;
  }
}
