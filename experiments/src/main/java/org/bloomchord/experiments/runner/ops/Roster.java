package org.bloomchord.experiments.runner.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.bloomchord.chord.ChordConfig;
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
 * <p>With {@code run --jvms} the hosts of the child JVMs are listed too, by their one ring peer
 * ({@link #addRemote}): they are numbered, churned, chosen as holders and judged like this JVM's,
 * but operations start from this JVM's hosts only ({@link #pick}). A child reports that a churn
 * join ended a little after the joiner is active, so a joiner under way in a child
 * ({@link #joiningRemote}) may already answer lookups; {@link #judge} accepts it where it will
 * stand.
 *
 * <p>The judge's rule ({@link #judge}): a lookup's answer is right when it is the oracle's owner
 * of the key when the lookup completes, or a joiner under way in a child between the key and that
 * owner, or, with an answer window W (runs over JVMs: {@link #answerWindowMs}, 2 s by a scenario's defaults; 0
 * in one JVM), when it was the oracle's owner at some moment of the lookup no earlier than W
 * before it completed. The owner answers the origin itself, so its answer is as old as its way
 * back; over JVMs that way, and a child's report of a join, cross the gateways and take up to a
 * second or more on a loaded machine, and a join that ends or a departure that starts in between
 * makes a right answer look wrong. An answer that owned the key at no moment of the lookup (a
 * peer past a live owner) stays wrong, however fast it came; so does one that owned it only
 * earlier than W before the lookup completed. The membership changes are kept in a
 * {@link RingHistory}, from which the rings of the lookup's lifetime are rebuilt when the answer
 * is not the owner now.
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
  private final Map<Integer, PeerRef> remoteHosts = new LinkedHashMap<>();
  /** Every host's number, this JVM's and the children's. */
  private final List<Integer> numbers = new ArrayList<>();
  /** This JVM's hosts' numbers (operation origins, bootstraps). */
  private final List<Integer> localNumbers = new ArrayList<>();
  private final java.util.Set<PeerRef> joiningRemote = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final RingHistory history = new RingHistory();
  private final LongSupplier clock;
  private final long answerWindowMs;
  private int nextNumber;
  private long changes;
  private volatile RingOracle oracle;

  /**
   * An empty roster of a ring of {@code ring}'s width whose events all happen at run time 0, and
   * that accepts only the owner at the moment of judgement.
   */
  public Roster(IdRing ring) {
    this(ring, () -> 0, 0);
  }

  /**
   * An empty roster of a ring of {@code ring}'s width.
   *
   * @param clock the run time in ms
   * @param answerWindowMs how long before a lookup completes its answer may have stopped being the
   *     owner and still be right ({@link #judge}); 0 accepts only the owner at completion
   */
  public Roster(IdRing ring, LongSupplier clock, long answerWindowMs) {
    if (answerWindowMs < 0) {
      throw new IllegalArgumentException("answerWindowMs must be >= 0, was " + answerWindowMs);
    }
    this.ring = ring;
    this.clock = clock;
    this.answerWindowMs = answerWindowMs;
  }

  /**
   * The answer window of a run whose peers have {@code config}: the longest a peer waits for one
   * answer, the ceiling of its adaptive request timeout (min(lookupTimeoutMs, 4 times
   * requestTimeoutMs): 2 s with a scenario's default timeouts of 500 ms and 10 s). An answer slower
   * than that is one the peers themselves would have given up on.
   */
  public static long answerWindowMs(ChordConfig config) {
    long floor = config.requestTimeoutMs();
    return Math.max(floor, Math.min(config.lookupTimeoutMs(), 4 * floor));
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
      localNumbers.add(number);
    }
    long now = clock.getAsLong();
    host.forEach(h -> history.record(now, h.ref(), RingHistory.Kind.JOINED));
    nextNumber = Math.max(nextNumber, number + 1);
    changes++;
  }

  /** Adds a host of a child JVM ({@code run --jvms}) whose one ring peer is {@code peer}; returns its number. */
  synchronized int addRemote(PeerRef peer) {
    int n = nextNumber;
    addRemote(n, peer);
    return n;
  }

  /** Adds a host of a child JVM under the number a churn event gave it. */
  synchronized void addRemote(int number, PeerRef peer) {
    if (remoteHosts.put(number, peer) == null) {
      numbers.add(number);
    }
    history.record(clock.getAsLong(), peer, RingHistory.Kind.JOINED);
    joiningRemote.remove(peer);
    nextNumber = Math.max(nextNumber, number + 1);
    changes++;
    rebuild();
  }

  /**
   * Removes a host (its leave or crash, as {@code crash} says, is starting); returns its handles, or
   * null (none, or a child's host).
   */
  synchronized List<PeerHandle<ChordPeer>> remove(int number, boolean crash) {
    List<PeerHandle<ChordPeer>> host = hosts.remove(number);
    if (host == null) {
      return null;
    }
    long now = clock.getAsLong();
    host.forEach(h -> history.record(now, h.ref(), departing(crash)));
    numbers.remove(Integer.valueOf(number));
    localNumbers.remove(Integer.valueOf(number));
    changes++;
    rebuild();
    return host;
  }

  /**
   * Removes a child JVM's host (its leave or crash, as {@code crash} says, is starting); returns its
   * ring peer, or null.
   */
  synchronized PeerRef removeRemote(int number, boolean crash) {
    PeerRef peer = remoteHosts.remove(number);
    if (peer == null) {
      return null;
    }
    history.record(clock.getAsLong(), peer, departing(crash));
    numbers.remove(Integer.valueOf(number));
    changes++;
    rebuild();
    return peer;
  }

  /** Removes every host of the child JVM {@code node} (it was killed); returns their numbers. */
  synchronized List<Integer> removeNode(String node) {
    List<Integer> gone = new ArrayList<>();
    remoteHosts.forEach((n, p) -> {
      if (p.node().equals(node)) {
        gone.add(n);
      }
    });
    long now = clock.getAsLong();
    gone.forEach(n -> {
      history.record(now, remoteHosts.remove(n), RingHistory.Kind.CRASHING);
      numbers.remove(n);
    });
    joiningRemote.removeIf(p -> p.node().equals(node));
    changes++;
    rebuild();
    return gone;
  }

  /** Marks {@code peer}, a churn joiner of a child JVM, as under way ({@code true}) or failed. */
  void joiningRemote(PeerRef peer, boolean underWay) {
    history.record(clock.getAsLong(), peer, underWay ? RingHistory.Kind.JOIN_STARTED : RingHistory.Kind.JOIN_FAILED);
    if (underWay) {
      joiningRemote.add(peer);
    } else {
      joiningRemote.remove(peer);
    }
  }

  /** Records that the JVM running {@code peer} answered that its leave or crash was done. */
  void departed(PeerRef peer) {
    history.record(clock.getAsLong(), peer, RingHistory.Kind.DEPARTED);
  }

  private static RingHistory.Kind departing(boolean crash) {
    return crash ? RingHistory.Kind.CRASHING : RingHistory.Kind.LEAVING;
  }

  /**
   * Whether {@code answer} is the right owner of {@code id} for a lookup issued at run time
   * {@code issuedMs} and completing now. Right are: the oracle's successor now; a joiner under way
   * in a child JVM that lies between the key and it (it is active, and the roster hears of it a
   * moment later); and a peer that was the oracle's successor at some moment of the lookup no more
   * than the answer window before now (the owner answers, and its answer travels to the origin
   * while the ring changes: a join ends or a departure starts between the answer and its
   * arrival). An answer that was the owner at no moment of the lookup, or only earlier than the
   * window, is wrong.
   */
  boolean judge(long id, PeerRef answer, long issuedMs) {
    RingOracle o = oracle;
    if (o == null || answer == null) {
      return false;
    }
    PeerRef succ = o.successor(id);
    if (succ.equals(answer)) {
      return true;
    }
    long mask = ring.mask();
    if (joiningRemote.contains(answer)
        && Long.compareUnsigned((answer.id() - id) & mask, (succ.id() - id) & mask) < 0) {
      return true;
    }
    return answerWindowMs > 0 && ownedWithinWindow(id, answer, issuedMs);
  }

  private synchronized boolean ownedWithinWindow(long id, PeerRef answer, long issuedMs) {
    long now = clock.getAsLong();
    return history.lastOwned(id, answer, refs(), Math.max(issuedMs, now - answerWindowMs), now, ring.mask()) >= 0;
  }

  /**
   * Runs {@code reading} on the roster's history, the oracle's ring now and the run time, under the
   * roster's lock (no membership change in between).
   */
  synchronized <T> T read(HistoryReader<T> reading) {
    return reading.read(history, refs(), oracle, clock.getAsLong());
  }

  /** What {@link #read} gives access to. */
  interface HistoryReader<T> {
    T read(RingHistory history, List<PeerRef> ring, RingOracle oracle, long nowMs);
  }

  /** Whether a host of that number is on the ring. */
  synchronized boolean contains(int number) {
    return hosts.containsKey(number) || remoteHosts.containsKey(number);
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

  /** Hosts on the ring, in every JVM. */
  public synchronized int size() {
    return numbers.size();
  }

  /** Hosts on the ring in this JVM. */
  public synchronized int localSize() {
    return hosts.size();
  }

  /** Ring ids on the ring in this JVM (hosts times virtual nodes). */
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

  /**
   * A uniformly chosen ring peer of this JVM (any virtual node of any host), or null when this
   * JVM has none on the ring.
   */
  synchronized PeerHandle<ChordPeer> pick(SplittableRandom random) {
    if (localNumbers.isEmpty()) {
      return null;
    }
    List<PeerHandle<ChordPeer>> host = hosts.get(localNumbers.get(random.nextInt(localNumbers.size())));
    return host.get(random.nextInt(host.size()));
  }

  /**
   * A ring peer of a host on the ring.
   *
   * @param number the host's number
   * @param ref one of its ring peers
   * @param peer that peer's handle in this JVM, or null when a child JVM runs it
   */
  public record Member(int number, PeerRef ref, PeerHandle<ChordPeer> peer) {
  }

  /** A uniformly chosen host of any JVM and one of its ring peers, or null when the ring is empty. */
  public synchronized Member pickMember(SplittableRandom random) {
    if (numbers.isEmpty()) {
      return null;
    }
    int number = numbers.get(random.nextInt(numbers.size()));
    List<PeerHandle<ChordPeer>> host = hosts.get(number);
    if (host == null) {
      return new Member(number, remoteHosts.get(number), null);
    }
    PeerHandle<ChordPeer> h = host.get(random.nextInt(host.size()));
    return new Member(number, h.ref(), h);
  }

  /** The ring peers of every host on the ring, this JVM's and the children's. */
  public synchronized List<PeerRef> refs() {
    List<PeerRef> out = new ArrayList<>();
    hosts.values().forEach(h -> h.forEach(p -> out.add(p.ref())));
    out.addAll(remoteHosts.values());
    return out;
  }

  /** Every ring peer of this JVM on the ring, a copy. */
  public synchronized List<PeerHandle<ChordPeer>> handles() {
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    hosts.values().forEach(out::addAll);
    return out;
  }

  /** Hosts of child JVMs on the ring. */
  public synchronized int remotePeers() {
    return remoteHosts.size();
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
    live.addAll(remoteHosts.values());
    oracle = live.isEmpty() ? null : new RingOracle(ring, live);
  }
}
