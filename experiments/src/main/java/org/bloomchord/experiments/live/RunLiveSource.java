package org.bloomchord.experiments.live;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.experiments.churn.ChurnAction;
import org.bloomchord.experiments.churn.ChurnEvent;
import org.bloomchord.experiments.metrics.OperationSample;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.node.DriverCalls;
import org.bloomchord.node.LookupTrace;
import org.bloomchord.node.PeerView;
import org.bloomchord.node.live.LiveSource;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * The live view of the scenario runs of this process (one after another for a sweep), on the
 * Vert.x runtime. It watches each run through {@link org.bloomchord.experiments.runner.RunHooks}:
 *
 * <ul>
 *   <li>peers: the network's running peers, read every {@value #POLL_MS} ms; the differences are
 *       the joins and departures the page animates (a departure is DEPARTED: the network does not
 *       say whether it was a leave or a crash);
 *   <li>paths: at most {@value #TRACES_PER_SECOND} completed lookups and locates a second are traced
 *       (the route through the peers' tables towards the key's owner, by the lookup engine's rule);
 *       for a locate that is the Chord route of the object's name, not the filters' route;
 *   <li>counters: the run's lookup recorder, the issuer's hops and the network's bytes;
 *   <li>actions: the page's crash and add go through the run's {@code Membership} on the driver
 *       thread (as churn events, so the roster, the oracle and the summary count them); a lookup
 *       asked from the page runs on a peer and is not counted in the run's figures.
 * </ul>
 */
public final class RunLiveSource implements LiveSource, AutoCloseable {

  static final int POLL_MS = 250;
  static final int TRACES_PER_SECOND = 20;

  private final List<Listener> listeners = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(
      RunContext.daemon("live-peers"));
  /** Traces and page requests; a full queue drops sampled traces, never a page request. */
  private final ThreadPoolExecutor tracer = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
      new ArrayBlockingQueue<>(16), RunContext.daemon("live-trace"), new ThreadPoolExecutor.DiscardPolicy());
  private final DriverCalls requests = new DriverCalls("live-requests", 2, "the run is ending");
  private final SplittableRandom random = new SplittableRandom(1);
  private volatile RunContext ctx;
  private volatile Map<String, PeerHandle<ChordPeer>> alive = Map.of();
  private long traceSecond;
  private int tracesThisSecond;

  /** Starts watching; call {@link #attach} with each run. */
  public RunLiveSource() {
    poller.scheduleWithFixedDelay(this::poll, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
  }

  /** The run to show from now on (the previous one's peers depart from the page). */
  public void attach(RunContext run) {
    this.ctx = run;
    run.samples().listen(this::completed);
  }

  private void poll() {
    RunContext c = ctx;
    Map<String, PeerHandle<ChordPeer>> next = new HashMap<>();
    try {
      if (c != null) {
        for (PeerHandle<ChordPeer> h : c.network().alive()) {
          next.put(h.ref().address(), h);
        }
      }
    } catch (RuntimeException closed) {
      // the run's network closed between two runs of a sweep: no peers until the next one
    }
    Map<String, PeerHandle<ChordPeer>> before = alive;
    alive = next;
    for (Map.Entry<String, PeerHandle<ChordPeer>> e : next.entrySet()) {
      if (!before.containsKey(e.getKey())) {
        emit(new PeerChange("JOINED", e.getKey(), Long.toUnsignedString(e.getValue().ref().id())));
      }
    }
    for (Map.Entry<String, PeerHandle<ChordPeer>> e : before.entrySet()) {
      if (!next.containsKey(e.getKey())) {
        emit(new PeerChange("DEPARTED", e.getKey(), Long.toUnsignedString(e.getValue().ref().id())));
      }
    }
  }

  private void emit(PeerChange c) {
    listeners.forEach(l -> l.peer(c));
  }

  /** A run's operation completed (on a peer's thread): sample it for a trace. */
  private void completed(OperationSample s) {
    if (listeners.isEmpty() || s.kind() != OperationKind.LOOKUP && s.kind() != OperationKind.LOCATE) {
      return;
    }
    synchronized (this) {
      long second = System.currentTimeMillis() / 1000;
      if (second != traceSecond) {
        traceSecond = second;
        tracesThisSecond = 0;
      }
      if (++tracesThisSecond > TRACES_PER_SECOND) {
        return;
      }
    }
    PeerHandle<ChordPeer> origin = alive.get(s.origin());
    RunContext c = ctx;
    if (origin == null || c == null) {
      return;
    }
    tracer.execute(() -> {
      List<String> path = trace(c, origin, c.cluster().ring().hash(s.key()));
      PathSeen p = new PathSeen(s.kind().label(), s.key(), path, s.outcome());
      listeners.forEach(l -> l.path(p));
    });
  }

  /** The route from {@code origin} towards {@code key}'s owner through the peers' tables now. */
  private List<String> trace(RunContext c, PeerHandle<ChordPeer> origin, long key) {
    List<String> path = new ArrayList<>();
    PeerHandle<ChordPeer> at = origin;
    int maxHops = c.cluster().config().maxHops();
    while (at != null && path.size() <= maxHops) {
      path.add(at.ref().address());
      PeerRef next;
      try {
        next = c.network().inspect(at, p -> p.nextHop(key));
      } catch (RuntimeException gone) {
        break;
      }
      if (next == null) {
        break;
      }
      PeerHandle<ChordPeer> h = alive.get(next.address());
      if (h == null) {
        path.add(next.address());
      }
      at = h;
    }
    return path;
  }

  @Override
  public Info info() {
    RunContext c = ctx;
    return new Info(c == null ? "run (starting)" : "run " + c.scenario().name(), "vertx", true, true, true,
        "Peers added or crashed here become part of the run: they are churn events its summary counts."
            + " Lookups asked here are not counted.");
  }

  @Override
  public List<Peer> peers() {
    List<Peer> out = new ArrayList<>();
    alive.forEach((n, h) -> out.add(new Peer(n, Long.toUnsignedString(h.ref().id()))));
    return out;
  }

  @Override
  public Stats stats() {
    RunContext c = ctx;
    if (c == null) {
      return new Stats(0, 0, 0, 0, 0, 0);
    }
    return new Stats(alive.size(), c.lookups().seen(), c.lookups().seenFailures(), c.issuer().hopSum(),
        c.issuer().answered(), c.network().traffic().bytes());
  }

  @Override
  public void listen(Listener listener) {
    listeners.add(listener);
  }

  private PeerHandle<ChordPeer> handle(String name) {
    PeerHandle<ChordPeer> h = alive.get(name);
    if (h == null) {
      throw new IllegalArgumentException("no running peer named '" + name + "'");
    }
    return h;
  }

  @Override
  public Future<PeerView> peer(String name) {
    return blocking(() -> ctx.network().inspect(handle(name), PeerView::of));
  }

  @Override
  public Future<LookupTrace> lookup(String from, String key) {
    return blocking(() -> {
      RunContext c = ctx;
      PeerHandle<ChordPeer> origin;
      if (from != null) {
        origin = handle(from);
      } else {
        List<PeerHandle<ChordPeer>> all = new ArrayList<>(alive.values());
        if (all.isEmpty()) {
          throw new IllegalStateException("no peer is running");
        }
        synchronized (random) {
          origin = all.get(random.nextInt(all.size()));
        }
      }
      long id = c.cluster().ring().hash(key);
      LookupResult r = c.network().call(origin, p -> p.lookup(id), c.operationWaitMs());
      List<String> path = trace(c, origin, id);
      PathSeen seen = new PathSeen("lookup", key, path, r.outcome().name());
      listeners.forEach(l -> l.path(seen));
      return new LookupTrace(key, Long.toUnsignedString(id), r, path);
    });
  }

  @Override
  public Future<String> addPeer() {
    RunContext c = ctx;
    if (c == null) {
      return Future.failedFuture(new Unsupported("the run has not started yet"));
    }
    Promise<String> done = Promise.promise();
    c.membership().onDriver(() -> {
      int number = c.roster().population().nextPeer();
      c.membership().apply(new ChurnEvent(c.runMs(), ChurnAction.JOIN, number), new SplittableRandom(number));
      done.complete("host " + number + " (joining)");
    });
    return done.future();
  }

  @Override
  public Future<Void> crash(String name) {
    RunContext c = ctx;
    Integer number = c == null ? null : c.roster().numberOf(name);
    if (number == null) {
      return Future.failedFuture(new IllegalArgumentException("no peer of the run's ring named '" + name + "'"));
    }
    Promise<Void> done = Promise.promise();
    c.membership().onDriver(() -> {
      c.membership().apply(new ChurnEvent(c.runMs(), ChurnAction.CRASH, number), random);
      done.complete();
    });
    return done.future();
  }

  private <T> Future<T> blocking(Callable<T> task) {
    return requests.submit(task);
  }

  @Override
  public void close() {
    poller.shutdownNow();
    tracer.shutdownNow();
    requests.close();
  }
}
