package org.bloomchord.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.repair.RepairReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The embedding API on a caller-owned Vert.x instance, checked against the ring oracle. */
class NodeTest {

  private static Vertx vertx;
  private static Node node;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    node = Node.start(vertx, new NodeOptions().setPeers(12).setSeed(3));
  }

  @AfterAll
  static void stop() {
    node.close();
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  static <T> T await(Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void startsAStableRingOfTheRequestedSize() throws Exception {
    Node.RingStatus s = await(node.status());
    assertTrue(s.stable());
    assertEquals(node.peerNames().size(), s.active());
    assertTrue(node.peerNames().size() >= 12, "peers: " + node.peerNames());
  }

  @Test
  void putGetDeleteFromDifferentPeers() throws Exception {
    WriteResult w = await(node.put("p0", "colour", "green"));
    assertTrue(w.stored());
    ReadResult r = await(node.get("p5", "colour"));
    assertEquals("green", r.value());
    assertEquals(w.version(), r.version());
    WriteResult w2 = await(node.put("p7", "colour", "blue"));
    assertTrue(w2.version().newerThan(w.version()));
    assertEquals("blue", await(node.get("colour")).value());
    assertTrue(await(node.delete("colour")).stored());
    assertFalse(await(node.get("p2", "colour")).found());
  }

  @Test
  void lookupNamesTheOracleSuccessorAndItsPathEndsAtIt() throws Exception {
    List<PeerRef> live = new ArrayList<>();
    for (String n : node.peerNames()) {
      live.add(new PeerRef(n, node.ring().hash(n)));
    }
    RingOracle oracle = new RingOracle(node.ring(), live);
    for (String key : List.of("alpha", "beta", "gamma", "delta")) {
      LookupTrace t = await(node.lookup("p1", key));
      LookupResult r = t.result();
      PeerRef expected = oracle.successor(node.ring().hash(key));
      assertEquals(expected, r.successor(), key);
      assertEquals("p1", t.path().get(0));
      // the path ends at the owner, which answered; before it, the key's predecessor
      assertEquals(expected.address(), t.path().get(t.path().size() - 1), key + " path " + t.path());
      if (t.path().size() > 1) {
        assertEquals(oracle.predecessorOf(expected).address(), t.path().get(t.path().size() - 2), key + " " + t.path());
      }
      assertEquals(r.hopsToOwner() + 1, t.path().size(), key + " path " + t.path());
    }
    assertTrue(node.stats().lookups() >= 4);
  }

  @Test
  void publishedObjectsAreLocatedAtTheirHolder() throws Exception {
    assertEquals("p3", await(node.publish("p3", "song.ogg")));
    LocateResult found = awaitLocated("p9", "song.ogg");
    assertEquals("p3", found.holder().address());
    await(node.unpublish("p3", "song.ogg"));
    assertTrue(await(node.peer("p3")).objects() == 0);
  }

  private static LocateResult awaitLocated(String from, String name) throws Exception {
    long end = System.currentTimeMillis() + 20_000;
    LocateResult r;
    do {
      r = await(node.locate(from, name));
    } while (r.holder() == null && System.currentTimeMillis() < end);
    return r;
  }

  @Test
  void reconcileBringsAReplicaUpToDate() throws Exception {
    assertTrue(await(node.put("k-reconcile", "v")).stored());
    PeerView anyPeer = await(node.peer("p4"));
    RepairReport rep = await(node.reconcile("p4", anyPeer.successors().get(0)));
    assertNotNull(rep);
    assertTrue(rep.difference() >= 0 || rep.difference() == -1);
  }

  @Test
  void unknownPeersAreNamedInTheFailure() {
    Exception e = assertThrows(Exception.class, () -> await(node.get("nobody", "k")));
    assertTrue(e.getCause() instanceof Node.UnknownPeerException, e.toString());
    assertTrue(e.getCause().getMessage().contains("nobody"));
  }

  @Test
  void membershipChangesAreReportedAsRingEvents() throws Exception {
    List<RingEvent> events = new CopyOnWriteArrayList<>();
    node.onRingEvent(events::add);
    List<String> added = node.addPeers(2);
    assertEquals(2, added.size());
    node.crash(added.get(0));
    node.leave(added.get(1));
    assertEquals(RingEvent.Kind.JOINED, events.get(0).kind());
    assertTrue(events.stream().anyMatch(e -> e.kind() == RingEvent.Kind.CRASHED && e.peer().equals(added.get(0))));
    assertTrue(events.stream().anyMatch(e -> e.kind() == RingEvent.Kind.LEFT && e.peer().equals(added.get(1))));
    long end = System.currentTimeMillis() + 20_000;
    while (events.stream().noneMatch(e -> e.kind() == RingEvent.Kind.NEIGHBOURS_CHANGED)
        && System.currentTimeMillis() < end) {
      Thread.sleep(100);
    }
    assertTrue(events.stream().anyMatch(e -> e.kind() == RingEvent.Kind.NEIGHBOURS_CHANGED), events.toString());
    assertFalse(node.hasPeer(added.get(0)));
  }

  @Test
  void optionsRejectBadValuesWithTheirName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new NodeOptions().setPeers(0));
    assertTrue(e.getMessage().startsWith("peers must be in 1.."), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new NodeOptions().setStartTimeoutMs(0));
    assertTrue(e.getMessage().contains("startTimeoutMs"), e.getMessage());
  }
}
