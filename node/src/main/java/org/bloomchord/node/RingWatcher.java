package org.bloomchord.node;

import io.vertx.core.Future;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.PeerRef;

/**
 * Turns changes of the peers' neighbours into {@link RingEvent}s: once per stabilize period it
 * reads every running peer's predecessor and successor (on the peers' threads, without blocking)
 * and reports those that differ from the previous reading. A peer seen for the first time is
 * recorded without an event (its JOINED event comes from the node).
 */
final class RingWatcher {

  private record Neighbours(String predecessor, String successor) {
  }

  private final PeerGroup group;
  private final Consumer<RingEvent> sink;
  private final Map<String, Neighbours> last = new HashMap<>();
  private long timer = -1;
  private final AtomicBoolean reading = new AtomicBoolean();

  RingWatcher(PeerGroup group, Consumer<RingEvent> sink) {
    this.group = group;
    this.sink = sink;
  }

  void start() {
    timer = group.vertx().setPeriodic(group.options().getChord().stabilizeMs(), id -> poll());
  }

  void stop() {
    if (timer >= 0) {
      group.vertx().cancelTimer(timer);
      timer = -1;
    }
  }

  private void poll() {
    if (!reading.compareAndSet(false, true)) {
      return; // the previous reading of a large ring has not finished yet
    }
    Future<List<Object[]>> all = group.readAll(RingWatcher::read);
    all.onComplete(ar -> {
      reading.set(false);
      if (ar.succeeded()) {
        compare(ar.result());
      }
    });
  }

  private static Object[] read(ChordPeer p) {
    PeerRef pred = p.links().predecessor();
    PeerRef succ = p.links().successor();
    return new Object[] {p.self().address(), new Neighbours(pred == null ? null : pred.address(),
        succ == null ? null : succ.address())};
  }

  private synchronized void compare(List<Object[]> readings) {
    long now = System.currentTimeMillis();
    Map<String, Neighbours> seen = new HashMap<>();
    for (Object[] r : readings) {
      String peer = (String) r[0];
      Neighbours n = (Neighbours) r[1];
      seen.put(peer, n);
      Neighbours before = last.get(peer);
      if (before != null && !Objects.equals(before, n)) {
        sink.accept(new RingEvent(RingEvent.Kind.NEIGHBOURS_CHANGED, peer, n.predecessor(), n.successor(), now));
      }
    }
    last.clear();
    last.putAll(seen);
  }
}
