package org.bloomchord.chord.store;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.PeerRef;

/**
 * Lets go of the keys a peer no longer replicates. Joins move ranges away: after r joins between a
 * key and a peer, the peer is no longer among the key's r replicas but still holds it, and an old
 * copy outside every replica set can come back after its tombstone was collected.
 *
 * <p>On each replica-sync tick, keys outside the peer's primary range (predecessor, self] are
 * timed; one that has been outside for {@code outOfRangeGraceMs} is checked: the peer looks its id
 * up (the owner answers, with its successor list). If the peer is among the owner and its first
 * replicas-1 successors it still replicates the key, and the key is timed again. Otherwise it sends
 * its copy to the owner, and only once the owner acknowledged holding it (merged by version) drops
 * it, if it has not changed meanwhile ({@code chord.store.droppedOutOfRange}). So a key leaves a
 * peer only after the peer now responsible confirmed it. At most {@value #CHECKS_PER_TICK} keys are
 * checked per tick. No message is sent and no random number drawn before a key's grace has passed,
 * so runs shorter than the grace are unchanged.
 *
 * <p>With adaptive maintenance ({@link org.bloomchord.chord.ChordConfig#adaptive()}) a key found
 * still replicated here waits twice as long before its next check as before its last, from the
 * grace up to {@value #MAX_WAIT_FACTOR} times it, so an idle ring's confirmations fade out like its
 * other periodic work (a copy a join made stale is then dropped at most that much later); with
 * fixed periods every check waits the grace. With adaptive maintenance a tick's due keys are also
 * checked one after the other in ring order from this peer on, and a check that finds this peer
 * still a replica confirms with it every key held outside the primary range between the checked
 * key and its owner (they have the same owner, hence the same replicas): one lookup per
 * predecessor's range rather than one per key.
 */
public final class OutOfRangeSweeper {

  /** Keys checked by a lookup at most per tick. */
  static final int CHECKS_PER_TICK = 16;

  private final ChordContext ctx;
  private final LocalStore store;
  private final LongFunction<Future<LookupResult>> lookup;
  /** Since when each key has been outside the primary range; only keys held, so bounded by the store. */
  private Map<String, Long> outsideSince = Collections.emptyMap();
  private Set<String> checking = Collections.emptySet();
  /** With adaptive maintenance: the wait before the next check of keys confirmed before (absent: the grace). */
  private Map<String, Long> waits = Collections.emptyMap();
  /** The longest wait of a confirmed key, in graces. */
  static final int MAX_WAIT_FACTOR = 16;
  private long dropped;

  /**
   * @param lookup looks a ring id up from this peer
   */
  public OutOfRangeSweeper(ChordContext ctx, LocalStore store, LongFunction<Future<LookupResult>> lookup) {
    this.ctx = ctx;
    this.store = store;
    this.lookup = lookup;
  }

  /** Keys dropped so far. */
  public long dropped() {
    return dropped;
  }

  /** One tick: times the keys outside the primary range and checks those past their grace. */
  public void tick() {
    PeerRef pred = ctx.table().predecessor();
    if (ctx.state() != PeerState.ACTIVE || pred == null) {
      return;
    }
    long now = ctx.now();
    long grace = ctx.config().limits().outOfRangeGraceMs();
    long self = ctx.self().id();
    List<String> due = new ArrayList<>();
    Map<String, Long> seen = new HashMap<>();
    for (StoredEntry e : store.all()) {
      String key = e.key();
      if (ctx.ring().inHalfOpen(store.keyId(key), pred.id(), self)) {
        continue;
      }
      Long since = outsideSince.get(key);
      seen.put(key, since == null ? now : since);
      long wait = waits.getOrDefault(key, grace);
      if (since != null && now - since >= wait && !checking.contains(key) && due.size() < CHECKS_PER_TICK) {
        due.add(key);
      }
    }
    outsideSince.clear();
    if (!seen.isEmpty()) {
      writableOutsideSince().putAll(seen);
    }
    waits.keySet().retainAll(seen.keySet());
    if (ctx.config().adaptive()) {
      due.sort((a, b) -> Long.compareUnsigned(ctx.ring().distance(self, store.keyId(a)),
          ctx.ring().distance(self, store.keyId(b))));
      checkInTurn(due, 0);
    } else {
      for (String key : due) {
        check(key);
      }
    }
  }

  /** Checks {@code due} from index i on, one after the other, skipping keys a check confirmed meanwhile. */
  private void checkInTurn(List<String> due, int i) {
    // keys a check confirmed meanwhile are skipped in a loop, not a call per key, so the stack stays flat
    for (int k = i; k < due.size() && ctx.state() == PeerState.ACTIVE; k++) {
      String key = due.get(k);
      Long since = outsideSince.get(key);
      if (since != null && !checking.contains(key)
          && ctx.now() - since >= waits.getOrDefault(key, ctx.config().limits().outOfRangeGraceMs())) {
        int next = k + 1;
        check(key).onComplete(ar -> checkInTurn(due, next));
        return;
      }
    }
  }

  private Future<Boolean> check(String key) {
    if (!(checking instanceof HashSet)) {
      checking = new HashSet<>();
    }
    checking.add(key);
    long id = ctx.ring().hash(key);
    return lookup.apply(id).compose(r -> {
      if (!r.found()) {
        return Future.succeededFuture(false);
      }
      if (replicaSet(r).contains(ctx.self())) {
        confirm(key);
        if (ctx.config().adaptive()) {
          for (String other : List.copyOf(outsideSince.keySet())) {
            long otherId = store.keyId(other);
            boolean sameOwner = otherId == id || ctx.ring().inHalfOpen(otherId, id, r.successor().id());
            if (sameOwner && !checking.contains(other)) {
              confirm(other);
            }
          }
        }
        return Future.succeededFuture(false);
      }
      StoredEntry held = store.get(key);
      if (held == null) {
        return Future.succeededFuture(false);
      }
      return ctx.request(r.successor(), new StoreTransfer(List.of(held))).map(reply -> {
        if (reply instanceof Ack && store.dropIfUnchanged(key, held.version())) {
          outsideSince.remove(key);
          waits.remove(key);
          dropped++;
          ctx.metrics().increment(ChordCounter.DROPPED_OUT_OF_RANGE, 1);
          return true;
        }
        return false;
      });
    }).onComplete(ar -> checking.remove(key));
  }

  /** {@code key} is still replicated here: timed again, with adaptive maintenance after twice its last wait. */
  private void confirm(String key) {
    writableOutsideSince().put(key, ctx.now());
    if (ctx.config().adaptive()) {
      long grace = ctx.config().limits().outOfRangeGraceMs();
      long wait = Math.min(MAX_WAIT_FACTOR * grace, 2 * waits.getOrDefault(key, grace));
      if (!(waits instanceof HashMap)) {
        waits = new HashMap<>();
      }
      waits.put(key, wait);
    }
  }

  /**
   * The map of keys out of range, made at its first entry: most peers never hold one, and the
   * sweeper's three empty collections were 200 bytes of each simulated peer. The maps are kept
   * once made (their iteration order, which orders the checks, is that of one map filled in turn).
   */
  private Map<String, Long> writableOutsideSince() {
    if (!(outsideSince instanceof HashMap)) {
      outsideSince = new HashMap<>();
    }
    return outsideSince;
  }

  private List<PeerRef> replicaSet(LookupResult r) {
    return ReplicaPlacement.replicas(r.successor(), r.successors(), ctx.config().replicas());
  }
}
