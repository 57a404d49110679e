package org.bloomchord.routing.location;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.PeerState;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.CountingBloomFilter;
import org.bloomchord.routing.bloom.Probes;
import org.bloomchord.routing.location.LocationMessages.HolderAnswer;
import org.bloomchord.routing.location.LocationMessages.HolderProbe;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.LocateQuery;
import org.bloomchord.routing.location.LocationMessages.PointerQuery;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationMessages.SummaryChanged;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;

/**
 * Nearby-object location on a Chord peer: attenuated Bloom filters on every link (Rhea and
 * Kubiatowicz, INFOCOM 2002) with the Chord store as the deterministic fallback. One instance per
 * peer, plugged in as a {@link ChordExtension}.
 *
 * <pre>
 *   publish(key)   local counting filter += key; pointer lease "loc:key" -> this peer in the store
 *   every refresh  pull each link's summary (version known -> "unchanged" or the changed bits);
 *                  drop departed links
 *   locate(key)    held? LOCAL
 *                  else forward along the link matching at the lowest level i, budget i - 1,
 *                       decreasing per hop, visited peers in the header   -> PROBABILISTIC
 *                  a peer with neither the object nor a match within budget: false positive,
 *                       Chord lookup of the pointer, then a live holder   -> FALLBACK / NOT_FOUND
 * </pre>
 *
 * <p>Invariants: the local filter holds exactly the keys in {@link #held()} (a counting filter, so
 * unpublish works); a link's filter is stored only after it decoded to d levels of the configured
 * shape and its content hash matched the announced version, and only while the link is among the
 * peer's current links ({@link Links#distinct()}); a filter not refreshed for
 * {@code filterExpiryMs} is dropped. Every location message is checked by {@link LocationWire#check}
 * before use; a malformed one is rejected and counted in {@link #rejectedMessages()}.
 *
 * <p>Threading: all methods run on the peer's thread (drivers use {@code Network.call/inspect}).
 */
public final class LocationService implements ChordExtension {

  private final LocationConfig config;
  private final LocationWire wire;
  private final BloomShape shape;
  private final CountingBloomFilter local;
  private final Set<String> held = new TreeSet<>();
  private final LinkFilters filters;
  private BloomFilter localPlain;
  /** Counts changes of the local filter (objects published or unpublished here). */
  private long localGeneration;
  private ChordHost peer;
  private SummaryExchange exchange;
  private PointerDirectory directory;
  private QueryRouter router;
  private long rejected;

  /** A service with the given settings; {@code wire} must use the same configuration. */
  public LocationService(LocationConfig config, LocationWire wire) {
    this.config = config;
    this.wire = wire;
    this.shape = config.shape();
    this.local = new CountingBloomFilter(shape);
    this.filters = new LinkFilters(config.depth(), shape);
  }

  @Override
  public void attach(ChordHost p) {
    this.peer = p;
    this.exchange = new SummaryExchange(this);
    this.directory = new PointerDirectory(this);
    this.router = new QueryRouter(this);
    p.handleRequests(SummaryRequest.class, (from, m) -> exchange.onRequest(from, checked(m)));
    p.handleMessages(SummaryChanged.class, (from, m) -> exchange.onChanged(from, checked(m)));
    p.handleMessages(LocateQuery.class, (from, m) -> router.onQuery(checked(m)));
    p.handleMessages(LocateDone.class, (from, m) -> router.onDone(checked(m)));
    p.handleRequests(PointerUpdate.class, (from, m) -> directory.onUpdate(from, checked(m)));
    p.handleRequests(PointerQuery.class, (from, m) -> Future.succeededFuture(directory.onQuery(checked(m))));
    p.handleRequests(HolderProbe.class,
        (from, m) -> Future.succeededFuture(new HolderAnswer(held.contains(checked(m).key()))));
    exchange.start();
    directory.start();
  }

  @Override
  public void linksChanged(Links links) {
    exchange.onLinksChanged(links);
  }

  @Override
  public void stop() {
    if (exchange != null) {
      exchange.stop();
      directory.stop();
      router.cancelAll();
    }
  }

  // ---- operations

  /**
   * Makes this peer a holder of {@code key}: adds it to the local filter at once and stores the
   * pointer lease at the key's pointer primary. The future fails when the directory could not be
   * updated after the Chord operation attempts (the lease refresh keeps trying).
   */
  public Future<Void> publish(String key) {
    if (!validKey(key)) {
      return badKey();
    }
    if (held.add(key)) {
      local.add(probes(key));
      localPlain = null;
      localGeneration++;
      if (exchange != null) {
        exchange.inputsChanged();
      }
    }
    return directory.update(key, false);
  }

  /** Stops holding {@code key}: removes it from the local filter and its lease from the directory. */
  public Future<Void> unpublish(String key) {
    if (!validKey(key)) {
      return badKey();
    }
    if (held.remove(key)) {
      local.remove(probes(key));
      localPlain = null;
      localGeneration++;
      if (exchange != null) {
        exchange.inputsChanged();
      }
    }
    return directory.update(key, true);
  }

  /** Finds a live holder of {@code key}: locally, through the link filters, or on the Chord path. */
  public Future<LocateResult> locate(String key) {
    if (!validKey(key)) {
      return badKey();
    }
    return router.locate(key);
  }

  /** Resolves {@code key} by the deterministic path only (Chord lookup of the pointer, then a holder). */
  public Future<LocateResult> locateByChord(String key) {
    if (!validKey(key)) {
      return badKey();
    }
    long start = runtime().now();
    if (held.contains(key)) {
      return Future.succeededFuture(LocateResult.local(key, self()));
    }
    return directory.resolve(key).map(r -> LocateResult.deterministic(key, r, runtime().now() - start));
  }

  /** The holders with a current lease in the directory (empty when none or unreachable). */
  public Future<List<PeerRef>> directoryHolders(String key) {
    if (!validKey(key)) {
      return badKey();
    }
    return directory.liveHolders(key);
  }

  // ---- state (peer's thread)

  /** How many objects this peer holds. */
  int heldCount() {
    return held.size();
  }

  /**
   * The keys this peer holds, a sorted copy: callers iterate it to send messages (lease renewals),
   * and {@code Set.copyOf}'s per-JVM iteration order would make a seeded simulation unrepeatable.
   */
  public Set<String> held() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(held));
  }

  /** Whether this peer holds {@code key}. */
  public boolean holds(String key) {
    return held.contains(key);
  }

  /** Copies of the stored link filters, by link. */
  public Map<PeerRef, AttenuatedFilter> linkFilters() {
    Map<PeerRef, AttenuatedFilter> out = new LinkedHashMap<>();
    for (PeerRef l : filters.links()) {
      out.put(l, filters.entry(l).filter());
    }
    return out;
  }

  /**
   * The summary this peer would send {@code asker} now (what a full pull gives): level 1 its local
   * filter, level j + 1 the union of level j of its links' filters other than the asker's.
   */
  public AttenuatedFilter summaryFor(PeerRef asker) {
    return filters.summaryFor(localFilter(), asker);
  }

  /** The lowest level at which any link's filter matches {@code key}, or 0 when none does. */
  public int lowestMatchingLevel(String key) {
    List<LinkFilters.Candidate> c = filters.candidates(probes(key), config.depth());
    return c.isEmpty() ? 0 : c.get(0).level();
  }

  /**
   * The sizes of this peer's bounded maps (each at most its {@link LocationConfig} cap): locates in
   * progress as origin, summary pulls in flight, holders whose leases it tallies as primary, and the
   * most leases one of them holds here.
   */
  public record Bounded(int pendingLocates, int summaryPulls, int trackedHolders, int mostLeasesPerHolder) {
  }

  /** The sizes of this peer's bounded maps now. */
  public Bounded bounded() {
    if (router == null) {
      return new Bounded(0, 0, 0, 0);
    }
    int[] g = directory.grantedShape();
    return new Bounded(router.pendingCount(), exchange.inFlight(), g[0], g[1]);
  }

  /** Location messages this peer rejected as malformed (requests, one-way messages and replies). */
  public long rejectedMessages() {
    return rejected;
  }

  /** Refresh rounds started. */
  public long refreshRounds() {
    return exchange.rounds();
  }

  /**
   * The current interval between refresh rounds, in milliseconds: refreshMs, or with adaptive Chord
   * maintenance where it has backed off to ({@link SummaryExchange}).
   */
  public long refreshIntervalMs() {
    return exchange.intervalMs();
  }

  /** Consecutive completed refresh rounds in which no link filter changed. */
  public int quietRounds() {
    return exchange.quietRounds();
  }

  /** The settings. */
  public LocationConfig config() {
    return config;
  }

  // ---- collaborators' access

  ChordHost peer() {
    return peer;
  }

  PeerRuntime runtime() {
    return peer.runtime();
  }

  PeerRef self() {
    return peer.self();
  }

  boolean active() {
    return peer.state() == PeerState.ACTIVE;
  }

  LinkFilters filters() {
    return filters;
  }

  /**
   * Bytes of the filters this peer keeps: its local counting filter (4-bit counters) and d levels
   * of m bits for each link it holds filters of.
   */
  public long filterMemoryBytes() {
    long level = (long) shape.words() * 8;
    return shape.bits() / 2 + (long) filters.links().size() * config.depth() * level;
  }

  LocationWire wire() {
    return wire;
  }

  PointerDirectory directory() {
    return directory;
  }

  Probes probes(String key) {
    return shape.probes(key.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A count that grows with every change of what this peer's summaries are made of (its local
   * filter and its links' filters): while it is unchanged, the summary for any asker is too.
   */
  long summaryInputs() {
    return localGeneration + filters.generation();
  }

  BloomFilter localFilter() {
    if (localPlain == null) {
      localPlain = local.toBloomFilter();
    }
    return localPlain;
  }

  /** Checks a received message; a malformed one is counted and rethrown. */
  <M extends Message> M checked(M m) {
    return wire.checked(m, this::countRejection);
  }

  void countRejection() {
    rejected++;
    runtime().metrics().increment(RoutingCounter.LOCATION_REJECTED, 1);
  }

  private boolean validKey(String key) {
    return key != null
        && PointerRecord.storeKey(key).getBytes(StandardCharsets.UTF_8).length <= peer.config().maxKeyBytes();
  }

  private static <T> Future<T> badKey() {
    return Future.failedFuture(new IllegalArgumentException("key missing or too long for the store"));
  }
}
