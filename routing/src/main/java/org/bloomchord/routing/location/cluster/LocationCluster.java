package org.bloomchord.routing.location.cluster;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.LocationWire;

/**
 * The driver's handle on a Chord ring whose peers run the {@link LocationService}: wraps a
 * {@link ChordCluster} and adds publishing, locating, waiting for the filters to settle and the
 * {@link LinkOracle}. Used by the tests and the CLI. Methods block the driver thread.
 *
 * <p>Operations that touch many peers (publishing a placement, running a batch of queries) start
 * on all the peers at once through {@code Network.callAll}, as a workload would.
 */
public final class LocationCluster implements AutoCloseable {

  /** Makes the extension of a new peer from the shared settings and wire bounds. */
  @FunctionalInterface
  public interface ExtensionFactory {
    ChordExtension create(PeerRef ref, LocationConfig config, LocationWire wire);
  }

  private final ChordCluster chord;
  private final LocationConfig config;

  private LocationCluster(ChordCluster chord, LocationConfig config) {
    this.chord = chord;
    this.config = config;
  }

  /** A cluster of location peers on a new network of the named runtime ("sim" or "vertx"). */
  public static LocationCluster create(String runtime, NetworkOptions options, ChordConfig chordConfig,
      LocationConfig config) {
    return create(runtime, options, chordConfig, config, (ref, c, w) -> new LocationService(c, w));
  }

  /** As {@link #create(String, NetworkOptions, ChordConfig, LocationConfig)}, with a chosen extension per peer. */
  public static LocationCluster create(String runtime, NetworkOptions options, ChordConfig chordConfig,
      LocationConfig config, ExtensionFactory factory) {
    LocationWire wire = new LocationWire(config, chordConfig);
    WireRegistry registry = LocationWire.register(ChordWire.registry(chordConfig), config, chordConfig);
    Network<ChordPeer> net = Networks.create(runtime, options, registry);
    ChordCluster c = new ChordCluster(net, chordConfig, options.seed(),
        ref -> List.of(factory.create(ref, config, wire)));
    return new LocationCluster(c, config);
  }

  /** The Chord cluster underneath. */
  public ChordCluster chord() {
    return chord;
  }

  /** The network underneath. */
  public Network<ChordPeer> network() {
    return chord.network();
  }

  /** The location settings. */
  public LocationConfig config() {
    return config;
  }

  /** Active peers that run a {@link LocationService}. */
  public List<PeerHandle<ChordPeer>> servicePeers() {
    List<PeerHandle<ChordPeer>> out = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : network().alive()) {
      if (network().inspect(h, p -> p.state() == PeerState.ACTIVE && p.extension(LocationService.class) != null)) {
        out.add(h);
      }
    }
    return out;
  }

  /** Reads a peer's location service on its thread. */
  public <T> T inspect(PeerHandle<ChordPeer> peer, java.util.function.Function<LocationService, T> read) {
    return network().inspect(peer, p -> read.apply(p.extension(LocationService.class)));
  }

  private long opWait() {
    ChordConfig c = chord.config();
    return c.operationAttempts() * (c.lookupTimeoutMs() + 2 * c.requestTimeoutMs() + c.stabilizeMs())
        + config.queryTimeoutMs() + c.lookupTimeoutMs() + (2L + config.maxHoldersPerPointer()) * c.requestTimeoutMs();
  }

  private <T> T call(PeerHandle<ChordPeer> peer, java.util.function.Function<LocationService, Future<T>> action) {
    return network().call(peer, p -> action.apply(p.extension(LocationService.class)), opWait());
  }

  /** Publishes {@code key} at {@code peer}. */
  public void publish(PeerHandle<ChordPeer> peer, String key) {
    call(peer, s -> s.publish(key));
  }

  /** Withdraws {@code key} from {@code peer}. */
  public void unpublish(PeerHandle<ChordPeer> peer, String key) {
    call(peer, s -> s.unpublish(key));
  }

  /** Locates {@code key} from {@code peer}. */
  public LocateResult locate(PeerHandle<ChordPeer> peer, String key) {
    return call(peer, s -> s.locate(key));
  }

  /** Resolves {@code key} from {@code peer} by the deterministic path only. */
  public LocateResult locateByChord(PeerHandle<ChordPeer> peer, String key) {
    return call(peer, s -> s.locateByChord(key));
  }

  /** The holders with a current lease that the directory names, asked from {@code peer}. */
  public List<PeerRef> directoryHolders(PeerHandle<ChordPeer> peer, String key) {
    return call(peer, s -> s.directoryHolders(key));
  }

  /**
   * Publishes {@code objects} objects named {@code prefix + i}, each at {@code holders} distinct
   * peers drawn with {@code random}; all peers publish at once. Returns object -> holders; fails if
   * any publish failed.
   */
  public Map<String, List<PeerRef>> publishRandom(String prefix, int objects, int holders, SplittableRandom random) {
    List<PeerHandle<ChordPeer>> peers = servicePeers();
    if (holders > peers.size()) {
      throw new IllegalArgumentException(holders + " holders per object but only " + peers.size() + " peers");
    }
    Map<String, List<PeerRef>> placement = new LinkedHashMap<>();
    Map<String, List<String>> byPeer = new HashMap<>();
    for (int i = 0; i < objects; i++) {
      String key = prefix + i;
      Set<PeerRef> chosen = new LinkedHashSet<>();
      while (chosen.size() < holders) {
        chosen.add(peers.get(random.nextInt(peers.size())).ref());
      }
      placement.put(key, List.copyOf(chosen));
      chosen.forEach(p -> byPeer.computeIfAbsent(p.address(), a -> new ArrayList<>()).add(key));
    }
    List<PeerHandle<ChordPeer>> publishers = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : peers) {
      if (byPeer.containsKey(h.ref().address())) {
        publishers.add(h);
      }
    }
    List<Network.Outcome<Object>> outcomes = network().callAll(publishers, p -> {
      LocationService s = p.extension(LocationService.class);
      List<Future<Void>> fs = new ArrayList<>();
      for (String key : byPeer.get(p.self().address())) {
        fs.add(s.publish(key));
      }
      return Future.all(fs).map(x -> (Object) null);
    }, opWait());
    for (Network.Outcome<Object> o : outcomes) {
      if (!o.succeeded()) {
        throw new IllegalStateException("publish failed: " + o.failure(), o.failure());
      }
    }
    return placement;
  }

  /**
   * Runs {@code action} for each (peer, key) query, all peers at once (each peer's queries
   * concurrently), and returns the results in query order.
   */
  public List<LocateResult> runQueries(List<PeerHandle<ChordPeer>> from, List<String> keys,
      BiFunction<LocationService, String, Future<LocateResult>> action) {
    if (from.size() != keys.size()) {
      throw new IllegalArgumentException("one key per querier expected");
    }
    Map<String, List<Integer>> byPeer = new LinkedHashMap<>();
    Map<String, PeerHandle<ChordPeer>> handles = new LinkedHashMap<>();
    for (int i = 0; i < from.size(); i++) {
      byPeer.computeIfAbsent(from.get(i).ref().address(), a -> new ArrayList<>()).add(i);
      handles.put(from.get(i).ref().address(), from.get(i));
    }
    List<Network.Outcome<List<LocateResult>>> outcomes = network().callAll(new ArrayList<>(handles.values()), p -> {
      LocationService s = p.extension(LocationService.class);
      List<Future<LocateResult>> fs = new ArrayList<>();
      for (int i : byPeer.get(p.self().address())) {
        fs.add(action.apply(s, keys.get(i)));
      }
      return Future.all(fs).map(cf -> {
        List<LocateResult> rs = new ArrayList<>();
        for (Future<LocateResult> f : fs) {
          rs.add(f.result());
        }
        return rs;
      });
    }, opWait());
    LocateResult[] out = new LocateResult[from.size()];
    int j = 0;
    for (Map.Entry<String, List<Integer>> e : byPeer.entrySet()) {
      Network.Outcome<List<LocateResult>> o = outcomes.get(j++);
      if (!o.succeeded()) {
        throw new IllegalStateException("queries of " + e.getKey() + " failed: " + o.failure(), o.failure());
      }
      for (int k = 0; k < e.getValue().size(); k++) {
        out[e.getValue().get(k)] = o.value().get(k);
      }
    }
    return List.of(out);
  }

  /**
   * Lets time pass until every service peer has started at least depth + 1 refresh rounds since
   * this call and its last {@code rounds} completed rounds left all its link filters unchanged;
   * returns whether that happened within {@code maxMs}.
   */
  public boolean awaitSettled(int rounds, long maxMs) {
    Map<PeerRef, Long> start = new HashMap<>();
    for (PeerHandle<ChordPeer> h : servicePeers()) {
      start.put(h.ref(), inspect(h, LocationService::refreshRounds));
    }
    long needed = config.depth() + 1L;
    return network().awaitUntil(() -> {
      for (PeerHandle<ChordPeer> h : servicePeers()) {
        long begun = inspect(h, LocationService::refreshRounds) - start.getOrDefault(h.ref(), 0L);
        if (begun < needed || inspect(h, LocationService::quietRounds) < rounds) {
          return false;
        }
      }
      return true;
    }, maxMs, config.refreshMs());
  }

  /** A snapshot of the links and holdings of every active service peer. */
  public LinkOracle oracle() {
    Map<PeerRef, List<PeerRef>> links = new LinkedHashMap<>();
    Map<String, Set<PeerRef>> holders = new HashMap<>();
    for (PeerHandle<ChordPeer> h : servicePeers()) {
      links.put(h.ref(), network().inspect(h, p -> p.links().distinct()));
      for (String key : inspect(h, LocationService::held)) {
        holders.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(h.ref());
      }
    }
    return new LinkOracle(links, holders);
  }

  @Override
  public void close() {
    chord.close();
  }
}
