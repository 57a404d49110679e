package org.bloomchord.experiments.runner.ops;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.experiments.churn.ChurnAction;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.experiments.churn.ChurnEvent;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * Applies joins, graceful leaves and crashes and keeps the {@link Roster} and the peer counts in
 * step with the ring. A host enters the roster the moment its last ring id completed its join (on
 * the peer's thread, so the oracle knows the new peer before any lookup can name it) and leaves it
 * when its departure is decided, before the leave or crash runs. A joiner that fails to join is
 * crashed and counted as a crash; a departure decided while the host is still joining is applied
 * when the join ends.
 *
 * <p>Bulk joins ({@link #launch}) go through the cluster's waves and block. Churn joins do not:
 * the host's peers ({@code c<i>}, with virtual nodes {@code c<i>.v<j>}) are launched through a
 * random ring peer and the driver moves on. In the simulator everything runs on the driver thread;
 * on Vert.x, departures run on a small pool so that a leave waiting for a dead successor holds up
 * nothing else. Work that a peer's callback cannot do itself (a driver call) is queued and done by
 * {@link #poll}, which the run calls as time advances.
 */
public final class Membership {

  private static final int DEPARTURE_THREADS = 8;

  private final RunContext ctx;
  private final ExecutorService departures;
  private final List<java.util.concurrent.Future<?>> pending = new ArrayList<>();
  private final ConcurrentLinkedQueue<Runnable> driverWork = new ConcurrentLinkedQueue<>();
  private final Map<Integer, Boolean> departAfterJoin = new ConcurrentHashMap<>();
  private final Set<Integer> joining = ConcurrentHashMap.newKeySet();
  private final AtomicInteger joinsRunning = new AtomicInteger();
  private int nextName;

  /** The membership of {@code ctx}'s run; {@code concurrent} runs departures on their own threads. */
  public Membership(RunContext ctx, boolean concurrent) {
    this.ctx = ctx;
    this.departures = concurrent ? Executors.newFixedThreadPool(DEPARTURE_THREADS, RunContext.daemon("depart")) : null;
  }

  /**
   * Launches {@code hosts} new hosts with the cluster's wave join (joins concurrent, each wave at
   * most doubling the ring) and adds those that joined under fresh numbers. Blocks until done.
   */
  public void launch(int hosts) {
    if (hosts <= 0) {
      return;
    }
    if (ctx.jvms() != null) {
      launchOverJvms(hosts);
      return;
    }
    List<PeerHandle<ChordPeer>> started = ctx.cluster().launch(hosts);
    Set<String> failed = new HashSet<>();
    for (PeerHandle<ChordPeer> h : started) {
      if (ctx.network().inspect(h, ChordPeer::state) != PeerState.ACTIVE) {
        failed.add(ChordCluster.hostOf(h.ref()));
      }
    }
    List<PeerHandle<ChordPeer>> joined = new ArrayList<>();
    Set<String> counted = new HashSet<>();
    for (PeerHandle<ChordPeer> h : started) {
      String host = ChordCluster.hostOf(h.ref());
      if (counted.add(host)) {
        ctx.peers().joined();
        if (failed.contains(host)) {
          ctx.peers().crashed();
        }
      }
      if (failed.contains(host)) {
        crashQuietly(h);
      } else {
        joined.add(h);
      }
    }
    ctx.roster().addAll(joined);
    ctx.changed();
  }

  /**
   * {@code run --jvms}: launches the first {@code peers} peers of the ring spread evenly over the
   * JVMs (wave joins, the JVMs taking turns around the ring); this JVM's share enters the roster as
   * hosts, the children's as remote ring peers of the oracle.
   */
  private void launchOverJvms(int peers) {
    JvmRun jvms = ctx.jvms();
    if (ctx.roster().size() > 0 || ctx.roster().remotePeers() > 0) {
      throw new IllegalStateException("with --jvms only the first join phase launches peers");
    }
    int failed = jvms.launch(peers, new SplittableRandom(ctx.scenario().seed()));
    for (int i = 0; i < peers; i++) {
      ctx.peers().joined();
    }
    for (int i = 0; i < failed; i++) {
      ctx.peers().crashed();
    }
    ctx.roster().addAll(ctx.network().alive());
    refreshRemote();
    ctx.changed();
    ctx.note("join: %d peers over %d JVMs (%d here, %d in children), %d joins failed", peers, jvms.jvms(),
        ctx.roster().size(), ctx.roster().remotePeers(), failed);
  }

  /**
   * {@code fail: { jvm: K }}: SIGKILLs child JVM K; its peers crash at once, telling nobody, and
   * leave the oracle's ring.
   */
  public void killJvm(int k) {
    JvmRun jvms = ctx.jvms();
    if (jvms == null || !jvms.alive(k)) {
      throw new IllegalStateException("no child JVM " + k + " to kill");
    }
    int peers = jvms.kill(k);
    for (int i = 0; i < peers; i++) {
      ctx.peers().crashed();
    }
    refreshRemote();
    ctx.changed();
    ctx.note("fail: SIGKILL of jvm%d and its %d peers", k, peers);
  }

  /** Reads which ring peers the live child JVMs run, for the roster's oracle. */
  private void refreshRemote() {
    List<PeerRef> remote = new ArrayList<>();
    for (PeerSnapshot s : ctx.jvms().remoteSnapshots()) {
      if (s.state() == PeerState.ACTIVE) {
        remote.add(s.self());
      }
    }
    ctx.roster().remote(remote);
  }

  /** Applies one churn event (on the driver thread); an event naming a peer not on the ring is skipped. */
  public void apply(ChurnEvent e, SplittableRandom random) {
    if (e.action() == ChurnAction.JOIN) {
      join(e.peer(), random);
    } else {
      depart(e.peer(), e.action() == ChurnAction.CRASH);
    }
  }

  private void join(int number, SplittableRandom random) {
    if (ctx.roster().contains(number) || joining.contains(number)) {
      return;
    }
    PeerHandle<ChordPeer> bootstrap = ctx.roster().pick(random);
    if (bootstrap == null) {
      launch(1);
      return;
    }
    ChordConfig config = ctx.cluster().config();
    List<PeerRef> refs = ctx.cluster().hostRefs("c", nextName++);
    joining.add(number);
    joinsRunning.incrementAndGet();
    ctx.peers().joined();
    List<PeerHandle<ChordPeer>> host = ctx.network().launchAll(refs,
        ref -> new ChordPeer(config, bootstrap.ref(), ctx.extensions().apply(ref)));
    AtomicInteger left = new AtomicInteger(host.size());
    boolean[] failed = {false};
    for (PeerHandle<ChordPeer> h : host) {
      ctx.network().call(h, p -> {
        p.joined().onComplete(ar -> {
          synchronized (failed) {
            failed[0] |= ar.failed();
          }
          if (left.decrementAndGet() == 0) {
            joinEnded(number, host, failed[0]);
          }
        });
        return Future.succeededFuture(null);
        // only registers a callback; the wait covers a peer thread that a loaded machine stalls
      }, Math.max(config.requestTimeoutMs() + 5_000, config.joinWaitMs()));
    }
  }

  /** On the last peer's thread when the host's join ended. */
  private void joinEnded(int number, List<PeerHandle<ChordPeer>> host, boolean failed) {
    if (failed) {
      ctx.peers().crashed();
      driverWork.add(() -> host.forEach(this::crashQuietly));
    } else {
      ctx.roster().add(number, host);
      ctx.changed();
    }
    joining.remove(number);
    Boolean crash = departAfterJoin.remove(number);
    if (crash != null && !failed) {
      driverWork.add(() -> depart(number, crash));
    }
    joinsRunning.decrementAndGet();
  }

  private void depart(int number, boolean crash) {
    if (joining.contains(number)) {
      departAfterJoin.put(number, crash);
      return;
    }
    List<PeerHandle<ChordPeer>> host = ctx.roster().remove(number);
    if (host == null) {
      return;
    }
    ctx.holdings().departed(number);
    Set<String> addresses = new HashSet<>();
    host.forEach(h -> addresses.add(h.ref().address()));
    ctx.issuer().originsDeparted(addresses);
    ctx.changed();
    if (crash) {
      ctx.peers().crashed();
    } else {
      ctx.peers().left();
    }
    Runnable task = () -> {
      for (PeerHandle<ChordPeer> h : host) {
        if (crash) {
          crashQuietly(h);
        } else {
          try {
            ctx.network().leave(h);
          } catch (IllegalStateException gone) {
            // removed already
          }
        }
      }
    };
    if (departures == null) {
      task.run();
    } else {
      pending.add(departures.submit(task));
    }
  }

  private void crashQuietly(PeerHandle<ChordPeer> h) {
    try {
      ctx.network().crash(h);
    } catch (IllegalStateException gone) {
      // removed already
    }
  }

  /**
   * Queues {@code task} to run on the driver thread at its next {@link #poll} (as time advances);
   * the live view's actions reach the membership this way.
   */
  public void onDriver(Runnable task) {
    driverWork.add(task);
  }

  /** Does the driver work that peers' callbacks queued (on the driver thread). */
  public void poll() {
    for (Runnable r; (r = driverWork.poll()) != null;) {
      r.run();
    }
  }

  /** Joins still running. */
  public int joinsRunning() {
    return joinsRunning.get();
  }

  /** Waits until the departures queued so far are done; rethrows the first failure. */
  public void drain() {
    poll();
    for (java.util.concurrent.Future<?> f : pending) {
      try {
        f.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    pending.clear();
  }

  /** Stops the departure threads. */
  public void close() {
    if (departures != null) {
      departures.shutdownNow();
    }
  }
}
