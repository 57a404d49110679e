package org.bloomchord.routing.cache.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
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
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.CacheResult;
import org.bloomchord.routing.cache.CacheService;
import org.bloomchord.routing.cache.CacheWire;
import org.bloomchord.routing.cache.ObjectName;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.LocationWire;

/**
 * The driver's handle on a group of cooperative cache peers on one Chord ring: every peer runs a
 * {@link CacheService} (and, for {@link CacheProtocol#ATTENUATED}, the {@link LocationService} it
 * locates with). Wraps a {@link ChordCluster}; used by the tests and the CLI. Methods block the
 * driver thread.
 */
public final class CacheCluster implements AutoCloseable {

  private final ChordCluster chord;
  private final CacheConfig config;
  private final LocationConfig location;
  private List<PeerHandle<ChordPeer>> members = List.of();

  private CacheCluster(ChordCluster chord, CacheConfig config, LocationConfig location) {
    this.chord = chord;
    this.config = config;
    this.location = location;
  }

  /**
   * A cache group on a new network of the named runtime ("sim" or "vertx"); {@code location} is
   * used by the attenuated protocol (its codecs are registered whatever the protocol).
   */
  public static CacheCluster create(String runtime, NetworkOptions options, ChordConfig chordConfig,
      CacheConfig config, LocationConfig location) {
    CacheWire wire = new CacheWire(config, chordConfig);
    LocationWire locationWire = new LocationWire(location, chordConfig);
    WireRegistry registry = CacheWire.register(
        LocationWire.register(ChordWire.registry(chordConfig), location, chordConfig), config, chordConfig);
    Network<ChordPeer> net = Networks.create(runtime, options, registry);
    Function<PeerRef, List<ChordExtension>> extensions = ref -> {
      if (config.protocol() == CacheProtocol.ATTENUATED) {
        LocationService l = new LocationService(location, locationWire);
        return List.of(l, new CacheService(config, wire, l));
      }
      return List.of(new CacheService(config, wire, null));
    };
    return new CacheCluster(new ChordCluster(net, chordConfig, options.seed(), extensions), config, location);
  }

  /**
   * Launches {@code n} peers, waits for a stable ring (and, for the attenuated protocol, settled
   * filters), and makes them one group. Returns whether the ring became stable.
   */
  public boolean launch(int n) {
    chord.launch(n);
    long bound = 200L * chord.config().stabilizeMs() + 60_000;
    boolean stable = chord.awaitConverged(bound) || chord.awaitStable(bound);
    members = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : network().alive()) {
      if (network().inspect(h, p -> p.state() == PeerState.ACTIVE)) {
        members.add(h);
      }
    }
    List<PeerRef> refs = members.stream().map(PeerHandle::ref).toList();
    for (PeerHandle<ChordPeer> h : members) {
      inspect(h, s -> {
        s.group(refs);
        return null;
      });
    }
    return stable;
  }

  /** The group's members, in launch order. */
  public List<PeerHandle<ChordPeer>> members() {
    return members;
  }

  /** Serves one request for {@code object} of {@code size} bytes at {@code peer}. */
  public CacheResult request(PeerHandle<ChordPeer> peer, ObjectName object, int size) {
    return network().call(peer, p -> p.extension(CacheService.class).request(object, size), opWait());
  }

  /** Reads a peer's cache service on its thread. */
  public <T> T inspect(PeerHandle<ChordPeer> peer, Function<CacheService, T> read) {
    return network().inspect(peer, p -> read.apply(p.extension(CacheService.class)));
  }

  /** Lets the runtime run {@code ms} milliseconds (summaries in flight arrive, filters refresh). */
  public void runFor(long ms) {
    network().runFor(ms);
  }

  private long opWait() {
    ChordConfig c = chord.config();
    return 4L * (c.lookupTimeoutMs() + c.requestTimeoutMs()) + location.queryTimeoutMs()
        + (long) config.maxHoldersPerObject() * c.requestTimeoutMs() + 10_000;
  }

  /** The Chord cluster underneath. */
  public ChordCluster chord() {
    return chord;
  }

  /** The network underneath. */
  public Network<ChordPeer> network() {
    return chord.network();
  }

  /** The cache settings. */
  public CacheConfig config() {
    return config;
  }

  @Override
  public void close() {
    chord.close();
  }
}
