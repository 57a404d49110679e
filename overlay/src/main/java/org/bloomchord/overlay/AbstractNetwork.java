package org.bloomchord.overlay;

import io.vertx.core.Future;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The driver contract of {@link Network}, written once: launching with rollback, the guarded
 * graceful leave, crash, {@code call}/{@code callAll}/{@code inspect}, waiting, and the checks of
 * arguments and of the calling thread. A runtime supplies only what differs between runtimes:
 * deploying and undeploying a peer ({@link #deploy}, {@link #undeploy}), running an action on a
 * peer's thread ({@link #runOnPeer}), letting time pass ({@link #awaitAll}, {@link #advance}), and
 * its registry of running peers.
 *
 * <p>Invariants: every driver method first checks that it is not called from a peer's thread; a
 * launch either returns a handle for every ref or leaves none of the batch that failed running; a
 * leave never lets the protocol's exception escape to the driver (the peer is failed and removed as
 * by a crash, {@link Network#FAILED_PEERS}); a removed peer is gone from {@link #alive()} before
 * the driver call that removed it returns.
 *
 * @param <P> the protocol type of the peers
 * @param <R> the runtime's own representation of a running peer
 */
public abstract class AbstractNetwork<P extends PeerProtocol, R> implements Network<P> {

  private static final Logger LOG = System.getLogger(AbstractNetwork.class.getName());

  /** The options this network was made with. */
  protected final NetworkOptions options;

  protected AbstractNetwork(NetworkOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** A peer just deployed, and the future of its protocol's {@code start}. */
  public record Deployment<R>(R peer, Future<?> started) {
  }

  /** The running peer with this address, or null. */
  protected abstract R running(String address);

  /** The running peers, in launch order (a snapshot). */
  protected abstract List<R> runningPeers();

  /** The handle the driver holds for {@code peer}. */
  protected abstract PeerHandle<P> handleOf(R peer);

  /**
   * Registers a peer running {@code protocol} under {@code ref} (whose address no running peer has)
   * and starts it; returns at once with the future of its start.
   */
  protected abstract Deployment<R> deploy(PeerRef ref, P protocol);

  /** Removes the peer at once and stops its protocol; does nothing if it is already gone. */
  protected abstract void undeploy(R peer);

  /**
   * Starts {@code action} on the peer's thread and returns its outcome without waiting; an
   * exception thrown by the action gives a failed future.
   */
  protected abstract <T> Future<T> runOnPeer(R peer, Function<P, Future<T>> action);

  /** Lets runtime time pass until every future completed or {@code maxMs} passed. */
  protected abstract void awaitAll(List<? extends Future<?>> futures, long maxMs);

  /** Lets {@code ms} milliseconds (at least 0) of runtime time pass. */
  protected abstract void advance(long ms);

  /**
   * Counts what the protocol of {@code peer} threw in {@code where} and fails the peer (see
   * {@link Network#FAILED_PEERS}).
   */
  protected abstract void failPeer(R peer, String where, Throwable e);

  /** Throws {@link IllegalStateException} if the calling thread is a peer's. */
  protected abstract void checkDriverThread();

  /** How many peers {@link #launchAll} deploys before waiting for their starts (default: all). */
  protected int launchBatchSize() {
    return Integer.MAX_VALUE;
  }

  /** Told before {@code count} peers are deployed, to make room for them. */
  protected void reserve(int count) {
  }

  /**
   * Whether the driver's thread runs every peer's code (the simulator), so that reading a peer's
   * state needs no hop to another thread.
   */
  protected boolean driverRunsPeers() {
    return false;
  }

  @Override
  public final PeerHandle<P> launch(PeerRef ref, P protocol) {
    return launchAll(List.of(ref), r -> protocol).get(0);
  }

  @Override
  public final List<PeerHandle<P>> launchAll(List<PeerRef> refs, Function<PeerRef, P> protocols) {
    checkDriverThread();
    List<PeerHandle<P>> out = new ArrayList<>(refs.size());
    int batchSize = launchBatchSize();
    reserve(refs.size());
    for (int from = 0; from < refs.size(); from = (int) Math.min(refs.size(), (long) from + batchSize)) {
      List<PeerRef> batch = refs.subList(from, (int) Math.min(refs.size(), (long) from + batchSize));
      checkFree(batch);
      List<R> peers = new ArrayList<>(batch.size());
      List<Future<?>> starts = new ArrayList<>(batch.size());
      try {
        for (PeerRef ref : batch) {
          Deployment<R> d = deploy(ref, Objects.requireNonNull(protocols.apply(ref), "protocol"));
          peers.add(d.peer());
          starts.add(d.started());
        }
      } catch (RuntimeException e) {
        peers.forEach(this::undeploy);
        throw e;
      }
      awaitAll(starts, options.launchTimeoutMs());
      for (int i = 0; i < peers.size(); i++) {
        Future<?> f = starts.get(i);
        if (!f.succeeded()) {
          peers.forEach(this::undeploy);
          throw new IllegalStateException("peer " + batch.get(i) + (f.failed()
              ? " failed to start: " + f.cause() : " did not start within " + options.launchTimeoutMs() + " ms"),
              f.cause());
        }
        out.add(handleOf(peers.get(i)));
      }
    }
    return out;
  }

  private void checkFree(List<PeerRef> batch) {
    Set<String> seen = new HashSet<>();
    for (PeerRef ref : batch) {
      if (!seen.add(ref.address()) || running(ref.address()) != null) {
        throw new IllegalArgumentException("a peer with address " + ref.address() + " is already running");
      }
    }
  }

  /**
   * Runs the protocol's {@code leave} on the peer's thread and waits for it (at most the launch
   * timeout), then removes the peer. A {@code leave} that throws fails the peer instead.
   */
  @Override
  public final void leave(PeerHandle<P> handle) {
    checkDriverThread();
    R peer = live(handle);
    Future<Void> left = runOnPeer(peer, p -> {
      try {
        return p.leave().transform(ar -> Future.<Void>succeededFuture());
      } catch (Throwable e) {
        failPeer(peer, "leave", e);
        return Future.succeededFuture();
      }
    });
    awaitAll(List.of(left), options.launchTimeoutMs());
    if (!left.isComplete()) {
      LOG.log(Level.WARNING, "leave of " + handle.ref() + " did not finish within "
          + options.launchTimeoutMs() + " ms");
    }
    undeploy(peer);
  }

  @Override
  public final void crash(PeerHandle<P> handle) {
    checkDriverThread();
    undeploy(live(handle));
  }

  @Override
  public final List<PeerHandle<P>> alive() {
    List<R> peers = runningPeers();
    List<PeerHandle<P>> out = new ArrayList<>(peers.size());
    for (R p : peers) {
      out.add(handleOf(p));
    }
    return out;
  }

  @Override
  public final <T> T call(PeerHandle<P> handle, Function<P, Future<T>> action, long maxWaitMs) {
    checkDriverThread();
    Future<T> f = runOnPeer(live(handle), action);
    awaitAll(List.of(f), maxWaitMs);
    if (!f.isComplete()) {
      throw new RequestTimeoutException(handle.ref(), maxWaitMs);
    }
    if (f.failed()) {
      Throwable cause = f.cause();
      throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
    }
    return f.result();
  }

  @Override
  public final <T> List<Outcome<T>> callAll(List<PeerHandle<P>> handles, Function<P, Future<T>> action,
      long maxWaitMs) {
    checkDriverThread();
    List<Future<T>> futures = new ArrayList<>(handles.size());
    for (PeerHandle<P> h : handles) {
      // a peer gone since the caller listed it (a crash or leave under way) is a failed outcome
      futures.add(isLive(h) ? runOnPeer(live(h), action)
          : Future.failedFuture(new IllegalStateException("peer " + h.ref() + " is not running")));
    }
    awaitAll(futures, maxWaitMs);
    List<Outcome<T>> out = new ArrayList<>(futures.size());
    for (int i = 0; i < futures.size(); i++) {
      Future<T> f = futures.get(i);
      if (f.succeeded()) {
        out.add(new Outcome<>(f.result(), null));
      } else if (f.failed()) {
        out.add(new Outcome<>(null, f.cause()));
      } else {
        out.add(new Outcome<>(null, new RequestTimeoutException(handles.get(i).ref(), maxWaitMs)));
      }
    }
    return out;
  }

  /** Reads on the peer's thread while it runs; a removed peer's state is read where it is. */
  @Override
  public final <T> T inspect(PeerHandle<P> handle, Function<P, T> read) {
    checkDriverThread();
    if (driverRunsPeers() || !isLive(handle)) {
      return read.apply(handle.protocol());
    }
    return call(handle, p -> Future.succeededFuture(read.apply(p)), options.launchTimeoutMs());
  }

  @Override
  public final void runFor(long ms) {
    checkDriverThread();
    if (ms < 0) {
      throw new IllegalArgumentException("ms must be >= 0: " + ms);
    }
    advance(ms);
  }

  @Override
  public final boolean awaitUntil(BooleanSupplier condition, long maxMs, long checkEveryMs) {
    checkDriverThread();
    if (checkEveryMs <= 0) {
      throw new IllegalArgumentException("checkEveryMs must be > 0: " + checkEveryMs);
    }
    long end = deadline(maxMs);
    while (!condition.getAsBoolean()) {
      long left = end - now();
      if (left <= 0) {
        return false;
      }
      advance(Math.min(left, checkEveryMs));
    }
    return true;
  }

  /** The runtime time {@code ms} from now, saturated at {@link Long#MAX_VALUE}. */
  protected final long deadline(long ms) {
    long now = now();
    long t = now + ms;
    return t < now ? Long.MAX_VALUE : t;
  }

  /** The running peer of {@code handle}; throws if it is not running. */
  protected final R live(PeerHandle<P> handle) {
    R peer = running(handle.ref().address());
    if (peer == null || handleOf(peer) != handle) {
      throw new IllegalStateException("peer " + handle.ref() + " is not running");
    }
    return peer;
  }

  private boolean isLive(PeerHandle<P> handle) {
    R peer = running(handle.ref().address());
    return peer != null && handleOf(peer) == handle;
  }
}
