package org.bloomchord.chord.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReplicaPlacement;
import org.bloomchord.overlay.PeerRef;

/**
 * The truth about a ring: the live peers sorted by unsigned id. It answers what every table should
 * hold (successor of a key, predecessor, successor list, finger) and counts how far snapshots of
 * the peers' tables are from it.
 *
 * <p>Invariant: at least one peer; ids distinct. Immutable.
 */
public final class RingOracle {

  private final IdRing ring;
  private final PeerRef[] sorted;
  /**
   * The ids of {@link #sorted}, searched without touching the refs (a million peers: 8 MB); a peer's
   * place is found by binary search here, not in a map of refs (a check of a million peers built
   * one of a million entries each time).
   */
  private final long[] ids;
  /**
   * Where each bucket of ids starts in {@link #ids}: bucket b holds the ids whose top
   * {@link #bucketBits} bits (of the ring's m) are b, and ends where bucket b + 1 starts. About
   * eight ids a bucket, so a search reads one small slot here and a cache line or two of
   * {@link #ids} instead of about twenty scattered ones: a check of a million peers' fingers makes
   * some twenty searches per peer.
   */
  private final int[] bucketStart;
  private final int bucketBits;
  private final int bucketShift;

  /** The oracle of the ring formed by {@code live}. */
  public RingOracle(IdRing ring, Collection<PeerRef> live) {
    if (live.isEmpty()) {
      throw new IllegalArgumentException("a ring needs at least one live peer");
    }
    this.ring = ring;
    this.sorted = live.toArray(new PeerRef[0]);
    java.util.Arrays.sort(sorted, (a, b) -> Long.compareUnsigned(a.id(), b.id()));
    this.ids = new long[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      ids[i] = sorted[i].id();
      if (i > 0 && sorted[i].id() == sorted[i - 1].id()) {
        throw new IllegalArgumentException("two live peers share id " + IdRing.format(sorted[i].id()));
      }
    }
    int m = ring.bits();
    int log2Peers = 31 - Integer.numberOfLeadingZeros(ids.length);
    this.bucketBits = Math.max(0, Math.min(Math.min(m, 24), log2Peers - 3));
    this.bucketShift = m - bucketBits;
    this.bucketStart = new int[(1 << bucketBits) + 1];
    int at = 0;
    for (int b = 0; b < 1 << bucketBits; b++) {
      bucketStart[b] = at;
      while (at < ids.length && bucketOf(ids[at]) == b) {
        at++;
      }
    }
    bucketStart[1 << bucketBits] = ids.length;
  }

  /** The bucket of an id of the ring: its top {@link #bucketBits} bits. */
  private int bucketOf(long id) {
    return bucketBits == 0 ? 0 : (int) (id >>> bucketShift);
  }

  /** The number of live peers. */
  public int size() {
    return sorted.length;
  }

  /** The live peers in ring order. */
  public List<PeerRef> peers() {
    return List.of(sorted);
  }

  /** The live peer responsible for {@code key}: the first whose id is at or after it, wrapping. */
  public PeerRef successor(long key) {
    return sorted[successorIndex(key)];
  }

  /** The next live peer after {@code p} (itself when alone). */
  public PeerRef successorOf(PeerRef p) {
    return sorted[(indexOf(p) + 1) % sorted.length];
  }

  /** The previous live peer before {@code p} (itself when alone). */
  public PeerRef predecessorOf(PeerRef p) {
    return sorted[(indexOf(p) - 1 + sorted.length) % sorted.length];
  }

  /** The next min(r, N-1) live peers after {@code p}. */
  public List<PeerRef> successorsOf(PeerRef p, int r) {
    int i = indexOf(p);
    List<PeerRef> out = new ArrayList<>();
    for (int k = 1; k <= Math.min(r, sorted.length - 1); k++) {
      out.add(sorted[(i + k) % sorted.length]);
    }
    return out;
  }

  /**
   * The {@code config.replicas()} peers that should hold {@code key}: {@link ReplicaPlacement} over
   * the true successor list of its owner ({@code config.successors()} long), which on one failure
   * domain is the owner and the next r-1 peers (fewer on small rings).
   */
  public List<PeerRef> replicasOf(long key, ChordConfig config) {
    PeerRef owner = successor(key);
    return ReplicaPlacement.replicas(owner, successorsOf(owner, config.successors()), config.replicas());
  }

  /** Whether {@code f} is a live peer that proximity selection may take as finger i of {@code p}. */
  public boolean proximityFinger(PeerRef p, int i, PeerRef f) {
    if (f == null || indexOrMinus(f) < 0) {
      return false;
    }
    long start = ring.fingerStart(p.id(), i);
    return Long.compareUnsigned(ring.distance(start, f.id()), 1L << (i - 1)) < 0;
  }

  /** What finger i of {@code p} should be: successor(p + 2^(i-1)). */
  public PeerRef finger(PeerRef p, int i) {
    return successor(ring.fingerStart(p.id(), i));
  }

  /** Compares every snapshot of a live peer with the truth; {@code r} is the successor-list length. */
  public RingCheck check(Collection<PeerSnapshot> snapshots, int r) {
    return check(snapshots, r, false);
  }

  /**
   * As {@link #check(Collection, int)}; with {@code proximity} a finger is also right when it is a
   * live peer of [start(i), start(i+1)) (proximity neighbour selection may take any of them).
   */
  public RingCheck check(Collection<PeerSnapshot> snapshots, int r, boolean proximity) {
    Tally t = new Tally();
    for (PeerSnapshot s : snapshots) {
      t.add(verdict(s, r, proximity));
    }
    return t.check();
  }

  /** A verdict of {@link #verdict} on one peer whose self is not a live peer of this ring: not counted. */
  static final long NOT_COUNTED = 0;
  private static final long COUNTED = 1;
  private static final long WRONG_SUCCESSOR = 2;
  private static final long WRONG_PREDECESSOR = 4;
  private static final long WRONG_LIST = 8;
  private static final int FINGER_ERRORS_SHIFT = 8;
  private static final int FINGERS_CHECKED_SHIFT = 24;
  private static final long FIELD = 0xFFFF;

  /**
   * How one snapshot compares with the truth, packed in a long (counted or not, successor,
   * predecessor and list wrong or right, fingers wrong and checked): what {@link #check} sums over
   * the peers, kept by a driver that judges again only the peers whose tables changed.
   */
  long verdict(PeerSnapshot s, int r, boolean proximity) {
    int n = sorted.length;
    int at = indexOrMinus(s.self());
    if (at < 0) {
      return NOT_COUNTED;
    }
    long v = COUNTED;
    int want = Math.min(r, n - 1);
    PeerRef firstWant = want == 0 ? s.self() : sorted[(at + 1) % n];
    List<PeerRef> have = s.successors();
    PeerRef firstHave = have.isEmpty() ? s.self() : have.get(0);
    if (!firstWant.equals(firstHave)) {
      v |= WRONG_SUCCESSOR;
    }
    PeerRef predWant = n == 1 ? null : sorted[(at - 1 + n) % n];
    if (!Objects.equals(predWant, s.predecessor())) {
      v |= WRONG_PREDECESSOR;
    }
    if (!sameAsNext(at, want, have)) {
      v |= WRONG_LIST;
    }
    // every finger whose start lies at or before the successor is the successor: most of them
    // (alone on the ring, the gap is 0 and each finger is looked up)
    long gap = ring.distance(s.self().id(), firstWant.id());
    List<PeerRef> fs = s.fingers();
    long wrong = 0;
    for (int i = 1; i <= fs.size(); i++) {
      PeerRef haveFinger = fs.get(i - 1);
      PeerRef right = gap != 0 && Long.compareUnsigned(1L << (i - 1), gap) <= 0 ? firstWant : finger(s.self(), i);
      if (!right.equals(haveFinger) && !(proximity && proximityFinger(s.self(), i, haveFinger))) {
        wrong++;
      }
    }
    return v | wrong << FINGER_ERRORS_SHIFT | (long) fs.size() << FINGERS_CHECKED_SHIFT;
  }

  /** Whether a verdict of {@link #verdict} checked fingers. */
  static boolean checkedFingers(long verdict) {
    return (verdict >>> FINGERS_CHECKED_SHIFT & FIELD) > 0;
  }

  /** The sums of verdicts that make a {@link RingCheck}. */
  static final class Tally {
    private int peers;
    private int succ;
    private int pred;
    private int lists;
    private long fingers;
    private long checked;

    void add(long v) {
      if ((v & COUNTED) == 0) {
        return;
      }
      peers++;
      succ += (v & WRONG_SUCCESSOR) != 0 ? 1 : 0;
      pred += (v & WRONG_PREDECESSOR) != 0 ? 1 : 0;
      lists += (v & WRONG_LIST) != 0 ? 1 : 0;
      fingers += v >>> FINGER_ERRORS_SHIFT & FIELD;
      checked += v >>> FINGERS_CHECKED_SHIFT & FIELD;
    }

    /** Adds a verdict without its fingers (a check of successors and predecessors only). */
    void addWithoutFingers(long v) {
      add(v & ~(FIELD << FINGER_ERRORS_SHIFT | FIELD << FINGERS_CHECKED_SHIFT));
    }

    RingCheck check() {
      return new RingCheck(peers, succ, pred, lists, fingers, checked);
    }
  }

  /** Whether {@code have} is exactly the {@code count} live peers after the one at {@code at}. */
  private boolean sameAsNext(int at, int count, List<PeerRef> have) {
    if (have.size() != count) {
      return false;
    }
    for (int k = 1; k <= count; k++) {
      if (!sorted[(at + k) % sorted.length].equals(have.get(k - 1))) {
        return false;
      }
    }
    return true;
  }

  /** Where the {@code expected} keys are among the snapshots, with the replicas {@code config} places. */
  public KeyReport keys(Collection<String> expected, Collection<PeerSnapshot> snapshots, ChordConfig config) {
    Map<PeerRef, Set<String>> held = new HashMap<>();
    Set<String> anyPeer = new HashSet<>();
    for (PeerSnapshot s : snapshots) {
      if (indexOrMinus(s.self()) >= 0) {
        held.put(s.self(), new HashSet<>(s.liveKeys()));
        anyPeer.addAll(s.liveKeys());
      }
    }
    int lost = 0;
    int under = 0;
    List<String> lostKeys = new ArrayList<>();
    int[] primary = new int[sorted.length];
    for (String key : expected) {
      long id = ring.hash(key);
      primary[successorIndex(id)]++;
      if (!anyPeer.contains(key)) {
        lost++;
        if (lostKeys.size() < 100) {
          lostKeys.add(key);
        }
      }
      for (PeerRef p : replicasOf(id, config)) {
        if (!held.getOrDefault(p, Set.of()).contains(key)) {
          under++;
          break;
        }
      }
    }
    List<Integer> perPeer = new ArrayList<>();
    for (int c : primary) {
      perPeer.add(c);
    }
    return new KeyReport(expected.size(), lost, under, lostKeys, perPeer);
  }

  private int indexOf(PeerRef p) {
    int i = indexOrMinus(p);
    if (i < 0) {
      throw new IllegalArgumentException(p + " is not a live peer of this ring");
    }
    return i;
  }

  /** The place of live peer {@code p} in ring order, or -1 when it is not one. */
  private int indexOrMinus(PeerRef p) {
    int i = successorIndex(p.id());
    return ids[i] == p.id() && sorted[i].equals(p) ? i : -1;
  }

  private int successorIndex(long key) {
    // the first id at or after the key lies in the key's bucket, or is the first of a later one
    int b = Math.min(bucketOf(key), (1 << bucketBits) - 1);
    int lo = bucketStart[b];
    int hi = bucketStart[b + 1];
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(ids[mid], key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == sorted.length ? 0 : lo;
  }
}
