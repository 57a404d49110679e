package org.bloomchord.overlay;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The driver's view of a set of peers running on one runtime: what tests, benchmarks and the CLI
 * use to launch peers, make them leave or crash, act on them and wait. Methods block the calling
 * (driver) thread, which must not be a peer's thread.
 *
 * <p>Time: in the simulator, waiting advances the virtual clock by running events; in the Vert.x
 * runtime it sleeps in real time. Code written against this interface runs unchanged on both, which
 * is how one test suite covers both runtimes. {@link AbstractNetwork} implements the contract once
 * for every runtime.
 *
 * @param <P> the protocol type of the peers
 */
public interface Network<P extends PeerProtocol> extends AutoCloseable {

  /**
   * Counter (in {@link #metrics()}) of peers the runtime failed because one of their handlers or
   * timer tasks threw something other than {@link MalformedMessageException}: such a peer is
   * removed as by a crash, since its state may be half-updated, and the run goes on.
   */
  String FAILED_PEERS = "overlay.failedPeers";

  /**
   * Counter (in {@link #metrics()}) of unexpected exceptions thrown by protocol handlers and timer
   * tasks, one per exception, in every runtime.
   */
  String HANDLER_ERRORS = "overlay.handlerErrors";

  /**
   * The address a new peer called {@code name} gets on this network. Runtimes that host peers on
   * several nodes append the node that will run it ({@code name@node}, see {@link PeerRef#node()}),
   * and {@link #launch} places the peer there; the others return {@code name} unchanged. Call it
   * before deriving the peer's ring id, which is the hash of the whole address.
   */
  default String addressFor(String name) {
    return name;
  }

  /** Deploys a peer running {@code protocol} and waits until its {@code start} completed. */
  PeerHandle<P> launch(PeerRef ref, P protocol);

  /**
   * Launches many peers, one protocol per ref made by {@code protocols}, and waits until every
   * {@code start} completed; runtimes start them concurrently where they can (the Vert.x runtime
   * deploys in parallel batches). Returns the handles in the order of {@code refs}.
   */
  default List<PeerHandle<P>> launchAll(List<PeerRef> refs, Function<PeerRef, P> protocols) {
    List<PeerHandle<P>> out = new ArrayList<>(refs.size());
    for (PeerRef ref : refs) {
      out.add(launch(ref, protocols.apply(ref)));
    }
    return out;
  }

  /** Graceful departure: runs the protocol's {@code leave}, then removes the peer. */
  void leave(PeerHandle<P> peer);

  /** Crash: removes the peer at once; it tells nobody. */
  void crash(PeerHandle<P> peer);

  /** Peers launched and not yet removed, in launch order. */
  List<PeerHandle<P>> alive();

  /**
   * Runs {@code action} on the peer's thread and returns its future's outcome to the driver,
   * waiting at most {@code maxWaitMs} of runtime time. A failed future's cause is rethrown (a
   * checked cause wrapped in {@link java.util.concurrent.CompletionException}); an action still
   * unfinished after {@code maxWaitMs} throws {@link RequestTimeoutException} naming the peer.
   */
  <T> T call(PeerHandle<P> peer, Function<P, Future<T>> action, long maxWaitMs);

  /**
   * Starts {@code action} on each peer's thread at once and waits for all outcomes; a failed or
   * unfinished action, or a peer no longer running (crashed or departed since it was listed), gives
   * a failed {@link Outcome} rather than an exception.
   */
  <T> List<Outcome<T>> callAll(List<PeerHandle<P>> peers, Function<P, Future<T>> action, long maxWaitMs);

  /** Reads peer state on the peer's thread (a consistent snapshot for oracles). */
  <T> T inspect(PeerHandle<P> peer, Function<P, T> read);

  /** Lets {@code ms} milliseconds of runtime time pass. */
  void runFor(long ms);

  /**
   * Lets time pass until {@code condition} holds, checking every {@code checkEveryMs}, for at most
   * {@code maxMs}; returns whether it held.
   */
  boolean awaitUntil(BooleanSupplier condition, long maxMs, long checkEveryMs);

  /** The runtime's clock in milliseconds. */
  long now();

  /** Messages and bytes sent so far, by type. */
  Traffic traffic();

  /** The counters and events the peers reported through {@link PeerRuntime#metrics()}. */
  MetricsRecorder metrics();

  /** Which runtime this is ({@link RuntimeKind#VERTX} for a clustered Vert.x network too). */
  RuntimeKind runtime();

  /** The simulator's work counters, or empty when the runtime is not the simulator. */
  default Optional<SimulatorStats> simulator() {
    return Optional.empty();
  }

  /**
   * The simulator's fault controls (partitions and their heal), or empty when the runtime is not
   * the simulator: across processes and hosts a partition is a real network fault.
   */
  default Optional<SimControls> simControls() {
    return Optional.empty();
  }

  /** Removes every peer and releases the runtime. */
  @Override
  void close();

  /** The outcome of one action in {@link #callAll}. */
  record Outcome<T>(T value, Throwable failure) {

    public boolean succeeded() {
      return failure == null;
    }
  }
}
