package org.bloomchord.chord;

import io.vertx.core.Future;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.ReachCheck;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PullRange;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;

/**
 * The handler table of Chord's own messages, one per JVM ({@link Handlers.Own}): which role of the
 * receiving peer answers which message type. Requests that
 * route or change the ring (lookups, neighbours, fingers, joins, writes) are served only by a peer
 * on the ring; the others are refused with a rejection while it is not.
 *
 * <pre>
 *  FindSuccessor, NextHopQuery, LookupDone       -> lookup.LookupEngine
 *  JoinNotify, JoinedBefore, Notify, GetNeighbors,
 *  GetFingers, FingerJoined,
 *  Successor/PredecessorLeaving                   -> maintenance.Maintenance
 *  PutRequest, GetRequest, StoreTransfer, PullRange -> store.Storage
 *  Ping, GetPredecessor                           -> answered here from the table
 *  ReachCheck                                     -> FailureConfirmation (a ping for another peer)
 * </pre>
 */
final class ChordHandlers {

  private ChordHandlers() {
  }

  /** Fills the table of Chord's own handlers, shared by every peer of the JVM. */
  static void install(Handlers.Own h) {
    h.request(Ping.class, (peer, from, m) -> Future.succeededFuture(new Ack()));
    h.request(ReachCheck.class, (peer, from, m) -> peer.context().onReachCheck(m));
    h.request(FindSuccessor.class, (peer, from, m) -> {
      peer.admission().requireOnRing("FindSuccessor");
      return Future.succeededFuture(peer.lookupEngine().onFindSuccessor(m));
    });
    h.request(NextHopQuery.class, (peer, from, m) -> {
      peer.admission().requireOnRing("NextHopQuery");
      return Future.succeededFuture(peer.lookupEngine().onNextHopQuery(m));
    });
    h.request(GetNeighbors.class, (peer, from, m) -> {
      peer.admission().requireOnRing("GetNeighbors");
      peer.maintenanceTasks().linkedFrom(from);
      peer.context().table().predecessorTold(from, m.predecessor());
      return Future.succeededFuture(peer.maintenanceTasks().onGetNeighbors(m.listTag()));
    });
    h.request(GetPredecessor.class, (peer, from, m) -> {
      peer.admission().requireOnRing("GetPredecessor");
      RoutingTable table = peer.context().table();
      if (m.finger()) {
        boolean holds = table.precedes(m.start());
        peer.maintenanceTasks().fingerCheckedBy(from, m.start(), holds);
        if (holds) {
          return Future.succeededFuture(Predecessor.fingerHolds());
        }
      }
      return Future.succeededFuture(new Predecessor(table.predecessor(), table.beyondPredecessor()));
    });
    h.request(GetFingers.class, (peer, from, m) -> {
      peer.admission().requireOnRing("GetFingers");
      return Future.succeededFuture(peer.maintenanceTasks().onGetFingers());
    });
    h.request(StoreTransfer.class, (peer, from, m) -> Future.succeededFuture(peer.storage().onTransfer(m)));
    h.request(PutRequest.class, (peer, from, m) -> {
      peer.admission().requireOnRing("PutRequest");
      return peer.storage().onPut(m);
    });
    h.request(GetRequest.class, (peer, from, m) -> Future.succeededFuture(peer.storage().onGet(m)));
    h.request(PullRange.class, (peer, from, m) -> {
      peer.admission().requireOnRing("PullRange");
      return peer.storage().onPullRange(from, m);
    });
    h.message(LookupDone.class, (peer, from, m) -> peer.lookupEngine().onLookupDone(from, m));
    h.request(JoinNotify.class, (peer, from, m) -> {
      peer.admission().requireOnRing("JoinNotify");
      return peer.maintenanceTasks().onJoinNotify(from, m);
    });
    h.message(JoinedBefore.class, (peer, from, m) -> {
      if (peer.context().active()) {
        peer.maintenanceTasks().onJoinedBefore(from, m);
      }
    });
    h.message(Notify.class, (peer, from, m) -> {
      if (peer.context().active()) {
        peer.maintenanceTasks().onNotify(from, m);
        peer.maintenanceTasks().linkedFrom(from);
      }
    });
    h.message(FingerJoined.class, (peer, from, m) -> {
      if (peer.context().active()) {
        peer.maintenanceTasks().onFingerJoined(from, m);
      }
    });
    h.message(SuccessorsChanged.class, (peer, from, m) -> {
      if (peer.context().active()) {
        peer.maintenanceTasks().onSuccessorsChanged(from, m);
      }
    });
    h.message(SuccessorLeaving.class, (peer, from, m) -> peer.maintenanceTasks().onSuccessorLeaving(from, m));
    h.message(PredecessorLeaving.class, (peer, from, m) -> peer.maintenanceTasks().onPredecessorLeaving(from, m));
  }
}
