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
 *
 * <p>With {@code run --jvms} the join phase's peers are spread over every JVM (the addresses of
 * {@link JvmRun#plan}, launched a share at a time by {@link #launch}), churn joins go to the live
 * JVMs in turn (this one included), and leaves and crashes of a child's host are done by that
 * child ({@link JvmRun#depart}); a child's churn join enters the roster when the child reports
 * that it ended. {@link #byJvm} counts what happened in each JVM.
 *
 * <p>Longer than the usual 300 lines because a host's join and departure are one state machine
 * (joining, departure decided while joining, join ended) whichever JVM runs the host; the
 * multi-JVM branches share that state rather than copy it into a second class.
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
  private final Map<String, int[]> byJvm = new java.util.TreeMap<>();
  private java.util.ArrayDeque<String> planned = new java.util.ArrayDeque<>();
  private int nextName;
  private int nextNode;
  private int launches;

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
   * {@code run --jvms}: the join phase launches {@code peers} peers in all ({@link JvmRun#plan});
   * nothing to do in one JVM.
   */
  public void expect(int peers) {
    if (ctx.jvms() != null) {
      planned = new java.util.ArrayDeque<>(ctx.jvms().plan(peers, ctx.scenario().seed()));
    }
  }

  /**
   * {@code run --jvms}: launches the next {@code peers} peers of the join phase's plan, spread over
   * the JVMs, through the peers on the ring (waves, each at most doubling the ring); this JVM's
   * share enters the roster with its handles, the children's by their refs.
   */
  private void launchOverJvms(int peers) {
    JvmRun jvms = ctx.jvms();
    if (planned.size() < peers) {
      expect(peers - planned.size());
    }
    List<String> batch = new ArrayList<>();
    for (int i = 0; i < peers; i++) {
      batch.add(planned.poll());
    }
    Set<String> failed = new HashSet<>(jvms.launch(batch, ctx.roster().refs(),
        new SplittableRandom(ctx.scenario().seed() + 31L * launches++)));
    Set<String> local = new HashSet<>();
    for (String a : batch) {
      ctx.peers().joined();
      count(new PeerRef(a, 0).node(), 0);
      if (failed.contains(a)) {
        ctx.peers().crashed();
      } else if (a.endsWith("@jvm0")) {
        local.add(a);
      } else {
        ctx.roster().addRemote(new PeerRef(a, ctx.roster().ring().hash(a)));
      }
    }
    List<PeerHandle<ChordPeer>> joined = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : ctx.network().alive()) {
      if (local.contains(h.ref().address())) {
        joined.add(h);
      }
    }
    ctx.roster().addAll(joined);
    ctx.changed();
    ctx.note("join: %d peers over %d JVMs (%d here, %d in children on the ring now), %d joins failed", peers,
        jvms.jvms(), ctx.roster().localSize(), ctx.roster().remotePeers(), failed.size());
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
    // its churn joins under way end as failed (counted as crashes) when it is gone
    int peers = jvms.kill(k);
    List<Integer> gone = ctx.roster().removeNode("jvm" + k);
    for (int n : gone) {
      ctx.holdings().departed(n);
      ctx.peers().crashed();
    }
    ctx.changed();
    ctx.note("fail: SIGKILL of jvm%d and its %d peers (%d hosts on the ring)", k, peers, gone.size());
  }

  /** What membership changes happened in each JVM: {@code jvmK=joins/leaves/crashes}. */
  public String byJvm() {
    synchronized (byJvm) {
      StringBuilder b = new StringBuilder();
      byJvm.forEach((node, c) -> b.append(b.length() == 0 ? "" : " ").append(node).append('=').append(c[0])
          .append('/').append(c[1]).append('/').append(c[2]));
      return b.toString();
    }
  }

  /** Counts a join (0), leave (1) or crash (2) in the JVM {@code node}. */
  private void count(String node, int kind) {
    synchronized (byJvm) {
      byJvm.computeIfAbsent(node, k -> new int[3])[kind]++;
    }
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
    PeerHandle<ChordPeer> local = ctx.roster().pick(random);
    PeerRef bootstrap = local != null ? local.ref() : null;
    if (bootstrap == null && ctx.jvms() != null && ctx.roster().size() > 0) {
      List<PeerRef> refs = ctx.roster().refs();
      bootstrap = refs.get(random.nextInt(refs.size()));
    }
    if (bootstrap == null) {
      launch(1);
      return;
    }
    if (ctx.jvms() != null) {
      List<String> nodes = ctx.jvms().liveNodes();
      String node = nodes.get(nextNode++ % nodes.size());
      if (!node.equals("jvm0")) {
        joinRemote(number, node, bootstrap);
        return;
      }
    }
    ChordConfig config = ctx.cluster().config();
    List<PeerRef> refs = ctx.cluster().hostRefs("c", nextName++);
    joining.add(number);
    joinsRunning.incrementAndGet();
    ctx.peers().joined();
    count("jvm0", 0);
    PeerRef boot = bootstrap;
    List<PeerHandle<ChordPeer>> host = ctx.network().launchAll(refs,
        ref -> new ChordPeer(config, boot, ctx.extensions().apply(ref)));
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

  /** A churn join in child JVM {@code node}: the child starts it and reports its end. */
  private void joinRemote(int number, String node, PeerRef bootstrap) {
    String address = ctx.cluster().namePrefix() + "c" + nextName++ + "@" + node;
    PeerRef ref = new PeerRef(address, ctx.roster().ring().hash(address));
    joining.add(number);
    joinsRunning.incrementAndGet();
    ctx.peers().joined();
    count(node, 0);
    ctx.roster().joiningRemote(ref, true);
    ctx.jvms().join(ref, bootstrap, ok -> remoteJoinEnded(number, ref, ok));
  }

  /** On a thread reading a child's reports when its churn join ended. */
  private void remoteJoinEnded(int number, PeerRef ref, boolean joined) {
    if (joined) {
      ctx.roster().addRemote(number, ref);
      ctx.changed();
    } else {
      ctx.roster().joiningRemote(ref, false);
      ctx.peers().crashed();
    }
    joining.remove(number);
    Boolean crash = departAfterJoin.remove(number);
    if (crash != null && joined) {
      driverWork.add(() -> depart(number, crash));
    }
    joinsRunning.decrementAndGet();
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
    List<PeerHandle<ChordPeer>> host = ctx.roster().remove(number, crash);
    PeerRef remote = host == null && ctx.jvms() != null ? ctx.roster().removeRemote(number, crash) : null;
    if (host == null && remote == null) {
      return;
    }
    ctx.holdings().departed(number);
    if (host != null) {
      Set<String> addresses = new HashSet<>();
      host.forEach(h -> addresses.add(h.ref().address()));
      ctx.issuer().originsDeparted(addresses);
    }
    ctx.changed();
    if (crash) {
      ctx.peers().crashed();
    } else {
      ctx.peers().left();
    }
    count(remote != null ? remote.node() : "jvm0", crash ? 2 : 1);
    Runnable task = remote != null ? () -> {
      ctx.jvms().depart(remote, crash);
      ctx.roster().departed(remote);
    } : () -> {
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
        ctx.roster().departed(h.ref());
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
