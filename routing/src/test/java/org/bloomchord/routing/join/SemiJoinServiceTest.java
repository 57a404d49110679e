package org.bloomchord.routing.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.join.SemiJoinService.Joined;
import org.bloomchord.routing.join.SemiJoinService.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A semi-join between two peers of a ring equals the local join for every strategy, drops exactly
 * the received tuples whose b is not in R, and receives every matching tuple; hostile counts are
 * refused by the codec.
 */
class SemiJoinServiceTest {

  @ParameterizedTest
  @ValueSource(strings = {"sim", "vertx"})
  void semiJoinEqualsTheLocalJoin(String runtime) {
    SplittableRandom random = new SplittableRandom(17);
    List<Tuple> r = new ArrayList<>();
    Set<Long> bs = new HashSet<>();
    for (int i = 0; i < 400; i++) {
      long b = random.nextInt(300);
      r.add(new Tuple(i, b));
      bs.add(b);
    }
    List<Tuple> s = new ArrayList<>();
    int matching = 0;
    for (int i = 0; i < 3000; i++) {
      long b = random.nextInt(3000);
      matching += bs.contains(b) ? 1 : 0;
      s.add(new Tuple(b, random.nextLong()));
    }
    List<long[]> oracle = SemiJoinService.localJoin(r, s);
    assertTrue(oracle.size() > 300, "the join is not empty: " + oracle.size());
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = JoinWire.register(ChordCluster.wireRegistry(config));
    Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(5), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, 5, ref -> List.of(new SemiJoinService()))) {
      List<PeerHandle<ChordPeer>> peers = cluster.launchPlaced(2);
      net.inspect(peers.get(0), p -> load(p, r));
      net.inspect(peers.get(1), p -> load(p, s));
      for (Strategy strategy : Strategy.values()) {
        Joined j = net.call(peers.get(0),
            p -> p.extension(SemiJoinService.class).join(peers.get(1).ref(), strategy, s.size()), 60_000);
        assertTrue(SemiJoinService.sameResult(oracle, j.joined()), strategy + " differs from the local join");
        assertEquals(j.received() - matching, j.falseMatches(), strategy + ": every received non-match is dropped");
        if (strategy == Strategy.COLUMN) {
          assertEquals(0, j.falseMatches());
        }
      }
    }
  }

  @Test
  void hostileCountsAreRefused() {
    WireRegistry registry = JoinWire.registry();
    byte[] frame = registry.encode(new JoinMessages.TuplesReply(List.of(new Tuple(1, 2), new Tuple(3, 4))));
    assertEquals(2, ((JoinMessages.TuplesReply) registry.decode(frame)).tuples().size());
    // the count says two tuples, the bytes hold one
    assertThrows(MalformedMessageException.class, () -> registry.decode(Arrays.copyOf(frame, frame.length - 16)));
    byte[] column = registry.encode(new JoinMessages.ColumnRequest(new long[] {7, 8, 9}));
    assertThrows(MalformedMessageException.class, () -> registry.decode(Arrays.copyOf(column, column.length - 1)));
  }

  @Test
  void theChosenFilterMinimisesFilterPlusFalseMatches() {
    for (long n : new long[] {100, 5000, 100_000}) {
      for (long rows : new long[] {1000, 100_000, 1_000_000}) {
        org.bloomchord.routing.bloom.BloomShape shape = FilterSizing.optimal(n, rows, Tuple.BYTES);
        double best = FilterSizing.cost(shape.bits(), n, rows, Tuple.BYTES);
        for (double factor : new double[] {0.5, 0.8, 1.25, 2}) {
          long other = Math.max(FilterSizing.MIN_BITS, Math.round(shape.bits() * factor));
          assertTrue(best <= FilterSizing.cost(other, n, rows, Tuple.BYTES) * 1.001,
              "n " + n + ", M " + rows + ": " + shape.bits() + " bits vs " + other);
        }
      }
    }
  }

  private static Void load(ChordPeer p, List<Tuple> tuples) {
    p.extension(SemiJoinService.class).load(tuples);
    return null;
  }
}
