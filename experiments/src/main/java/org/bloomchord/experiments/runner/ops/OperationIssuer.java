package org.bloomchord.experiments.runner.ops;

import io.vertx.core.Future;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.metrics.LocateRecorder;
import org.bloomchord.experiments.metrics.LookupOutcome;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.metrics.MeasurementWindow;
import org.bloomchord.experiments.metrics.OperationSample;
import org.bloomchord.experiments.metrics.OperationSampleWriter;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.heavy.HotKeyRelief;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.cluster.LinkOracle;

/**
 * Issues workload operations without waiting for them: the operation starts on a random ring
 * peer's thread and its outcome is recorded there when it completes, so a Vert.x run keeps its
 * rate however slow single operations are, and a simulator run interleaves them with everything
 * else. Lookups are judged when they complete: correct when the answer is the live successor of the
 * key by the {@link Roster}'s oracle at that moment.
 *
 * <p>Locates ask for {@code object-<n>} ({@link Holdings#objectName}) and are judged by
 * {@link Holdings} when they complete: NOT_FOUND is the correct answer for an object without a live
 * holder. In measure phases ({@link RunContext#linkOracle} set) each locate also gets the oracle
 * distance from its origin to the nearest live holder (computed on the driver thread when it is
 * issued) and, once answered, is resolved again by the pointer lookup alone for {@code chordHops}.
 *
 * <p>Keys are named {@code key-<n>} by their workload number. Invariant: {@link #inFlight()}
 * counts operations started and not yet recorded. Thread-safe.
 */
public final class OperationIssuer {

  /** How long the driver waits for an operation to start on its peer (not for it to finish). */
  private static final long START_WAIT_MS = 5_000;

  private final RunContext ctx;
  private final Network<ChordPeer> network;
  private final Roster roster;
  private final LongSupplier clock;
  private final MeasurementWindow window;
  private final LookupRecorder lookups;
  private final OperationTally tally;
  private final OperationSampleWriter samples;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final Set<String> stored = ConcurrentHashMap.newKeySet();
  /**
   * Gets, puts and locates started and not yet recorded, by token: each is recorded once, by its
   * completion or by its origin's departure, whichever claims the token first.
   */
  private final Map<Object, Pending> pending = new ConcurrentHashMap<>();

  /** An operation under way at {@code origin}; {@code departed} records it if the origin departs first. */
  private record Pending(PeerRef origin, Runnable departed) {
  }
  /** Hears every put's key and whether it was stored (a partition phase over JVMs); null for none. */
  private volatile java.util.function.BiConsumer<String, Boolean> putListener;
  private final LongAdder hopSum = new LongAdder();
  private final LongAdder answered = new LongAdder();

  /** The issuer of {@code ctx}'s run, recording into its recorders. */
  public OperationIssuer(RunContext ctx) {
    this.ctx = ctx;
    this.network = ctx.network();
    this.roster = ctx.roster();
    this.clock = ctx::runMs;
    this.window = ctx.window();
    this.lookups = ctx.lookups();
    this.tally = ctx.tally();
    this.samples = ctx.samples();
  }

  /** The key name of workload key number {@code n}. */
  public static String keyName(int n) {
    return "key-" + n;
  }

  /** Hops of every answered lookup so far, for the time series' mean hops per second. */
  public long hopSum() {
    return hopSum.sum();
  }

  /** Lookups answered so far (correct or not). */
  public long answered() {
    return answered.sum();
  }

  /** Operations issued and not yet completed. */
  public int inFlight() {
    return inFlight.get();
  }

  /** Keys stored by puts so far, in a fixed (sorted) order so that a seeded run repeats. */
  public Set<String> stored() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(stored));
  }

  /**
   * Sets who hears each put's key and whether it was stored, on the peer's thread as puts complete
   * (null: nobody).
   */
  public void onPut(java.util.function.BiConsumer<String, Boolean> listener) {
    this.putListener = listener;
  }

  /**
   * Counts {@code key} among the stored keys, put by a peer of another JVM (a partition phase over
   * JVMs): a later get that does not find it counts as missing.
   */
  public void storedElsewhere(String key) {
    stored.add(key);
  }

  /** Starts one operation of {@code kind} on key number {@code key} from a random ring peer. */
  public void issue(OperationKind kind, int key, SplittableRandom random) {
    for (int attempt = 0; attempt < 3; attempt++) {
      PeerHandle<ChordPeer> origin = roster.pick(random);
      if (origin == null) {
        break;
      }
      int distance = LocateRecorder.NO_DISTANCE;
      LinkOracle oracle = ctx.linkOracle();
      if (kind == OperationKind.LOCATE && oracle != null) {
        distance = oracle.distance(origin.ref(), Holdings.objectName(key));
      }
      int d = distance;
      inFlight.incrementAndGet();
      try {
        network.call(origin, p -> {
          start(p, origin.ref(), kind, kind == OperationKind.LOCATE ? Holdings.objectName(key) : keyName(key), d,
              oracle != null);
          return Future.succeededFuture(null);
        }, START_WAIT_MS);
        return;
      } catch (RuntimeException e) {
        // the origin departed between the pick and the start (Vert.x churn thread): pick again
        inFlight.decrementAndGet();
      }
    }
    if (window.includes(clock.getAsLong())) {
      tally.notIssued.increment();
    }
  }

  private void start(ChordPeer peer, PeerRef origin, OperationKind kind, String key, int distance, boolean compare) {
    long issued = clock.getAsLong();
    switch (kind) {
      case LOOKUP -> {
        long id = roster.ring().hash(key);
        peer.lookup(id).onComplete(ar -> lookupDone(origin, key, id, issued, ar.succeeded() ? ar.result() : null));
      }
      case GET -> {
        // with hot-key relief the read goes through it: a leased copy on the way may answer
        HotKeyRelief relief = peer.extension(HotKeyRelief.class);
        Object token = track(origin, () -> abandoned(origin, kind, key));
        (relief != null ? relief.read(key) : peer.get(key)).onComplete(ar -> {
          if (claim(token)) {
            getDone(origin, key, issued, ar.succeeded() ? ar.result() : null);
          }
        });
      }
      case PUT -> {
        Object token = track(origin, () -> abandoned(origin, kind, key));
        peer.put(key, "v" + issued).onComplete(ar -> {
          if (claim(token)) {
            putDone(origin, key, issued, ar.succeeded() ? ar.result() : null);
          }
        });
      }
      case LOCATE -> {
        LocationService s = peer.extension(LocationService.class);
        Object token = track(origin, () -> locateRecorded(origin, key, issued, null, LocateRecorder.NO_DISTANCE, -1));
        s.locate(key).onComplete(ar -> {
          LocateResult r = ar.succeeded() ? ar.result() : null;
          if (compare && foundElsewhere(r)) {
            s.locateByChord(key).onComplete(c -> locateDone(token, origin, key, issued, r, distance,
                c.succeeded() && foundElsewhere(c.result()) ? c.result().hops() : -1));
          } else {
            locateDone(token, origin, key, issued, r, distance, -1);
          }
        });
      }
      default -> throw new IllegalStateException(kind + " is not an operation of the runner");
    }
  }

  private void lookupDone(PeerRef origin, String key, long id, long issued, LookupResult r) {
    long at = clock.getAsLong();
    if (r != null && r.outcome() == org.bloomchord.chord.lookup.LookupOutcome.ORIGIN_STOPPED) {
      // the origin left or crashed while its lookup travelled: nobody is left to receive the
      // answer, so the lookup is not counted (a lookup starts only from a live peer)
      finish(new OperationSample(at, OperationKind.LOOKUP, key, origin.address(), -1, Double.NaN, "abandoned"));
      return;
    }
    LookupOutcome outcome;
    if (r == null || !r.found()) {
      outcome = LookupOutcome.FAILED;
    } else {
      outcome = roster.judge(id, r.successor(), issued) ? LookupOutcome.CORRECT : LookupOutcome.INCORRECT;
      if (outcome == LookupOutcome.INCORRECT) {
        ctx.incorrect().record(roster, origin, key, id, issued, r);
      }
    }
    int hops = r == null ? -1 : r.hops();
    lookups.record(at, outcome, Math.max(0, hops), r == null ? -1 : r.hopsToOwner(), at - issued,
        r == null ? 0 : r.timeouts());
    if (outcome != LookupOutcome.FAILED) {
      hopSum.add(hops);
      answered.increment();
    }
    finish(new OperationSample(at, OperationKind.LOOKUP, key, origin.address(),
        outcome == LookupOutcome.FAILED ? -1 : hops, outcome == LookupOutcome.FAILED ? Double.NaN : at - issued,
        outcome.name().toLowerCase(java.util.Locale.ROOT)));
  }

  /** Found on another peer than the querier (the only answers with a path to compare). */
  private static boolean foundElsewhere(LocateResult r) {
    return r != null && r.found() && r.outcome() != LocateOutcome.LOCAL;
  }

  /**
   * The origins at {@code addresses} are departing: their unfinished locates are recorded as
   * FAILED now, their unfinished gets and puts as abandoned, as a lookup of a stopped origin is (a
   * crashed peer's pending requests never complete, and nobody is left to hear the answer; an
   * abandoned put was not acknowledged, so its key does not count as stored).
   */
  void originsDeparted(Set<String> addresses) {
    pending.forEach((token, p) -> {
      if (addresses.contains(p.origin().address()) && claim(token)) {
        p.departed().run();
      }
    });
  }

  /** Registers an operation under way at {@code origin}; returns its token. */
  private Object track(PeerRef origin, Runnable departed) {
    Object token = new Object();
    pending.put(token, new Pending(origin, departed));
    return token;
  }

  /** Whether this caller is the one to record the operation of {@code token} (the first to ask). */
  private boolean claim(Object token) {
    return pending.remove(token) != null;
  }

  /** A get or put whose origin departed before it completed. */
  private void abandoned(PeerRef origin, OperationKind kind, String key) {
    java.util.function.BiConsumer<String, Boolean> listener = putListener;
    if (kind == OperationKind.PUT && listener != null) {
      listener.accept(key, false);
    }
    finish(new OperationSample(clock.getAsLong(), kind, key, origin.address(), -1, Double.NaN, "abandoned"));
  }

  private void locateDone(Object token, PeerRef origin, String key, long issued, LocateResult r, int distance,
      int chordHops) {
    if (claim(token)) {
      locateRecorded(origin, key, issued, r, distance, chordHops);
    }
  }

  private void locateRecorded(PeerRef origin, String key, long issued, LocateResult r, int distance, int chordHops) {
    long at = clock.getAsLong();
    LocateOutcome outcome = r == null ? LocateOutcome.FAILED : r.outcome();
    int hops = r == null ? 0 : r.hops();
    ctx.locates().record(at, outcome, hops, r == null ? 0 : r.falsePositives(), distance, ctx.holdings().live(key));
    if (chordHops >= 0) {
      ctx.locates().recordChordHops(at, chordHops);
    }
    finish(new OperationSample(at, OperationKind.LOCATE, key, origin.address(), outcome.found() ? hops : -1,
        outcome == LocateOutcome.FAILED ? Double.NaN : at - issued, outcome.name().toLowerCase(java.util.Locale.ROOT)));
  }

  private void getDone(PeerRef origin, String key, long issued, ReadResult r) {
    long at = clock.getAsLong();
    String outcome;
    if (r == null || r.outcome() == org.bloomchord.chord.store.ReadOutcome.FAILED) {
      outcome = "failed";
    } else {
      outcome = r.found() ? "found" : "not_found";
    }
    if (window.includes(at)) {
      tally.gets.increment();
      switch (outcome) {
        case "found" -> tally.getsFound.increment();
        case "failed" -> tally.getsFailed.increment();
        default -> {
          if (stored.contains(key)) {
            tally.getsMissing.increment();
          }
        }
      }
    }
    finish(new OperationSample(at, OperationKind.GET, key, origin.address(), -1,
        outcome.equals("failed") ? Double.NaN : at - issued, outcome));
  }

  private void putDone(PeerRef origin, String key, long issued, WriteResult r) {
    long at = clock.getAsLong();
    boolean ok = r != null && r.stored();
    if (ok) {
      stored.add(key);
    }
    java.util.function.BiConsumer<String, Boolean> listener = putListener;
    if (listener != null) {
      listener.accept(key, ok);
    }
    if (window.includes(at)) {
      tally.puts.increment();
      (ok ? tally.putsStored : tally.putsFailed).increment();
    }
    finish(new OperationSample(at, OperationKind.PUT, key, origin.address(), -1, ok ? at - issued : Double.NaN,
        ok ? "stored" : "failed"));
  }

  private void finish(OperationSample sample) {
    try {
      samples.offer(sample);
    } finally {
      inFlight.decrementAndGet();
    }
  }
}
