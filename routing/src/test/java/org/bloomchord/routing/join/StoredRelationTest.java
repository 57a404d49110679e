package org.bloomchord.routing.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.join.JoinMessages.PartColumnRequest;
import org.bloomchord.routing.join.JoinMessages.PartFilterRequest;
import org.bloomchord.routing.join.JoinMessages.PartInsert;
import org.bloomchord.routing.join.JoinMessages.PartWholeRequest;
import org.bloomchord.routing.join.JoinMessages.TuplesReply;
import org.bloomchord.routing.join.SemiJoinService.Strategy;
import org.bloomchord.routing.join.StoredRelation.Joined;
import org.bloomchord.routing.join.StoredRelation.OwnerPart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A relation partitioned by its join value over a ring: every tuple is stored at the successor of
 * its value's id (computed from the sorted peer ids: the oracle), a peer refuses tuples outside its
 * range, and the semi-join over the owners equals the local join for every strategy, with exactly
 * the received non-matches dropped and one filter per owner of R's values.
 */
class StoredRelationTest {

  @ParameterizedTest
  @ValueSource(strings = {"sim", "vertx"})
  void joinOverTheOwnersEqualsTheLocalJoin(String runtime) {
    SplittableRandom random = new SplittableRandom(23);
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
    Network<ChordPeer> net = Networks.create(runtime, NetworkOptions.defaults().withSeed(9), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, 9, ref -> List.of(new StoredRelation()))) {
      List<PeerHandle<ChordPeer>> peers = cluster.launchPlaced(8);
      PeerHandle<ChordPeer> requester = peers.get(0);
      StoredRelation.Loaded loaded = net.call(requester, p -> p.extension(StoredRelation.class).insert(s), 60_000);
      assertEquals(s.size(), loaded.stored());
      assertEquals(0, loaded.refused());
      assertTrue(loaded.lookups() <= peers.size() + 1, "one lookup per owner: " + loaded.lookups());

      // the oracle's owner of each tuple: the first peer id at or after its value's id
      IdRing ring = cluster.ring();
      List<PeerRef> sorted = peers.stream().map(PeerHandle::ref)
          .sorted(Comparator.comparing(PeerRef::id, Long::compareUnsigned)).toList();
      Map<PeerRef, Integer> expected = new HashMap<>();
      for (Tuple t : s) {
        long id = StoredRelation.idOf(ring, t.first());
        PeerRef owner = sorted.stream().filter(p -> Long.compareUnsigned(p.id(), id) >= 0).findFirst()
            .orElse(sorted.get(0));
        expected.merge(owner, 1, Integer::sum);
      }
      Map<PeerRef, Integer> ownersOfR = new HashMap<>();
      for (long b : bs) {
        long id = StoredRelation.idOf(ring, b);
        ownersOfR.merge(sorted.stream().filter(p -> Long.compareUnsigned(p.id(), id) >= 0).findFirst()
            .orElse(sorted.get(0)), 1, Integer::sum);
      }
      for (PeerHandle<ChordPeer> h : peers) {
        List<Tuple> part = net.inspect(h, p -> p.extension(StoredRelation.class).part());
        assertEquals(expected.getOrDefault(h.ref(), 0), part.size(), h.ref().address());
        for (Tuple t : part) {
          long id = StoredRelation.idOf(ring, t.first());
          PeerRef pred = sorted.get(Math.floorMod(sorted.indexOf(h.ref()) - 1, sorted.size()));
          assertTrue(ring.inHalfOpen(id, pred.id(), h.ref().id()), "tuple at its owner " + h.ref().address());
        }
      }

      for (Strategy strategy : Strategy.values()) {
        Joined j = net.call(requester, p -> p.extension(StoredRelation.class).join(r, strategy, s.size()), 60_000);
        assertTrue(SemiJoinService.sameResult(oracle, j.joined()), strategy + " differs from the local join");
        assertEquals(j.received() - matching, j.falseMatches(), strategy + ": every received non-match is dropped");
        if (strategy == Strategy.WHOLE) {
          assertEquals(s.size(), j.received());
          assertEquals(peers.size(), j.parts().size());
        } else {
          Map<PeerRef, Integer> asked = new HashMap<>();
          for (OwnerPart part : j.parts()) {
            asked.put(part.owner(), part.values());
            assertEquals(strategy == Strategy.FILTER, part.filter().isPresent());
          }
          assertEquals(ownersOfR, asked, strategy + ": each owner gets R's values in its range");
        }
        if (strategy == Strategy.COLUMN) {
          assertEquals(0, j.falseMatches());
        }
      }
    }
  }

  @Test
  void aPeerRefusesTuplesOutsideItsRange() {
    ChordConfig config = ChordConfig.defaults();
    WireRegistry registry = JoinWire.register(ChordCluster.wireRegistry(config));
    Network<ChordPeer> net = Networks.create("sim", NetworkOptions.defaults().withSeed(4), registry);
    try (ChordCluster cluster = new ChordCluster(net, config, 4, ref -> List.of(new StoredRelation()))) {
      List<PeerHandle<ChordPeer>> peers = cluster.launchPlaced(4);
      PeerHandle<ChordPeer> a = peers.get(0);
      PeerHandle<ChordPeer> b = peers.get(1);
      IdRing ring = cluster.ring();
      PeerRef pred = net.inspect(b, p -> p.links().predecessor());
      // a value b's peer owns, and one it does not
      long inside = -1;
      long outside = -1;
      for (long v = 0; inside < 0 || outside < 0; v++) {
        boolean mine = ring.inHalfOpen(StoredRelation.idOf(ring, v), pred.id(), b.ref().id());
        if (mine && inside < 0) {
          inside = v;
        } else if (!mine && outside < 0) {
          outside = v;
        }
      }
      Tuple in = new Tuple(inside, 1);
      Tuple out = new Tuple(outside, 2);
      TuplesReply reply = (TuplesReply) net.call(a, p -> p.runtime().request(b.ref(), new PartInsert(List.of(in, out)),
          10_000), 20_000);
      assertEquals(List.of(out), reply.tuples());
      assertEquals(List.of(in), net.inspect(b, p -> p.extension(StoredRelation.class).part()));
      long refused = net.inspect(b, p -> p.extension(StoredRelation.class).refused());
      assertEquals(1, refused);
    }
  }

  @Test
  void partCodecsRoundTripAndRefuseTruncatedFrames() {
    WireRegistry registry = JoinWire.registry();
    PartInsert insert = new PartInsert(List.of(new Tuple(1, 2), new Tuple(-3, Long.MAX_VALUE)));
    assertEquals(insert.tuples(), ((PartInsert) registry.decode(registry.encode(insert))).tuples());
    BloomFilter f = new BloomFilter(256, 3);
    f.add(42L);
    assertTrue(((PartFilterRequest) registry.decode(registry.encode(new PartFilterRequest(f)))).filter().mightContain(42L));
    long[] values = {5, -6, 7};
    assertTrue(Arrays.equals(values,
        ((PartColumnRequest) registry.decode(registry.encode(new PartColumnRequest(values)))).values()));
    assertTrue(registry.decode(registry.encode(new PartWholeRequest())) instanceof PartWholeRequest);
    byte[] frame = registry.encode(insert);
    assertThrows(MalformedMessageException.class, () -> registry.decode(Arrays.copyOf(frame, frame.length - 16)));
    byte[] column = registry.encode(new PartColumnRequest(values));
    assertThrows(MalformedMessageException.class, () -> registry.decode(Arrays.copyOf(column, column.length - 1)));
    byte[] longer = Arrays.copyOf(registry.encode(new PartWholeRequest()), registry.encode(new PartWholeRequest()).length + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(longer));
  }
}
