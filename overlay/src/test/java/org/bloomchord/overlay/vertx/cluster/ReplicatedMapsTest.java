package org.bloomchord.overlay.vertx.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.core.spi.cluster.NodeInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The replicated maps converge: copies that hear the same writes in different orders, or two halves
 * of a split that exchange their whole state, end with the same entries, the newer version of each
 * winning, removals included; values travel with their types, and a type the plane does not carry
 * is refused before anything changes.
 */
class ReplicatedMapsTest {

  @Test
  void copiesThatHearWritesInAnyOrderAgree() {
    List<byte[]> sent = new ArrayList<>();
    ReplicatedMaps writerA = new ReplicatedMaps("a", sent::add);
    ReplicatedMaps writerB = new ReplicatedMaps("b", sent::add);
    for (int i = 0; i < 50; i++) {
      ReplicatedMaps w = i % 2 == 0 ? writerA : writerB;
      String key = "k" + (i % 7);
      if (i % 5 == 4) {
        w.update("m", key, 0, (old, present) -> ReplicatedMaps.REMOVE);
      } else {
        int value = i;
        w.update("m", key, 0, (old, present) -> value);
      }
    }
    Random random = new Random(7);
    List<Map<Object, Object>> copies = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      List<byte[]> order = new ArrayList<>(sent);
      Collections.shuffle(order, random);
      ReplicatedMaps copy = new ReplicatedMaps("c" + c, m -> { });
      order.forEach(m -> apply(copy, m));
      copies.add(copy.entries("m"));
    }
    assertEquals(copies.get(0), copies.get(1));
    assertEquals(copies.get(0), copies.get(2));
  }

  @Test
  void twoHalvesMergeByTheirStates() {
    ReplicatedMaps left = new ReplicatedMaps("a", m -> { });
    ReplicatedMaps right = new ReplicatedMaps("b", m -> { });
    left.update("dir", "shared", 0, (old, present) -> "from-left");
    apply(right, left.state());
    right.update("dir", "shared", 0, (old, present) -> ReplicatedMaps.REMOVE); // newer: removes it on both
    left.update("dir", "only-left", 0, (old, present) -> "l");
    right.update("dir", "only-right", 0, (old, present) -> "r");
    byte[] leftState = left.state();
    apply(left, right.state());
    apply(right, leftState);
    Map<Object, Object> expected = Map.of("only-left", "l", "only-right", "r");
    assertEquals(expected, left.entries("dir"));
    assertEquals(expected, right.entries("dir"));
    assertNull(left.get("dir", "shared"));
  }

  @Test
  void valuesKeepTheirTypesAndStrangersAreRefused() {
    List<byte[]> sent = new ArrayList<>();
    ReplicatedMaps w = new ReplicatedMaps("a", sent::add);
    NodeInfo info = new NodeInfo("127.0.0.1", 4711, new JsonObject().put("x", 1));
    List<Object> values = List.of("s", 7, 8L, true, 2.5, Buffer.buffer("b"), new JsonObject().put("k", "v"), info);
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      w.update("m", i, 0, (old, present) -> v);
    }
    ReplicatedMaps copy = new ReplicatedMaps("c", m -> { });
    sent.forEach(m -> apply(copy, m));
    for (int i = 0; i < values.size(); i++) {
      assertEquals(values.get(i), copy.get("m", i));
    }
    assertThrows(IllegalArgumentException.class, () -> w.update("m", "t", 0, (old, present) -> new Thread()));
    assertNull(w.get("m", "t"));
    assertEquals(values.size(), sent.size());
  }

  private static void apply(ReplicatedMaps maps, byte[] message) {
    PlaneCodec.Reader in = new PlaneCodec.Reader(message);
    maps.apply(in.readByte(), in);
  }
}
