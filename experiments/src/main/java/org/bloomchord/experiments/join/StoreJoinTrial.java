package org.bloomchord.experiments.join;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.join.FilterSizing;
import org.bloomchord.routing.join.JoinWire;
import org.bloomchord.routing.join.SemiJoinService;
import org.bloomchord.routing.join.SemiJoinService.Strategy;
import org.bloomchord.routing.join.StoredRelation;
import org.bloomchord.routing.join.StoredRelation.Joined;
import org.bloomchord.routing.join.StoredRelation.OwnerPart;
import org.bloomchord.routing.join.Tuple;

/**
 * One semi-join over the store: a ring of {@code peers} peers, S(b, c) inserted from the first peer
 * and so partitioned by b over all of them ({@link StoredRelation}), R(a, b) at the first peer. R's
 * peer joins with S three ways (per-owner filters, per-owner columns, every part whole); each result
 * is checked against the local join. Bytes and messages are the semi-join frames the runtime counted
 * during each join (maintenance paused, so the other messages of the window are the lookups that
 * found the owners). The formula is the two-peer cost summed over the owners asked by message, with
 * each owner's filter, the tuples it holds and those of them that match.
 */
public record StoreJoinTrial(String runtime, JoinInput input, int peers, long seed) {

  /** Runs the trial: one row of the {@code semijoin} table. */
  public JoinRow.OverStore run() {
    List<Tuple> r = input.left();
    List<Tuple> s = input.right();
    List<long[]> oracle = SemiJoinService.localJoin(r, s);
    Set<Long> inR = JoinInput.joinValues(r);
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = JoinWire.register(ChordCluster.wireRegistry(config));
    Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(seed), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, seed, ref -> List.of(new StoredRelation()))) {
      List<PeerHandle<ChordPeer>> ring = cluster.launchPlaced(peers);
      PeerHandle<ChordPeer> requester = ring.get(0);
      StoredRelation.Loaded loaded = net.call(requester, p -> p.extension(StoredRelation.class).insert(s),
          StoredRelation.TIMEOUT_MS * StoredRelation.INSERT_ATTEMPTS);
      if (loaded.refused() > 0) {
        throw new IllegalStateException(loaded.refused() + " tuples of S could not be stored at their owners");
      }
      // what each owner holds: |S_i| and how many of them match
      Map<PeerRef, long[]> held = new HashMap<>();
      for (PeerHandle<ChordPeer> h : ring) {
        List<Tuple> part = net.inspect(h, p -> p.extension(StoredRelation.class).part());
        long matching = part.stream().filter(t -> inR.contains(t.first())).count();
        held.put(h.ref(), new long[] {part.size(), matching});
      }
      cluster.pauseMaintenance(true);
      Map<Strategy, Joined> results = new LinkedHashMap<>();
      Map<Strategy, long[]> traffic = new LinkedHashMap<>();
      for (Strategy strategy : Strategy.values()) {
        long[] before = SemiJoinTrial.joinTraffic(net);
        long allBefore = net.traffic().messages();
        long allBytesBefore = net.traffic().bytes();
        Joined j = net.call(requester, p -> p.extension(StoredRelation.class).join(r, strategy, s.size()),
            StoredRelation.TIMEOUT_MS + 1000);
        long[] after = SemiJoinTrial.joinTraffic(net);
        long messages = after[0] - before[0];
        long bytes = after[1] - before[1];
        traffic.put(strategy, new long[] {messages, bytes, net.traffic().messages() - allBefore - messages,
            net.traffic().bytes() - allBytesBefore - bytes});
        results.put(strategy, j);
      }
      Joined f = results.get(Strategy.FILTER);
      double formula = 0;
      double formulaColumn = 0;
      double expectedFalse = 0;
      long filterBits = 0;
      int owners = 0;
      long localTuples = 0;
      for (OwnerPart part : f.parts()) {
        long[] h = held.get(part.owner());
        if (part.local()) {
          localTuples = h[0];
          continue;
        }
        owners++;
        long bits = part.filter().orElseThrow().bits();
        double p = FilterSizing.falsePositiveRate(bits, part.values());
        filterBits += bits;
        expectedFalse += p * (h[0] - h[1]);
        formula += bits / 8.0 + (h[1] + p * (h[0] - h[1])) * Tuple.BYTES;
        formulaColumn += 8.0 * part.values() + (double) h[1] * Tuple.BYTES;
      }
      boolean exact = results.values().stream().allMatch(j -> SemiJoinService.sameResult(j.joined(), oracle));
      long bytes = traffic.get(Strategy.FILTER)[1];
      long columnBytes = traffic.get(Strategy.COLUMN)[1];
      return new JoinRow.OverStore(peers,
          new JoinRow.Relations(r.size(), s.size(), input.selectivity(), input.matching(), oracle.size(), exact),
          new JoinRow.Cost(bytes, Math.round(formula), formula == 0 ? 0.0 : bytes / formula - 1, columnBytes,
              Math.round(formulaColumn), traffic.get(Strategy.WHOLE)[1], bytes < columnBytes, formula < formulaColumn),
          new JoinRow.Filter(f.falseMatches(), expectedFalse, filterBits),
          new JoinRow.StoreTraffic(owners, localTuples, traffic.get(Strategy.FILTER)[0], f.lookups(),
              traffic.get(Strategy.FILTER)[2], traffic.get(Strategy.FILTER)[3]),
          new JoinRow.OtherWays(traffic.get(Strategy.COLUMN)[0], traffic.get(Strategy.WHOLE)[0],
              results.get(Strategy.WHOLE).lookups(), loaded.messages()));
    }
  }
}
