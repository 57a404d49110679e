package org.bloomchord.routing.rogue;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.bloomchord.routing.location.LocationService;

/**
 * A rogue peer's location service ({@link RoguePeer.Behaviour#ALL_ONES_SUMMARY}): the peer's own
 * {@link LocationService}, running as on any peer, except that every summary pull is answered with
 * a forged summary. It stands in the peer's extension list where the service would, and attaches
 * the service to a host that registers the forged answer in place of the service's handler of
 * {@link SummaryRequest}; the service itself knows nothing of it. Drivers find the service through
 * {@link #unwrap}.
 */
final class ForgedSummaries implements ChordExtension {

  private final LocationService location;
  private final SummaryReply forged;

  ForgedSummaries(LocationService location, SummaryReply forged) {
    this.location = location;
    this.forged = forged;
  }

  @Override
  public void attach(ChordHost host) {
    location.attach(new Host(host));
  }

  @Override
  public void linksChanged(Links links) {
    location.linksChanged(links);
  }

  @Override
  public void stop() {
    location.stop();
  }

  @Override
  public <E extends ChordExtension> E unwrap(Class<E> type) {
    return type.isInstance(location) ? type.cast(location) : ChordExtension.super.unwrap(type);
  }

  /** The peer as the service sees it: the same in every respect but the summary handler. */
  private final class Host implements ChordHost {
    private final ChordHost peer;

    Host(ChordHost peer) {
      this.peer = peer;
    }

    @Override
    public <M extends Message> void handleRequests(Class<M> type, RequestHandler<? super M> handler) {
      if (type == SummaryRequest.class) {
        peer.handleRequests(SummaryRequest.class, (from, m) -> Future.succeededFuture(forged));
      } else {
        peer.handleRequests(type, handler);
      }
    }

    @Override
    public PeerRef self() {
      return peer.self();
    }

    @Override
    public PeerState state() {
      return peer.state();
    }

    @Override
    public ChordConfig config() {
      return peer.config();
    }

    @Override
    public IdRing ring() {
      return peer.ring();
    }

    @Override
    public PeerRuntime runtime() {
      return peer.runtime();
    }

    @Override
    public Links links() {
      return peer.links();
    }

    @Override
    public LocalStore store() {
      return peer.store();
    }

    @Override
    public Future<LookupResult> lookup(long key) {
      return peer.lookup(key);
    }

    @Override
    public <M extends Message> void handleMessages(Class<M> type, MessageHandler<? super M> handler) {
      peer.handleMessages(type, handler);
    }

    @Override
    public void observeMessages(org.bloomchord.chord.MessageObserver observer) {
      peer.observeMessages(observer);
    }

    @Override
    public void replicaSync(ReplicaSync sync) {
      peer.replicaSync(sync);
    }

    @Override
    public void writeGate(org.bloomchord.chord.store.WriteGate gate) {
      peer.writeGate(gate);
    }

    @Override
    public void checkReceivedVersions(List<StoredEntry> entries) {
      peer.checkReceivedVersions(entries);
    }
  }
}
