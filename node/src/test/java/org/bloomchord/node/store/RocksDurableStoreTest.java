package org.bloomchord.node.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The RocksDB store keeps peers in order and each peer's entries apart, across reopening. */
class RocksDurableStoreTest {

  @Test
  void peersAndEntriesSurviveReopening(@TempDir Path dir) {
    StoredEntry a = new StoredEntry("a", new Version(3, 7), "alpha");
    StoredEntry b = new StoredEntry("b", new Version(4, 7), null);
    StoredEntry c = new StoredEntry("c", new Version(5, 9), "ç");
    try (DurableStore s = DurableStores.open(dir)) {
      s.addPeer("p1");
      s.addPeer("p10");
      s.addPeer("p2");
      s.addPeer("p1");
      s.put("p1", a);
      s.put("p1", b);
      s.put("p10", c);
      s.put("p2", a);
      s.remove("p2", "a");
    }
    try (DurableStore s = DurableStores.open(dir)) {
      assertEquals(List.of("p1", "p10", "p2"), s.peers());
      List<StoredEntry> p1 = s.entries("p1");
      p1.sort(Comparator.comparing(StoredEntry::key));
      assertEquals(List.of(a, b), p1, "a tombstone is kept with its version");
      assertEquals(List.of(c), s.entries("p10"), "p1's prefix does not reach p10's entries");
      assertEquals(List.of(), s.entries("p2"));
      s.removePeer("p1");
      assertEquals(List.of("p10", "p2"), s.peers());
      assertEquals(List.of(), s.entries("p1"));
      assertEquals(List.of(c), s.entries("p10"));
      s.addPeer("p3");
      assertEquals(List.of("p10", "p2", "p3"), s.peers());
    }
  }

  @Test
  void aDataDirectoryThatIsAFileIsRejectedWithItsName(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurableStores.open(file));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
  }
}
