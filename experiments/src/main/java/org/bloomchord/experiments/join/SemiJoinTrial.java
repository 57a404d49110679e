package org.bloomchord.experiments.join;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
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
 * One semi-join between two peers of a ring: R(a, b) of N rows (N/2 distinct b values) at one
 * peer, S(b, c) of M rows at the other, of which round(F M) take their b from R and the rest a b
 * not in R. R's peer joins with S three ways (a filter sized by {@link FilterSizing}, R's join
 * column, all of S); each result is checked against the local join, and each exchange's bytes are
 * the encoded frames of its request and reply as the runtime counted them.
 */
public record SemiJoinTrial(String runtime, int leftRows, int rightRows, double selectivity, long seed) {

  /** Runs the trial: one row of the {@code semijoin} table. */
  public Map<String, Object> run() {
    SplittableRandom random = new SplittableRandom(seed);
    int distinct = Math.max(1, leftRows / 2);
    long[] pool = new long[distinct];
    Set<Long> inR = new HashSet<>();
    for (int i = 0; i < distinct; i++) {
      do {
        pool[i] = random.nextLong();
      } while (!inR.add(pool[i]));
    }
    List<Tuple> r = new ArrayList<>(leftRows);
    for (int i = 0; i < leftRows; i++) {
      r.add(new Tuple(i, i < distinct ? pool[i] : pool[random.nextInt(distinct)]));
    }
    int matching = (int) Math.round(selectivity * rightRows);
    List<Tuple> s = new ArrayList<>(rightRows);
    for (int i = 0; i < rightRows; i++) {
      long b;
      if (i < matching) {
        b = pool[random.nextInt(distinct)];
      } else {
        do {
          b = random.nextLong();
        } while (inR.contains(b));
      }
      s.add(new Tuple(b, random.nextLong()));
    }
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
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("leftRows", leftRows);
      m.put("rightRows", rightRows);
      m.put("selectivity", selectivity);
      m.put("matchingRows", matching);
      m.put("joinedRows", oracle.size());
      m.put("exact", exact);
      m.put("bytes", bytes.get(Strategy.FILTER)[0]);
      m.put("formulaBytes", Math.round(formula));
      m.put("overFormula", bytes.get(Strategy.FILTER)[0] / formula - 1);
      m.put("columnBytes", bytes.get(Strategy.COLUMN)[0]);
      m.put("formulaColumnBytes", Math.round(formulaColumn));
      m.put("wholeBytes", bytes.get(Strategy.WHOLE)[0]);
      m.put("belowColumn", bytes.get(Strategy.FILTER)[0] < bytes.get(Strategy.COLUMN)[0]);
      m.put("formulaBelowColumn", formula < formulaColumn);
      m.put("falseMatches", f.falseMatches());
      m.put("expectedFalseMatches", p * (rightRows - matching));
      m.put("filterBits", f.filter().bits());
      m.put("filterHashes", f.filter().hashes());
      m.put("falsePositiveRate", p);
      return m;
    }
  }

  private static Void load(ChordPeer p, List<Tuple> tuples) {
    p.extension(SemiJoinService.class).load(tuples);
    return null;
  }

  private static long joinBytes(Network<ChordPeer> net) {
    long sum = 0;
    for (Map.Entry<String, long[]> e : net.traffic().snapshot().entrySet()) {
      if (e.getKey().startsWith("Join")) {
        sum += e.getValue()[1];
      }
    }
    return sum;
  }
}
