package org.bloomchord.experiments.runner.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.churn.Population;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * The peers of a run by the runner's peer numbers: which hosts are on the ring (joined and not
 * yet departed), their handles (one per virtual node), and the {@link RingOracle} of their ring
 * ids. Churn models name peers by these numbers; the cluster names them by its own host names.
 *
 * <p>Invariants: a host is listed from the moment its join completed until the moment its leave
 * or crash starts, so the oracle is the ring a lookup completing now should see; numbers are
 * never reused except by a trace that brings a departed peer back; {@link #oracle()} is rebuilt
 * on every change and read without locking (it is immutable). Thread-safe: in the Vert.x runtime
 * the churn thread changes it while operation callbacks read it.
 */
public final class Roster {

  private final IdRing ring;
  private final Map<Integer, List<PeerHandle<ChordPeer>>> hosts = new LinkedHashMap<>();
  private final List<Integer> numbers = new ArrayList<>();
  private int nextNumber;
  private long changes;
  private List<PeerRef> remote = List.of();
  private volatile RingOracle oracle;

  /** An empty roster of a ring of {@code ring}'s width. */
  public Roster(IdRing ring) {
    this.ring = ring;
  }

  /** Adds the hosts of freshly joined handles, numbering them from the next free number. */
  synchronized List<Integer> addAll(List<PeerHandle<ChordPeer>> handles) {
    Map<String, List<PeerHandle<ChordPeer>>> byHost = new LinkedHashMap<>();
    for (PeerHandle<ChordPeer> h : handles) {
      byHost.computeIfAbsent(ChordCluster.hostOf(h.ref()), k -> new ArrayList<>()).add(h);
    }
    List<Integer> added = new ArrayList<>();
    for (List<PeerHandle<ChordPeer>> host : byHost.values()) {
      int n = nextNumber;
      put(n, host);
      added.add(n);
    }
    rebuild();
    return added;
  }

  /** Adds one joined host under the number a churn event gave it. */
  synchronized void add(int number, List<PeerHandle<ChordPeer>> host) {
    put(number, host);
    rebuild();
  }

  private void put(int number, List<PeerHandle<ChordPeer>> host) {
    if (hosts.put(number, List.copyOf(host)) == null) {
      numbers.add(number);
    }
    nextNumber = Math.max(nextNumber, number + 1);
    changes++;
  }

  /** Removes a host (its leave or crash is starting); returns its handles, or null. */
  synchronized List<PeerHandle<ChordPeer>> remove(int number) {
    List<PeerHandle<ChordPeer>> host = hosts.remove(number);
    if (host == null) {
      return null;
    }
    numbers.remove(Integer.valueOf(number));
    changes++;
    rebuild();
    return host;
  }

  /** Whether a host of that number is on the ring. */
  synchronized boolean contains(int number) {
    return hosts.containsKey(number);
  }

  /** The number of the host one of whose ring peers has {@code address}, or null. */
  public synchronized Integer numberOf(String address) {
    for (Map.Entry<Integer, List<PeerHandle<ChordPeer>>> e : hosts.entrySet()) {
      for (PeerHandle<ChordPeer> h : e.getValue()) {
        if (h.ref().address().equals(address)) {
          return e.getKey();
        }
      }
    }
    return null;
  }

  /** Hosts on the ring. */
  public synchronized int size() {
    return hosts.size();
  }

  /** Ring ids on the ring (hosts times virtual nodes). */
  public synchronized int ringPeers() {
    int n = 0;
    for (List<PeerHandle<ChordPeer>> h : hosts.values()) {
      n += h.size();
    }
    return n;
  }

  /** How many times the membership changed so far. */
  synchronized long changes() {
    return changes;
  }

  /** The population as churn models see it. */
  public synchronized Population population() {
    return new Population(new ArrayList<>(numbers), nextNumber);
  }

  /** A uniformly chosen ring peer (any virtual node of any host), or null when the ring is empty. */
  synchronized PeerHandle<ChordPeer> pick(SplittableRandom random) {
    if (numbers.isEmpty()) {
      return null;
    }
    List<PeerHandle<ChordPeer>> host = hosts.get(numbers.get(random.nextInt(numbers.size())));
    return host.get(random.nextInt(host.size()));
  }

  /**
   * A ring peer of a host on the ring.
   *
   * @param number the host's number
   * @param peer one of its ring peers
   */
  public record Member(int number, PeerHandle<ChordPeer> peer) {
  }

  /** A uniformly chosen host and one of its ring peers, or null when the ring is empty. */
  public synchronized Member pickMember(SplittableRandom random) {
    if (numbers.isEmpty()) {
      return null;
    }
    int number = numbers.get(random.nextInt(numbers.size()));
    List<PeerHandle<ChordPeer>> host = hosts.get(number);
    return new Member(number, host.get(random.nextInt(host.size())));
  }

  /** Every ring peer on the ring, a copy. */
  public synchronized List<PeerHandle<ChordPeer>> handles() {
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    hosts.values().forEach(out::addAll);
    return out;
  }

  /**
   * Sets the ring peers other JVMs run ({@code run --jvms}): they are part of the oracle's ring but
   * not hosts of this roster (churn, departures and operation origins use this JVM's hosts only).
   */
  synchronized void remote(List<PeerRef> peers) {
    remote = List.copyOf(peers);
    changes++;
    rebuild();
  }

  /** Ring peers other JVMs run, as last set. */
  public synchronized int remotePeers() {
    return remote.size();
  }

  /** The oracle of the current ring, or null when it is empty. */
  RingOracle oracle() {
    return oracle;
  }

  /** The identifier ring. */
  IdRing ring() {
    return ring;
  }

  private void rebuild() {
    List<PeerRef> live = new ArrayList<>();
    for (List<PeerHandle<ChordPeer>> h : hosts.values()) {
      for (PeerHandle<ChordPeer> p : h) {
        live.add(p.ref());
      }
    }
    live.addAll(remote);
    oracle = live.isEmpty() ? null : new RingOracle(ring, live);
  }
}
