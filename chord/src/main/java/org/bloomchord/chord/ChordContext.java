package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.finger.Strike;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsSink;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;

/**
 * What the collaborators of one {@link ChordPeer} share: its runtime, configuration, ring, routing
 * table, requests and life-cycle state, and the two reactions to a silent peer every role needs
 * ({@link #suspect}, {@link #drop}). The lookup engine, the maintenance tasks and the store receive
 * this instead of the peer, so none of them can reach another's state except through it.
 *
 * <p>Invariants: created when the peer starts (the table needs the runtime's identity); every
 * method runs on the peer's thread. Not thread-safe; owned by one peer.
 */
public final class ChordContext {

  private final PeerRuntime runtime;
  private final ChordConfig config;
  private final IdRing ring;
  private final RoutingTable table;
  private final Requests requests;
  private final PeerRef bootstrap;
  private PeerState state = PeerState.JOINING;
  private Runnable tablesChanged = () -> { };
  private IntConsumer fingerLost = i -> { };
  private Consumer<PeerRef> failed = p -> { };
  /** Made at the first confirmation or indirect probe (most peers of a simulation never need one). */
  private FailureConfirmation confirmation;

  ChordContext(PeerRuntime runtime, ChordConfig config, IdRing ring, RoutingTable table, Requests requests,
      PeerRef bootstrap) {
    this.runtime = runtime;
    this.config = config;
    this.ring = ring;
    this.table = table;
    this.requests = requests;
    this.bootstrap = bootstrap;
  }

  /** The runtime the peer runs on. */
  public PeerRuntime runtime() {
    return runtime;
  }

  /** The configuration. */
  public ChordConfig config() {
    return config;
  }

  /** The identifier ring. */
  public IdRing ring() {
    return ring;
  }

  /** The peer's routing table. */
  public RoutingTable table() {
    return table;
  }

  /** The peer's requests, with the adaptive timeout. */
  public Requests requests() {
    return requests;
  }

  /** The metrics sink of the runtime. */
  public MetricsSink metrics() {
    return runtime.metrics();
  }

  /** The peer itself. */
  public PeerRef self() {
    return runtime.self();
  }

  /** The runtime's clock, in milliseconds. */
  public long now() {
    return runtime.now();
  }

  /** The peer this one joined through, or null for the ring's first peer. */
  public PeerRef bootstrap() {
    return bootstrap;
  }

  /** Where the peer is in its life cycle. */
  public PeerState state() {
    return state;
  }

  /** Whether the peer is on the ring. */
  public boolean active() {
    return state == PeerState.ACTIVE;
  }

  void state(PeerState s) {
    this.state = s;
  }

  /** A request with the adaptive timeout of {@link Requests}. */
  public Future<Message> request(PeerRef to, Message m) {
    return requests.request(to, m);
  }

  /**
   * Sets what runs when a request to a peer failed or the ring is about to change (a merge):
   * both of maintenance's adaptive periods back to their floors.
   */
  void onTablesChanged(Runnable r) {
    this.tablesChanged = r;
  }

  /** Sets what runs when a suspicion cleared a finger (its repair), with the finger's index. */
  void onFingerLost(IntConsumer c) {
    this.fingerLost = c;
  }

  /** Sets who is told of every peer suspected of failure (ring unification remembers them). */
  public void onFailed(Consumer<PeerRef> c) {
    this.failed = c;
  }

  /** The ring is about to change (a merge): both adaptive maintenance periods return to their floors. */
  public void tablesChanged() {
    tablesChanged.run();
  }

  /**
   * Counts a failed request to {@code p}; the second in a row suspects it ({@link RoutingTable#strike}),
   * after another peer failed to reach it too when failures are confirmed
   * ({@link ChordConfig#confirmFailures()}). Nothing is counted against a peer the runtime says is
   * only behind ({@link org.bloomchord.overlay.PeerRuntime#behind}), and its silence is no change
   * of the tables (adaptive maintenance keeps its periods). A peer the runtime knows is gone
   * ({@link org.bloomchord.overlay.PeerRuntime#gone}) is dropped at its first failed request.
   *
   * @return true when {@code p} was only behind
   */
  public boolean suspect(PeerRef p) {
    boolean other = p != null && !p.equals(runtime.self());
    if (other && runtime.behind(p)) {
      // its node talks and has not reported it gone: a backlog, not a failure, and no change of
      // the tables
      metrics().increment(ChordCounter.BEHIND, 1);
      return true;
    }
    tablesChanged.run();
    if (!other) {
      return false;
    }
    if (runtime.gone(p)) {
      // its node reported it gone: a crash or departure, nothing for a second strike or another
      // peer to confirm
      metrics().increment(ChordCounter.REPORTED_GONE, 1);
      drop(p, true);
    } else if (table.strike(p, now()) == Strike.COUNTED) {
      metrics().increment(ChordCounter.STRIKE, 1);
    } else if (config.confirmFailures()) {
      confirmation().confirm(p);
    } else {
      drop(p, true);
    }
    return false;
  }

  /** Answers another peer's indirect probe ({@link FailureConfirmation#onReachCheck}). */
  Future<Message> onReachCheck(org.bloomchord.chord.wire.ChordMessages.ReachCheck m) {
    return confirmation().onReachCheck(m);
  }

  private FailureConfirmation confirmation() {
    if (confirmation == null) {
      confirmation = new FailureConfirmation(this);
    }
    return confirmation;
  }

  /** Removes a failed ({@code failure}) or departed peer from the tables and repairs fingers. */
  public void drop(PeerRef p, boolean failure) {
    if (p == null || p.equals(runtime.self())) {
      return;
    }
    List<Integer> cleared = table.suspect(p, now());
    metrics().increment(failure ? ChordCounter.SUSPECTED : ChordCounter.DEPARTED, 1);
    if (failure) {
      failed.accept(p);
    }
    if (!cleared.isEmpty()) {
      fingerLost.accept(cleared.get(0));
    }
  }
}
