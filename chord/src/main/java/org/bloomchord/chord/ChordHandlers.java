package org.bloomchord.chord;

import io.vertx.core.Future;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.maintenance.Maintenance;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
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
 * The handler table of Chord's own messages: which role answers which message type. Requests that
 * route or change the ring (lookups, neighbours, fingers, joins, writes) are served only by a peer
 * on the ring; the others are refused with a rejection while it is not.
 *
 * <pre>
 *  FindSuccessor, NextHopQuery, LookupDone       -> lookup.LookupEngine
 *  JoinNotify, JoinedBefore, Notify, GetNeighbors,
 *  GetFingers, Successor/PredecessorLeaving       -> maintenance.Maintenance
 *  PutRequest, GetRequest, StoreTransfer, PullRange -> store.Storage
 *  Ping, GetPredecessor                           -> answered here from the table
 *  ReachCheck                                     -> FailureConfirmation (a ping for another peer)
 * </pre>
 */
final class ChordHandlers {

  private ChordHandlers() {
  }

  static void install(Handlers h, ChordContext ctx, Admission admission, LookupEngine lookups,
      Maintenance maintenance, Storage storage) {
    h.addRequest(Ping.class, (from, m) -> Future.succeededFuture(new Ack()));
    h.addRequest(ReachCheck.class, (from, m) -> ctx.onReachCheck(m));
    h.addRequest(FindSuccessor.class, (from, m) -> {
      admission.requireOnRing("FindSuccessor");
      return Future.succeededFuture(lookups.onFindSuccessor(m));
    });
    h.addRequest(NextHopQuery.class, (from, m) -> {
      admission.requireOnRing("NextHopQuery");
      return Future.succeededFuture(lookups.onNextHopQuery(m));
    });
    h.addRequest(GetNeighbors.class, (from, m) -> {
      admission.requireOnRing("GetNeighbors");
      return Future.succeededFuture(maintenance.onGetNeighbors());
    });
    h.addRequest(GetPredecessor.class, (from, m) -> {
      admission.requireOnRing("GetPredecessor");
      return Future.succeededFuture(new Predecessor(ctx.table().predecessor()));
    });
    h.addRequest(GetFingers.class, (from, m) -> {
      admission.requireOnRing("GetFingers");
      return Future.succeededFuture(maintenance.onGetFingers());
    });
    h.addRequest(StoreTransfer.class, (from, m) -> Future.succeededFuture(storage.onTransfer(m)));
    h.addRequest(PutRequest.class, (from, m) -> {
      admission.requireOnRing("PutRequest");
      return storage.onPut(m);
    });
    h.addRequest(GetRequest.class, (from, m) -> Future.succeededFuture(storage.onGet(m)));
    h.addRequest(PullRange.class, (from, m) -> {
      admission.requireOnRing("PullRange");
      return storage.onPullRange(from, m);
    });
    h.addMessage(LookupDone.class, (from, m) -> lookups.onLookupDone(from, m));
    h.addRequest(JoinNotify.class, (from, m) -> {
      admission.requireOnRing("JoinNotify");
      return maintenance.onJoinNotify(from, m);
    });
    h.addMessage(JoinedBefore.class, (from, m) -> {
      if (ctx.active()) {
        maintenance.onJoinedBefore(from);
      }
    });
    h.addMessage(Notify.class, (from, m) -> {
      if (ctx.active()) {
        maintenance.onNotify(from);
      }
    });
    h.addMessage(SuccessorsChanged.class, (from, m) -> {
      if (ctx.active()) {
        maintenance.onSuccessorsChanged(from, m);
      }
    });
    h.addMessage(SuccessorLeaving.class, (from, m) -> maintenance.onSuccessorLeaving(from, m));
    h.addMessage(PredecessorLeaving.class, (from, m) -> maintenance.onPredecessorLeaving(from, m));
  }
}
