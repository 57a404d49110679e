package org.bloomchord.chord.cluster;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.RingHints;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.merge.MergeOptions;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The driver's handle on a Chord ring running on one {@link Network}: launches peers (joins run
 * concurrently), waits for the ring to stabilize by the {@link RingOracle}, runs operations from a
 * chosen peer, makes peers leave or crash, and checks tables and keys against the oracle. Used by
 * the tests and by the CLI. Methods block the driver thread.
 *
 * <p>Peers are named {@code p<i>} (with virtual nodes, {@code p<i>.v<j>} for j &lt; v, all of one
 * host crashing and leaving together); ids are the top m bits of SHA-1 of the name, and a name
 * whose id is taken is skipped. Random choices come from a generator seeded by the network seed,
 * so a simulator run repeats exactly.
 *
 * <p>Longer than the protocol classes because it is the one driver API of a
 * Chord ring that tests, the CLI and the routing module's clusters share: each of its methods is
 * a short blocking wrapper over {@link Network} calls, and splitting them would spread one
 * driver's vocabulary over several classes.
 */
public final class ChordCluster implements AutoCloseable {

  /** How long a read of every peer's state may wait for the peers' threads, runtime ms. */
  private static final long READ_WAIT_MS = 120_000;

  private final Network<ChordPeer> network;
  private final ChordConfig config;
  private final IdRing ring;
  private final Function<PeerRef, List<ChordExtension>> extensions;
  private final SplittableRandom random;
  private final Set<Long> usedIds = new HashSet<>();
  private final Map<String, List<PeerHandle<ChordPeer>>> hosts = new LinkedHashMap<>();
  private final Set<String> expectedKeys = new LinkedHashSet<>();
  private int nextHost;
  private String namePrefix = "";
  private int failedJoins;
  private Supplier<List<PeerSnapshot>> remote = List::of;
  private boolean hasRemote;
  private final TableChecks tableChecks = new TableChecks();
  private final RingLauncher launcher;
  private MergeOptions mergeOptions = MergeOptions.defaults();
  /**
   * The oracle of the last check and the live refs it was built from: while the driver waits for
   * a ring to stabilize, every check sees the same members, and sorting a million refs per check
   * was a large share of the wait.
   */
  private RingOracle lastOracle;
  private List<PeerRef> lastLive = List.of();

  /**
   * A cluster over an existing network (whose wire registry holds the Chord codecs).
   *
   * @param seed seeds the cluster's own random choices (bootstraps, victims)
   * @param extensions the extensions of each new peer
   */
  public ChordCluster(Network<ChordPeer> network, ChordConfig config, long seed,
      Function<PeerRef, List<ChordExtension>> extensions) {
    this.network = network;
    this.config = config;
    this.ring = new IdRing(config.idBits());
    this.extensions = extensions;
    this.random = new SplittableRandom(seed);
    this.launcher = new RingLauncher(network, random,
        (ref, boot) -> {
          ChordPeer peer = new ChordPeer(config, boot, extensions.apply(ref));
          peer.mergeOptions(mergeOptions);
          return peer;
        }, config.joinWaitMs(), READ_WAIT_MS)
        .onStarted(this::registerHosts);
  }

  /** A cluster on a new network of the named runtime ("sim" or "vertx") with the Chord codecs. */
  public static ChordCluster create(String runtime, NetworkOptions options, ChordConfig config) {
    Network<ChordPeer> net = Networks.create(runtime, options, ChordWire.registry(config));
    return new ChordCluster(net, config, options.seed(), ref -> List.of());
  }

  /** A registry with the Chord codecs, for building a network by hand. */
  public static WireRegistry wireRegistry(ChordConfig config) {
    return ChordWire.registry(config);
  }

  /** The network underneath. */
  public Network<ChordPeer> network() {
    return network;
  }

  /** The peers' configuration. */
  public ChordConfig config() {
    return config;
  }

  /** The identifier ring. */
  public IdRing ring() {
    return ring;
  }

  /** Peers still running, in launch order. */
  public List<PeerHandle<ChordPeer>> peers() {
    return network.alive();
  }

  /** Running peers that are on the ring (ACTIVE). */
  public List<PeerHandle<ChordPeer>> activePeers() {
    List<PeerHandle<ChordPeer>> alive = network.alive();
    List<PeerState> states = readAll(alive, ChordPeer::state);
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    for (int i = 0; i < alive.size(); i++) {
      if (states.get(i) == PeerState.ACTIVE) {
        out.add(alive.get(i));
      }
    }
    return out;
  }

  /**
   * Pauses or resumes ring maintenance on every running peer ({@link ChordPeer#pauseMaintenance});
   * peers launched later start with maintenance running.
   */
  public void pauseMaintenance(boolean paused) {
    readAll(network.alive(), p -> {
      p.pauseMaintenance(paused);
      return Boolean.TRUE;
    });
  }

  /** A uniformly chosen active peer. */
  public PeerHandle<ChordPeer> randomPeer() {
    List<PeerHandle<ChordPeer>> a = activePeers();
    if (a.isEmpty()) {
      throw new IllegalStateException("no active peer");
    }
    return a.get(random.nextInt(a.size()));
  }

  /**
   * Launches {@code hostCount} hosts (each with virtualNodes peers). Joins run concurrently in waves
   * that at most double the ring, each joiner bootstrapping through a random peer already on it;
   * between waves the ring is given up to 200 stabilize periods to become stable (as in a real
   * deployment, where joins spread over time). Returns once every joiner has its successor; call
   * {@link #awaitStable} for a stable ring. Peers whose join failed after every attempt are
   * removed from the network and counted in {@link #failedJoins()}; the list holds the others.
   */
  public List<PeerHandle<ChordPeer>> launch(int hostCount) {
    return joined(launcher.waves(newHosts(hostCount), this::activeRefs, this::awaitStable, 200 * config.stabilizeMs()));
  }

  private List<PeerRef> activeRefs() {
    List<PeerRef> out = new ArrayList<>();
    activePeers().forEach(h -> out.add(h.ref()));
    return out;
  }

  /** The peers a launch joined; those that failed are counted in {@link #failedJoins()}. */
  private List<PeerHandle<ChordPeer>> joined(RingLauncher.Launch launch) {
    failedJoins += launch.failed().size();
    return launch.joined();
  }

  private List<PeerRef> newHosts(int hostCount) {
    List<PeerRef> refs = new ArrayList<>();
    for (int i = 0; i < hostCount; i++) {
      refs.addAll(newHost());
    }
    return refs;
  }


  /**
   * Launches {@code hostCount} hosts at once, each joining through a random active peer (the first
   * host of an empty ring starts it alone), and waits until every join ended; unlike
   * {@link #launch}, the hosts are not split into waves.
   */
  public List<PeerHandle<ChordPeer>> launchWave(int hostCount) {
    List<PeerRef> refs = newHosts(hostCount);
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    int i = 0;
    if (!refs.isEmpty() && activePeers().isEmpty()) {
      out.addAll(joined(launcher.wave(refs.subList(0, 1), null)));
      i = 1;
    }
    if (i < refs.size()) {
      out.addAll(joined(launcher.wave(refs.subList(i, refs.size()), activeRefs())));
    }
    return out;
  }

  /**
   * Starts a ring of {@code hostCount} hosts at once, every peer in its place: its predecessor,
   * successor list and fingers are computed from the whole membership launched ({@link RingHints#ofAll}),
   * and it starts {@code ACTIVE} ({@link ChordPeer#rejoining}). Nothing is trusted beyond the start:
   * stabilize, check-predecessor and fix-fingers check those links as they check any other. This is
   * how a launcher that knows every member (one process launching the ring, a node restarting its
   * peers) skips the joins, whose messages grow as N log N; the protocol's join is what runs for every
   * peer that comes later. Only on an empty network, since the peers already on a ring would not
   * know the newcomers.
   *
   * @throws IllegalStateException when the network already has peers
   */
  public List<PeerHandle<ChordPeer>> launchPlaced(int hostCount) {
    int running = network.alive().size();
    if (running > 0) {
      throw new IllegalStateException("a placed launch starts a new ring; this network has " + running + " peers");
    }
    List<PeerRef> refs = newHosts(hostCount);
    Map<PeerRef, RingHints> hints = RingHints.ofAll(ring, refs, config.successors());
    // maintenance waits until every peer runs: on Vert.x the deployments take a while, and a peer
    // that asked a neighbour not yet deployed would suspect it and repair a right table
    List<PeerHandle<ChordPeer>> started = network.launchAll(refs, ref -> {
      ChordPeer p = ChordPeer.rejoining(config, hints.get(ref), extensions.apply(ref));
      p.mergeOptions(mergeOptions);
      p.pauseMaintenance(true);
      return p;
    });
    pauseMaintenance(false);
    registerHosts(started);
    return started;
  }

  /**
   * Launches {@code hostCount} hosts as a stream of joins, with no wait for a stable ring: at most
   * {@code window} joins are in flight at a time, and at most as many as peers already joined (so
   * the ring at most doubles while a join is under way); every joiner bootstraps through a random
   * peer whose own join has ended. A new joiner starts as soon as one ends; the ring's aggressive
   * join keeps successors and predecessors right while joins overlap, and maintenance repairs the
   * rest as the ring grows. Returns once every join ended (the peers whose join failed after every
   * attempt are removed, as in {@link #launch}); call {@link #awaitStable} for a stable ring.
   *
   * @param tickMs how often, in runtime ms, the launcher looks at the joins in flight
   * @param progress told after each look: peers joined so far in this launch, joins in flight
   */
  public List<PeerHandle<ChordPeer>> launchStreamed(int hostCount, int window, long tickMs,
      BiConsumer<Integer, Integer> progress) {
    if (window < 1 || tickMs < 1) {
      throw new IllegalArgumentException("window and tick must be positive: " + window + ", " + tickMs);
    }
    List<PeerRef> refs = newHosts(hostCount);
    return joined(launcher.stream(refs, activeRefs(), window, tickMs, progress));
  }

  /** Files started peers under their hosts (a host's virtual nodes together, for crashes). */
  private void registerHosts(List<PeerHandle<ChordPeer>> started) {
    for (PeerHandle<ChordPeer> h : started) {
      hosts.computeIfAbsent(hostOf(h.ref()), k -> new ArrayList<>()).add(h);
    }
  }

  /** Launches {@code count} peers at once, all joining through {@code bootstrap}. */
  public List<PeerHandle<ChordPeer>> launchThrough(PeerHandle<ChordPeer> bootstrap, int count) {
    return joined(launcher.wave(newHosts(count), List.of(bootstrap.ref())));
  }

  /**
   * {@code count} new peer identities whose ring ids lie in the open arc (from, to), named
   * {@code prefix-0}, {@code prefix-1}, ... (the first names that hash into the arc; the search is
   * deterministic). For tests and experiments that need joins into one gap.
   */
  public List<PeerRef> refsInArc(String prefix, long from, long to, int count) {
    List<PeerRef> out = new ArrayList<>(count);
    for (long k = 0; out.size() < count; k++) {
      if (k > 1_000_000L * count) {
        throw new IllegalArgumentException("the arc is too narrow for " + count + " peers");
      }
      String name = prefix + "-" + k;
      long id = ring.hash(name);
      if (ring.inOpen(id, from, to) && usedIds.add(id)) {
        out.add(RingCodec.intern(new PeerRef(name, id)));
      }
    }
    return out;
  }

  /**
   * Starts peers with the given identities, each joining through a random active peer, and returns
   * at once (the joins go on while the caller acts); {@link #peers()} lists them once started.
   */
  public List<PeerHandle<ChordPeer>> startJoins(List<PeerRef> refs) {
    return launcher.start(refs, activeRefs());
  }

  /** As {@link #startJoins}, then waits until every join ended; returns the peers that joined. */
  public List<PeerHandle<ChordPeer>> join(List<PeerRef> refs) {
    return joined(launcher.wave(refs, activeRefs()));
  }

  /** Joins that failed (after every attempt) since this cluster was created; those peers are gone. */
  public int failedJoins() {
    return failedJoins;
  }

  private List<PeerRef> newHost() {
    return hostRefs("p", nextHost++);
  }

  /**
   * The ring peers of host {@code stem + number} (after the name prefix): one per virtual node,
   * each named by the runtime's address for it, a collision with any id this cluster handed out
   * resolved by a {@code ~k} suffix. Churn drivers name their joiners here ({@code c0, c1, ...}) so
   * that every peer of a run is named one way.
   */
  public List<PeerRef> hostRefs(String stem, int number) {
    String host = namePrefix + stem + number;
    List<PeerRef> refs = new ArrayList<>();
    for (int v = 0; v < config.virtualNodes(); v++) {
      String base = config.virtualNodes() == 1 ? host : host + ".v" + v;
      String name = network.addressFor(base);
      long id = ring.hash(name);
      for (int k = 1; usedIds.contains(id); k++) {
        name = network.addressFor(base + "~" + k);
        id = ring.hash(name);
      }
      usedIds.add(id);
      refs.add(RingCodec.intern(new PeerRef(name, id)));
    }
    return refs;
  }

  /**
   * Puts {@code prefix} before the name of every host launched from now on (default none: hosts
   * are p0, p1, ... and their ring ids, the hashes of the names, are the same for every seed). A
   * prefix derived from the seed gives every seed its own placement of peers on the ring.
   */
  public void namePrefix(String prefix) {
    if (prefix == null || !prefix.matches("[a-z0-9]*")) {
      throw new IllegalArgumentException("a name prefix is lowercase letters and digits, got " + prefix);
    }
    this.namePrefix = prefix;
  }

  /** The prefix of host names ({@link #namePrefix(String)}), empty by default. */
  public String namePrefix() {
    return namePrefix;
  }

  /** The host name of a peer: its name without the virtual-node and collision suffixes. */
  public static String hostOf(PeerRef p) {
    String a = p.address();
    int cut = a.length();
    for (char c : new char[] {'.', '~', '@'}) {
      int i = a.indexOf(c);
      if (i >= 0) {
        cut = Math.min(cut, i);
      }
    }
    return a.substring(0, cut);
  }

  /** Lets time pass until the ring is {@link RingCheck#stable()}; returns whether it became so. */
  public boolean awaitStable(long maxMs) {
    return network.awaitUntil(() -> checkRing().stable(), maxMs, checkPeriodMs());
  }

  /** Lets time pass until every finger is correct as well; returns whether it did. */
  public boolean awaitConverged(long maxMs) {
    return network.awaitUntil(() -> check().converged(), maxMs, checkPeriodMs());
  }

  /**
   * How often the await methods check the ring, in runtime ms. On the simulator, every stabilize
   * period at any size: a check there judges again only the peers whose tables changed
   * ({@link TableChecks}) and costs a small part of the wall time of simulating one period, while a
   * coarser period lets a large ring run maintenance for up to a whole period after it became stable
   * (at a million peers a simulated second of maintenance is over a minute of wall time). Elsewhere,
   * where a check copies every peer's tables while the peers run, every stabilize period up to
   * 100,000 peers, then proportionally less often.
   */
  public long checkPeriodMs() {
    if (judgesInPlace()) {
      return config.stabilizeMs();
    }
    return config.stabilizeMs() * Math.max(1, network.alive().size() / 100_000);
  }

  /**
   * Adds the peers of a ring that spans processes: {@code source} returns snapshots (fingers and
   * keys included) of the ring's peers that this cluster's network does not run, and every snapshot,
   * oracle, ring check and key report from now on merges them with this network's own peers, so
   * lookups and keys are judged against the whole ring. The operations, launches and departures of
   * this cluster still act on its own peers only. Default: none.
   */
  public void remoteSnapshots(Supplier<List<PeerSnapshot>> source) {
    this.remote = source == null ? List::of : source;
    this.hasRemote = source != null;
  }

  /** Snapshots of every running peer, those of {@link #remoteSnapshots} included. */
  public List<PeerSnapshot> snapshots() {
    return withRemote(readAll(network.alive(), PeerSnapshot::of));
  }

  private List<PeerSnapshot> snapshots(boolean fingers, boolean keys) {
    return withRemote(readAll(network.alive(), p -> PeerSnapshot.of(p, fingers, keys)));
  }

  private List<PeerSnapshot> withRemote(List<PeerSnapshot> local) {
    List<PeerSnapshot> others = remote.get();
    if (others.isEmpty()) {
      return local;
    }
    List<PeerSnapshot> all = new ArrayList<>(local.size() + others.size());
    all.addAll(local);
    all.addAll(others);
    return all;
  }

  /**
   * Reads every peer's state on its own thread in one concurrent round: on Vert.x one blocking
   * {@code inspect} per peer would wait behind each busy event loop in turn, which made a check of
   * 10,000 peers take many seconds under maintenance load.
   */
  private <T> List<T> readAll(List<PeerHandle<ChordPeer>> peers, Function<ChordPeer, T> read) {
    List<T> out = new ArrayList<>(peers.size());
    for (Network.Outcome<T> o : network.callAll(peers, p -> Future.succeededFuture(read.apply(p)), READ_WAIT_MS)) {
      if (!o.succeeded()) {
        throw new IllegalStateException("cannot read a peer's state: " + o.failure(), o.failure());
      }
      out.add(o.value());
    }
    return out;
  }

  /** How peers launched from now on notice and merge other rings (default {@link MergeOptions#defaults()}). */
  public void mergeOptions(MergeOptions options) {
    this.mergeOptions = java.util.Objects.requireNonNull(options, "options");
  }

  /** The number of rings the active peers' successor pointers form ({@link RingCensus}). */
  public int rings() {
    return RingCensus.rings(snapshots(false, false));
  }

  /** The oracle of the active peers. */
  public RingOracle oracle() {
    return oracle(snapshots(false, false));
  }

  private RingOracle oracle(List<PeerSnapshot> snaps) {
    List<PeerRef> live = new ArrayList<>(snaps.size());
    for (PeerSnapshot s : snaps) {
      if (s.state() == PeerState.ACTIVE) {
        live.add(s.self());
      }
    }
    return oracleOf(live);
  }

  private RingOracle oracleOf(List<PeerRef> live) {
    if (lastOracle != null && sameRefs(live, lastLive)) {
      return lastOracle;
    }
    lastOracle = new RingOracle(ring, live);
    lastLive = live;
    return lastOracle;
  }

  /** Whether both lists hold the same refs in the same order (by identity: a waiting driver reads the same peers). */
  private static boolean sameRefs(List<PeerRef> a, List<PeerRef> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  /** Checks every active peer's tables, fingers included, against the oracle. */
  public RingCheck check() {
    if (judgesInPlace()) {
      return judgeInPlace(true);
    }
    List<PeerSnapshot> snaps = snapshots(true, false);
    return oracle(snaps).check(snaps, config.successors(), config.proximity());
  }

  /**
   * Whether checks may read the peers where they are and judge only the changed ones again
   * ({@link TableChecks}): on the simulator, whose driver thread runs the peers, without peers of
   * other processes.
   */
  private boolean judgesInPlace() {
    return !hasRemote && network.simulator().isPresent();
  }

  private RingCheck judgeInPlace(boolean fingers) {
    List<PeerHandle<ChordPeer>> alive = network.alive();
    List<PeerRef> live = new ArrayList<>(alive.size());
    for (PeerHandle<ChordPeer> h : alive) {
      ChordPeer p = h.protocol();
      if (p.state() == PeerState.ACTIVE) {
        live.add(p.self());
      }
    }
    return tableChecks.check(oracleOf(live), alive, config.successors(), config.proximity(), fingers);
  }

  /**
   * Checks the tables of the active peers that {@code judged} accepts, fingers included, against
   * the oracle of every active peer (a scenario's honest peers, with its rogue peers on the ring
   * but not judged).
   */
  public RingCheck check(java.util.function.Predicate<PeerRef> judged) {
    List<PeerSnapshot> snaps = snapshots(true, false);
    List<PeerSnapshot> kept = new ArrayList<>();
    for (PeerSnapshot s : snaps) {
      if (judged.test(s.self())) {
        kept.add(s);
      }
    }
    return oracle(snaps).check(kept, config.successors(), config.proximity());
  }

  /**
   * Checks successors, predecessors and successor lists only (what {@link RingCheck#stable()}
   * needs), without reading fingers: the returned check counts no finger.
   */
  public RingCheck checkRing() {
    if (judgesInPlace()) {
      return judgeInPlace(false);
    }
    List<PeerSnapshot> snaps = snapshots(false, false);
    return oracle(snaps).check(snaps, config.successors(), config.proximity());
  }

  /** Where the keys put (and not deleted) through this cluster are. */
  public KeyReport keys() {
    List<PeerSnapshot> snaps = snapshots(false, true);
    return oracle(snaps).keys(expectedKeys, snaps, config);
  }

  /**
   * For each running host, how many of the expected keys its peers are primary of (with virtual
   * nodes, summed over the host's ring ids): the load-balance figure.
   */
  public Map<String, Integer> keysPerHost() {
    List<PeerSnapshot> snaps = snapshots(false, false);
    RingOracle o = oracle(snaps);
    Map<String, Integer> out = new LinkedHashMap<>();
    for (PeerSnapshot s : snaps) {
      out.putIfAbsent(hostOf(s.self()), 0);
    }
    for (String key : expectedKeys) {
      out.merge(hostOf(o.successor(ring.hash(key))), 1, Integer::sum);
    }
    return out;
  }

  /** Adds a key to those expected in the store (for keys written other than through {@link #put}). */
  public void expectKey(String key) {
    expectedKeys.add(key);
  }

  /** Keys put through this cluster and not deleted since, sorted (a fixed order for seeded runs). */
  public Set<String> expectedKeys() {
    return java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(expectedKeys));
  }

  private long opWait() {
    return config.operationAttempts() * (config.lookupTimeoutMs() + 2 * config.requestTimeoutMs()
        + config.stabilizeMs()) + config.requestTimeoutMs();
  }

  /** Looks up {@code key} from {@code from} in the configured mode. */
  public LookupResult lookup(PeerHandle<ChordPeer> from, long key) {
    return network.call(from, p -> p.lookup(key), opWait());
  }

  /** Looks up {@code key} from {@code from} in the given mode. */
  public LookupResult lookup(PeerHandle<ChordPeer> from, long key, LookupMode mode) {
    return network.call(from, p -> p.lookup(key, mode), opWait());
  }

  /** Puts from {@code from}; a stored key is remembered as expected. */
  public WriteResult put(PeerHandle<ChordPeer> from, String key, String value) {
    WriteResult r = network.call(from, p -> p.put(key, value), opWait());
    if (r.stored()) {
      expectedKeys.add(key);
    }
    return r;
  }

  /** Deletes from {@code from}; a deleted key is no longer expected. */
  public WriteResult delete(PeerHandle<ChordPeer> from, String key) {
    WriteResult r = network.call(from, p -> p.delete(key), opWait());
    if (r.stored()) {
      expectedKeys.remove(key);
    }
    return r;
  }

  /** Gets from {@code from}. */
  public ReadResult get(PeerHandle<ChordPeer> from, String key) {
    return network.call(from, p -> p.get(key), opWait());
  }

  /** Graceful leave of a peer's whole host (all its virtual nodes). */
  public void leave(PeerHandle<ChordPeer> peer) {
    for (PeerHandle<ChordPeer> h : hostPeers(peer)) {
      network.leave(h);
    }
  }

  /** Crash of a peer's whole host (all its virtual nodes); nobody is told. */
  public void crash(PeerHandle<ChordPeer> peer) {
    for (PeerHandle<ChordPeer> h : hostPeers(peer)) {
      network.crash(h);
    }
  }

  /** Crashes {@code k} hosts whose peers follow each other on the ring, starting at a random one. */
  public List<PeerHandle<ChordPeer>> crashConsecutive(int k) {
    RingOracle o = oracle();
    List<PeerRef> order = o.peers();
    int start = random.nextInt(order.size());
    Map<PeerRef, PeerHandle<ChordPeer>> byRef = new LinkedHashMap<>();
    network.alive().forEach(h -> byRef.put(h.ref(), h));
    List<PeerHandle<ChordPeer>> victims = new ArrayList<>();
    for (int i = 0; i < k && i < order.size(); i++) {
      PeerHandle<ChordPeer> h = byRef.get(order.get((start + i) % order.size()));
      if (h != null) {
        victims.add(h);
      }
    }
    victims.forEach(this::crash);
    return victims;
  }

  /** Crashes a uniformly chosen {@code fraction} of the hosts at once. */
  public List<PeerHandle<ChordPeer>> crashFraction(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in [0, 1]: " + fraction);
    }
    List<String> names = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : network.alive()) {
      String host = hostOf(h.ref());
      if (!names.contains(host)) {
        names.add(host);
      }
    }
    int count = (int) Math.round(fraction * names.size());
    List<PeerHandle<ChordPeer>> victims = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String host = names.remove(random.nextInt(names.size()));
      victims.add(hosts.get(host).get(0));
    }
    victims.forEach(this::crash);
    return victims;
  }

  private List<PeerHandle<ChordPeer>> hostPeers(PeerHandle<ChordPeer> peer) {
    List<PeerHandle<ChordPeer>> all = hosts.getOrDefault(hostOf(peer.ref()), List.of(peer));
    List<PeerHandle<ChordPeer>> live = new ArrayList<>();
    Set<PeerRef> alive = new HashSet<>();
    network.alive().forEach(h -> alive.add(h.ref()));
    for (PeerHandle<ChordPeer> h : all) {
      if (alive.contains(h.ref())) {
        live.add(h);
      }
    }
    return live;
  }

  @Override
  public void close() {
    network.close();
  }
}
