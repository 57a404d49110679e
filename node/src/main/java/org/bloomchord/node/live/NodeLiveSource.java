package org.bloomchord.node.live;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bloomchord.node.LookupTrace;
import org.bloomchord.node.DriverCalls;
import org.bloomchord.node.Node;
import org.bloomchord.node.PeerView;
import org.bloomchord.node.RingEvent;

/**
 * The live view of a {@link Node}: its peers, its ring events (joins, leaves, crashes), the paths of
 * the lookups asked through the page, and every action. Membership changes block, so they run one
 * at a time on a thread of their own.
 */
public final class NodeLiveSource implements LiveSource, AutoCloseable {

  private final Node node;
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();
  private final DriverCalls membership = new DriverCalls("bloomchord-live-membership", 1, "the node is shutting down");

  /** The live view of {@code node}. */
  public NodeLiveSource(Node node) {
    this.node = node;
    node.onRingEvent(this::ringEvent);
  }

  private void ringEvent(RingEvent e) {
    if (e.kind() == RingEvent.Kind.NEIGHBOURS_CHANGED) {
      return;
    }
    PeerChange c = new PeerChange(e.kind().name(), e.peer(), Long.toUnsignedString(node.ring().hash(e.peer())));
    listeners.forEach(l -> l.peer(c));
  }

  @Override
  public Info info() {
    return new Info("node", "vertx", true, true, true, null);
  }

  @Override
  public List<Peer> peers() {
    List<Peer> out = new ArrayList<>();
    for (String n : node.peerNames()) {
      out.add(new Peer(n, Long.toUnsignedString(node.ring().hash(n))));
    }
    return out;
  }

  @Override
  public Stats stats() {
    return Stats.of(node);
  }

  @Override
  public void listen(Listener listener) {
    listeners.add(listener);
  }

  @Override
  public Future<PeerView> peer(String name) {
    return node.peer(name);
  }

  @Override
  public Future<LookupTrace> lookup(String from, String key) {
    if (from != null && !node.hasPeer(from)) {
      return Future.failedFuture(new Node.UnknownPeerException(from));
    }
    return node.lookup(from, key).onSuccess(t -> {
      PathSeen p = new PathSeen("lookup", key, t.path(), t.result().outcome().name());
      listeners.forEach(l -> l.path(p));
    });
  }

  @Override
  public Future<String> addPeer() {
    return blocking(() -> node.addPeers(1).get(0));
  }

  @Override
  public Future<Void> crash(String name) {
    if (!node.hasPeer(name)) {
      return Future.failedFuture(new Node.UnknownPeerException(name));
    }
    return blocking(() -> {
      node.crash(name);
      return null;
    });
  }

  private <T> Future<T> blocking(Callable<T> task) {
    return membership.submit(task);
  }

  @Override
  public void close() {
    membership.close();
  }
}
