package org.bloomchord.experiments.jvm;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * What one JVM does for a partition of a multi-JVM ring, the same in the coordinator and in a
 * worker: puts from its own peers while the network is cut, the newest version of each key its
 * peers hold (for the divergent keys at the heal), and the contacts offered to its peers at the
 * heal for the ring merge. Also the one-line texts these travel in between JVMs.
 */
final class SplitOps {

  /** Contacts offered to each peer at the heal, as the node's {@code PeerGroup} does on a real heal. */
  static final int CONTACTS_PER_PEER = 2;

  private SplitOps() {
  }

  /**
   * Offers each running peer of {@code net} {@link #CONTACTS_PER_PEER} contacts drawn from
   * {@code contacts} (peers of the other side of a healed cut), for the ring merge
   * ({@link ChordPeer#offerContact}); returns the offers made. A contact in the peer's own ring
   * costs at most a lookup.
   */
  static int offer(Network<ChordPeer> net, List<PeerRef> contacts, SplittableRandom random) {
    if (contacts.isEmpty()) {
      return 0;
    }
    List<PeerHandle<ChordPeer>> alive = net.alive();
    List<List<PeerRef>> drawn = new ArrayList<>();
    for (int i = 0; i < alive.size(); i++) {
      List<PeerRef> mine = new ArrayList<>();
      for (int k = 0; k < CONTACTS_PER_PEER; k++) {
        mine.add(contacts.get(random.nextInt(contacts.size())));
      }
      drawn.add(mine);
    }
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    List<Network.Outcome<Void>> done = net.callAll(alive, p -> {
      for (PeerRef c : drawn.get(next.getAndIncrement())) {
        p.offerContact(c);
      }
      return Future.succeededFuture();
    }, 60_000);
    int offered = 0;
    for (Network.Outcome<Void> o : done) {
      offered += o.succeeded() ? CONTACTS_PER_PEER : 0;
    }
    return offered;
  }

  /**
   * Puts each of {@code keys} (value {@code v-KEY@NODE}) from a random running peer of {@code net};
   * returns the keys whose puts were acknowledged as stored.
   */
  static List<String> put(Network<ChordPeer> net, List<String> keys, String node, ChordConfig config,
      SplittableRandom random) {
    List<PeerHandle<ChordPeer>> alive = net.alive();
    if (alive.isEmpty() || keys.isEmpty()) {
      return List.of();
    }
    List<PeerHandle<ChordPeer>> origins = new ArrayList<>();
    keys.forEach(k -> origins.add(alive.get(random.nextInt(alive.size()))));
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    List<Network.Outcome<WriteResult>> out = net.callAll(origins, p -> {
      String key = keys.get(next.getAndIncrement());
      return p.put(key, "v-" + key + "@" + node);
    }, config.operationAttempts() * (config.lookupTimeoutMs() + 3 * config.requestTimeoutMs()) + 5_000);
    List<String> stored = new ArrayList<>();
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i).succeeded() && out.get(i).value().stored()) {
        stored.add(keys.get(i));
      }
    }
    return stored;
  }

  /** The newest version of every key the running peers of {@code net} hold. */
  static Map<String, Version> newest(Network<ChordPeer> net) {
    Map<String, Version> out = new TreeMap<>();
    for (PeerHandle<ChordPeer> h : net.alive()) {
      List<StoredEntry> held;
      try {
        held = net.inspect(h, p -> p.store().all());
      } catch (RuntimeException gone) {
        continue;
      }
      for (StoredEntry e : held) {
        out.merge(e.key(), e.version(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
      }
    }
    return out;
  }

  /** {@code KEY,COUNTER_HEX,WRITER_HEX} tokens separated by spaces (keys contain neither). */
  static String versionsText(Map<String, Version> versions) {
    StringBuilder b = new StringBuilder();
    versions.forEach((k, v) -> b.append(k).append(',').append(Long.toHexString(v.counter())).append(',')
        .append(Long.toHexString(v.writer())).append(' '));
    return b.toString().trim();
  }

  /** Reads {@link #versionsText}; a malformed token is an IllegalStateException naming it. */
  static Map<String, Version> versionsOf(String text) {
    Map<String, Version> out = new TreeMap<>();
    if (text.isBlank()) {
      return out;
    }
    for (String token : text.trim().split(" ")) {
      String[] f = token.split(",");
      if (f.length != 3) {
        throw new IllegalStateException("bad version token '" + token + "'");
      }
      out.put(f[0], new Version(Long.parseUnsignedLong(f[1], 16), Long.parseUnsignedLong(f[2], 16)));
    }
    return out;
  }

  /** Peers as {@code ADDRESS,ID_HEX} separated by {@code ;}. */
  static String refsText(List<PeerRef> refs) {
    List<String> parts = new ArrayList<>(refs.size());
    refs.forEach(r -> parts.add(r.address() + "," + Long.toHexString(r.id())));
    return String.join(";", parts);
  }

  /** Reads {@link #refsText}. */
  static List<PeerRef> refsOf(String text) {
    List<PeerRef> out = new ArrayList<>();
    if (!text.isEmpty() && !text.equals("-")) {
      for (String part : text.split(";")) {
        int comma = part.lastIndexOf(',');
        if (comma <= 0) {
          throw new IllegalArgumentException("bad peer '" + part + "' (expected ADDRESS,ID_HEX)");
        }
        out.add(new PeerRef(part.substring(0, comma), Long.parseUnsignedLong(part.substring(comma + 1), 16)));
      }
    }
    return out;
  }
}
