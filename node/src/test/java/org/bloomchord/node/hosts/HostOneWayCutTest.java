package org.bloomchord.node.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A one-way cut (non-transitive connectivity, Freedman et al., WORLDS 2005): three nodes on three
 * hosts, and for {@code bloomchord.oneWayCutSeconds} (default 120) every packet from host 0 to
 * host 2 is dropped while host 1 still reaches both. Before the cut, 15 lookups must each name the
 * owner the ring of all peers gives (a check of the oracle itself). Every second a lookup of a fresh key starts at
 * a peer of each node and is judged against the ring of all peers taken before the cut (no peer
 * joins or leaves): it must be correct or fail, never name a wrong owner. After the restore every
 * node reports one stable ring of every peer again.
 *
 * <p>Minutes long, so it runs only when asked: {@code mvn -B -pl node -am test
 * -Dtest=HostOneWayCutTest -Dbloomchord.longHostTests=true -Dsurefire.failIfNoSpecifiedTests=false}
 * (as root, with ip and nft; skipped otherwise).
 */
@EnabledIfSystemProperty(named = "bloomchord.longHostTests", matches = "true")
class HostOneWayCutTest {

  private static final int PEERS = 8;

  @Test
  void lookupsAreCorrectOrFailedNeverWrongThroughAOneWayCutAndTheRingIsWholeAfterIt() throws Exception {
    long cutMs = 1000L * Long.getLong("bloomchord.oneWayCutSeconds", 120);
    HostHarness h = HostHarness.up(3);
    try {
      List<String> url = HostRings.startStable(h, 3, PEERS);
      // the ring's ids by peer address, and one peer of each node to start lookups from
      TreeMap<Long, String> ring = new TreeMap<>(Long::compareUnsigned);
      List<String> from = new ArrayList<>();
      for (int k = 0; k < 3; k++) {
        JsonArray peers = h.getJson(url.get(k), "/api/peers").getJsonArray("peers");
        for (int i = 0; i < peers.size(); i++) {
          JsonObject p = peers.getJsonObject(i);
          ring.put(Long.parseUnsignedLong(p.getString("id")), p.getString("name"));
        }
        from.add(peers.getJsonObject(0).getString("name"));
      }
      assertEquals(3 * PEERS, ring.size(), "every peer has its own id");

      System.out.println("ring before the cut: " + ring);
      Map<String, Integer> before = new HashMap<>();
      List<String> wrongBefore = new ArrayList<>();
      for (int round = 0; round < 5; round++) {
        for (int k = 0; k < 3; k++) {
          String key = "before-" + round + "-" + k;
          JsonObject r = h.getJson(url.get(k), "/api/lookup/" + key + "?from=" + from.get(k));
          String judged = judge(ring, r);
          before.merge(judged, 1, Integer::sum);
          if (!judged.equals("correct")) {
            wrongBefore.add(key + " from node " + k + ": " + r);
          }
        }
      }
      assertEquals(List.of(), wrongBefore, "before the cut every lookup names the owner the ring of all peers gives");
      h.oneWay(0, 2);
      long end = System.currentTimeMillis() + cutMs;
      Map<String, Integer> outcomes = new HashMap<>();
      List<String> wrong = new ArrayList<>();
      int n = 0;
      while (System.currentTimeMillis() < end) {
        for (int k = 0; k < 3; k++) {
          String key = "oneway-" + n++;
          JsonObject r = h.getJson(url.get(k), "/api/lookup/" + key + "?from=" + from.get(k));
          String judged = judge(ring, r);
          outcomes.merge(judged, 1, Integer::sum);
          if (judged.equals("wrong")) {
            wrong.add(key + " from node " + k + ": " + r);
          }
        }
        Thread.sleep(1_000);
      }
      h.restore(0, 2);
      long healAt = System.currentTimeMillis();
      for (int k = 0; k < 3; k++) {
        HostRings.await(h, url.get(k), r -> HostRings.unreachable(r).isEmpty() && r.getInteger("peers") == 3 * PEERS
            && r.getBoolean("stable"), 120_000, "node " + k + " sees one stable ring of every peer after the cut");
      }
      System.out.printf("one-way cut of %d s: lookups %s; one stable ring %d ms after the restore%n", cutMs / 1000,
          new TreeMap<>(outcomes), System.currentTimeMillis() - healAt);
      assertEquals(List.of(), wrong, "no lookup names a wrong owner");
      assertTrue(outcomes.getOrDefault("correct", 0) > 0, "lookups were answered during the cut: " + outcomes);
    } finally {
      h.close();
    }
    assertEquals(List.of(), h.namespacesLeft(), "the bench's namespaces are gone after the teardown");
  }

  /**
   * "correct" when the lookup named the owner the ring of all peers gives (the first id at or after
   * the key's, clockwise), "wrong" when it named another peer, "failed" when it gave no owner.
   */
  private static String judge(TreeMap<Long, String> ring, JsonObject r) {
    if (r == null || !"FOUND".equals(r.getString("outcome")) || r.getString("successor") == null) {
      return "failed";
    }
    Map.Entry<Long, String> owner = ring.ceilingEntry(Long.parseUnsignedLong(r.getString("keyId")));
    String expected = (owner != null ? owner : ring.firstEntry()).getValue();
    String got = r.getString("successor");
    return got.equals(expected) ? "correct" : "wrong";
  }
}
