package org.bloomchord.chord.cluster;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

/**
 * Launches peers onto a Chord ring by the protocol's join, the one launcher of the driver
 * ({@link ChordCluster}) and of the node module's peer groups. Two ways:
 *
 * <ul>
 *   <li><b>waves</b> ({@link #waves}): each wave at most doubles the ring (as many joiners as peers
 *       already on it), every joiner through a random one of them; between waves the ring is given
 *       time to become stable;</li>
 *   <li><b>stream</b> ({@link #stream}): at most {@code window} joins in flight, and at most as
 *       many as peers already joined; a new joiner starts as soon as one ends, through a random peer
 *       whose join has ended, with no wait for a stable ring.</li>
 * </ul>
 *
 * <p>Bootstraps are {@link PeerRef}s, so the peers already on the ring may run elsewhere (the
 * other JVMs of a clustered ring); only the joiners run on this launcher's network. A joiner whose
 * join failed after every attempt is stopped ({@link Network#crash}) and reported in
 * {@link Launch#failed()}, in both ways. One behaviour on a failed read: a joiner whose state cannot
 * be read (its thread did not answer the read) is treated as a failed join, stopped and reported.
 *
 * <p>Random choices (the bootstrap of each joiner, in the order the network starts the joiners)
 * come from the generator given, so a simulator run repeats exactly.
 */
public final class RingLauncher {

  private final Network<ChordPeer> network;
  private final SplittableRandom random;
  private final BiFunction<PeerRef, PeerRef, ChordPeer> peer;
  private final long joinWaitMs;
  private final long readWaitMs;
  private Consumer<List<PeerHandle<ChordPeer>>> started = h -> { };

  /**
   * @param network where the joiners run
   * @param random the generator of bootstrap choices (shared with the caller's other choices)
   * @param peer makes the peer of a joiner: (its ref, its bootstrap or null for the first peer of a new ring)
   * @param joinWaitMs how long a wave waits for its joins (runtime ms)
   * @param readWaitMs how long a read of the joiners' states may wait for their threads (runtime ms)
   */
  public RingLauncher(Network<ChordPeer> network, SplittableRandom random, BiFunction<PeerRef, PeerRef, ChordPeer> peer,
      long joinWaitMs, long readWaitMs) {
    this.network = network;
    this.random = random;
    this.peer = peer;
    this.joinWaitMs = joinWaitMs;
    this.readWaitMs = readWaitMs;
  }

  /** Tells {@code listener} of every batch of peers started, before their joins end (default: nobody). */
  public RingLauncher onStarted(Consumer<List<PeerHandle<ChordPeer>>> listener) {
    this.started = listener;
    return this;
  }

  /**
   * What a launch did: the peers that joined, in the order their joins were seen to end, and the
   * joiners that failed (already stopped).
   */
  public record Launch(List<PeerHandle<ChordPeer>> joined, List<PeerHandle<ChordPeer>> failed) {

    /** Both lists of {@code other} after those of this launch. */
    Launch plus(Launch other) {
      List<PeerHandle<ChordPeer>> j = new ArrayList<>(joined);
      j.addAll(other.joined);
      List<PeerHandle<ChordPeer>> f = new ArrayList<>(failed);
      f.addAll(other.failed);
      return new Launch(j, f);
    }
  }

  /**
   * Starts a peer for each ref, joining through a random one of {@code boots} (null: the first peer
   * of a new ring, alone); returns at once.
   */
  public List<PeerHandle<ChordPeer>> start(List<PeerRef> refs, List<PeerRef> boots) {
    List<PeerHandle<ChordPeer>> out = network.launchAll(refs, ref -> peer.apply(ref,
        boots == null ? null : boots.get(random.nextInt(boots.size()))));
    started.accept(out);
    return out;
  }

  /** Starts the joiners at once (see {@link #start}) and waits until every join ended. */
  public Launch wave(List<PeerRef> refs, List<PeerRef> boots) {
    List<PeerHandle<ChordPeer>> joiners = start(refs, boots);
    List<Network.Outcome<Void>> outcomes = network.callAll(joiners, ChordPeer::joined, joinWaitMs);
    List<PeerHandle<ChordPeer>> joined = new ArrayList<>();
    List<PeerHandle<ChordPeer>> failed = new ArrayList<>();
    for (int i = 0; i < joiners.size(); i++) {
      if (outcomes.get(i).succeeded()) {
        joined.add(joiners.get(i));
      } else {
        fail(joiners.get(i), failed);
      }
    }
    return new Launch(joined, failed);
  }

  /**
   * Launches {@code refs} in waves that at most double the ring: each wave's joiners go through
   * random peers of {@code onRing} (read again before each wave; empty: the first ref starts a new
   * ring alone), and between waves {@code awaitStable} is given {@code stableWaitMs}.
   */
  public Launch waves(List<PeerRef> refs, Supplier<List<PeerRef>> onRing, LongPredicate awaitStable,
      long stableWaitMs) {
    Launch out = new Launch(List.of(), List.of());
    int i = 0;
    if (!refs.isEmpty() && onRing.get().isEmpty()) {
      out = out.plus(wave(refs.subList(0, 1), null));
      i = 1;
    }
    while (i < refs.size()) {
      List<PeerRef> on = onRing.get();
      int size = Math.min(refs.size() - i, Math.max(1, on.size()));
      out = out.plus(wave(refs.subList(i, i + size), on));
      i += size;
      if (i < refs.size()) {
        awaitStable.test(stableWaitMs);
      }
    }
    return out;
  }

  /**
   * Launches {@code refs} as a stream of joins: at most {@code window} in flight, and at most as many
   * as the bootstraps (the peers of {@code onRing}, then each joiner whose join ended); with no peer
   * on the ring the first ref starts it alone. Returns once every join ended.
   *
   * @param tickMs how often, in runtime ms, the launcher looks at the joins in flight
   * @param progress told after each look: peers joined so far in this launch, joins in flight
   */
  public Launch stream(List<PeerRef> refs, List<PeerRef> onRing, int window, long tickMs,
      BiConsumer<Integer, Integer> progress) {
    if (window < 1 || tickMs < 1) {
      throw new IllegalArgumentException("window and tick must be positive: " + window + ", " + tickMs);
    }
    List<PeerRef> pool = new ArrayList<>(onRing);
    List<PeerHandle<ChordPeer>> joined = new ArrayList<>();
    List<PeerHandle<ChordPeer>> failed = new ArrayList<>();
    int next = 0;
    if (pool.isEmpty() && !refs.isEmpty()) {
      Launch first = wave(refs.subList(0, 1), null);
      first.joined().forEach(h -> pool.add(h.ref()));
      joined.addAll(first.joined());
      failed.addAll(first.failed());
      next = 1;
    }
    List<PeerHandle<ChordPeer>> pending = new ArrayList<>();
    while (next < refs.size() || !pending.isEmpty()) {
      int room = Math.min(window - pending.size(), pool.size() - pending.size());
      int count = Math.min(refs.size() - next, Math.max(pending.isEmpty() ? 1 : 0, room));
      if (count > 0) {
        if (pool.isEmpty()) {
          // the ring's first peer failed to start it: the next ref tries
          Launch first = wave(refs.subList(next, next + 1), null);
          first.joined().forEach(h -> pool.add(h.ref()));
          joined.addAll(first.joined());
          failed.addAll(first.failed());
          next++;
          continue;
        }
        pending.addAll(start(refs.subList(next, next + count), pool));
        next += count;
      }
      network.runFor(tickMs);
      List<Network.Outcome<PeerState>> states = network.callAll(pending,
          p -> Future.succeededFuture(p.state()), readWaitMs);
      List<PeerHandle<ChordPeer>> still = new ArrayList<>();
      for (int k = 0; k < pending.size(); k++) {
        PeerHandle<ChordPeer> h = pending.get(k);
        PeerState s = states.get(k).succeeded() ? states.get(k).value() : PeerState.STOPPED;
        switch (s) {
          case ACTIVE -> {
            pool.add(h.ref());
            joined.add(h);
          }
          case STOPPED -> fail(h, failed);
          default -> still.add(h);
        }
      }
      pending = still;
      progress.accept(joined.size(), pending.size());
    }
    return new Launch(joined, failed);
  }

  private void fail(PeerHandle<ChordPeer> joiner, List<PeerHandle<ChordPeer>> failed) {
    network.crash(joiner);
    failed.add(joiner);
  }
}
