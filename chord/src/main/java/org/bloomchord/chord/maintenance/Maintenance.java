package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Ring maintenance of one peer, one task per class: {@link Joiner} (both sides of a join),
 * {@link Stabilizer} (stabilize/notify and recovery), {@link FingerCheckers} (whom to tell of a
 * joiner, finger pushes only), {@link FingerFixer} (fix-fingers, seeding and
 * repair), {@link PredecessorCheck} and {@link Departures} (neighbours' graceful leaves), run on
 * the timers of a {@link MaintenanceSchedule} at fixed or adaptive periods. This class wires them
 * and is what the peer's handlers and life cycle call.
 *
 * <p>Invariants: while paused ({@link #pause}) no periodic round and no finger repair runs; each
 * task has at most one round in flight.
 */
public final class Maintenance {

  private final MaintenanceSchedule schedule;
  private final Joiner joiner;
  private final Stabilizer stabilizer;
  private final FingerFixer fingers;
  /** Null without finger pushes. */
  private final FingerCheckers checkers;
  private final PredecessorCheck predecessorCheck;
  private final Departures departures;
  private boolean paused;

  /**
   * The maintenance of the peer whose context is {@code ctx}.
   *
   * @param activate what puts the peer on the ring once its successor accepted its join
   */
  public Maintenance(ChordContext ctx, LookupEngine lookups, Storage storage, Runnable activate) {
    this.schedule = new MaintenanceSchedule(ctx.runtime(), ctx.config(), () -> stabilizer().stabilize(),
        () -> fingers().fixNextFinger(), () -> {
          // expired suspicions and strikes leave at once, not only when their peer is asked about
          ctx.table().suspicion().purge(ctx.now());
          predecessorCheck().check();
        });
    this.fingers = new FingerFixer(ctx, lookups, schedule, this::paused);
    this.stabilizer = new Stabilizer(ctx, storage, schedule, this::paused);
    this.predecessorCheck = new PredecessorCheck(ctx, schedule, this::paused);
    this.joiner = new Joiner(ctx, lookups, storage, activate, fingers, stabilizer::toldSuccessor);
    this.departures = new Departures(ctx, storage);
    this.checkers = ctx.config().fingerPush() ? new FingerCheckers(ctx) : null;
    if (checkers != null) {
      ctx.table().onNewPredecessor(checkers::predecessorChanged);
    }
  }

  private Stabilizer stabilizer() {
    return stabilizer;
  }

  private FingerFixer fingers() {
    return fingers;
  }

  private PredecessorCheck predecessorCheck() {
    return predecessorCheck;
  }

  /** Joins through {@code bootstrap} ({@link Joiner#join}). */
  public Future<Void> join(PeerRef bootstrap) {
    return joiner.join(bootstrap);
  }

  /** This peer leaves gracefully ({@link Departures#leave}); call after stopping the timers. */
  public Future<Void> leave() {
    return departures.leave();
  }

  /** Pauses or resumes the periodic tasks and finger repair. */
  public void pause(boolean p) {
    paused = p;
  }

  /** Whether maintenance is paused. */
  public boolean paused() {
    return paused;
  }

  /**
   * Starts the periodic tasks, at fixed or adaptive periods ({@link MaintenanceSchedule}); with
   * {@code randomPhase} each first runs at a random point of its period.
   */
  public void startTimers(boolean randomPhase) {
    schedule.start(randomPhase);
  }

  /** Cancels the periodic tasks. */
  public void stopTimers() {
    schedule.stop();
  }

  /**
   * The tables changed ({@link RoutingTable#NEIGHBOURS}, {@link RoutingTable#FINGERS} or both):
   * the adaptive period of the task that keeps what changed returns to its floor.
   */
  public void tablesChanged(int what) {
    schedule.changed(what);
  }

  /** The current stabilize interval (the configured period unless maintenance is adaptive). */
  public long stabilizePeriodMs() {
    return schedule.stabilizePeriodMs();
  }

  /** The current fix-fingers interval (the configured period unless maintenance is adaptive). */
  public long fixFingersPeriodMs() {
    return schedule.fixFingersPeriodMs();
  }

  /** Repairs finger {@code i} after its peer was suspected. */
  public void repairFinger(int i) {
    fingers.repair(i);
  }

  /**
   * Notes that {@code from} stabilized with us or notified us (it names us as its successor), for
   * check-predecessor.
   */
  public void linkedFrom(PeerRef from) {
    predecessorCheck.linkedFrom(from);
  }

  // ---- handlers

  /** A joiner's JoinNotify ({@link Joiner#onJoinNotify}). */
  public Future<Message> onJoinNotify(PeerRef from, JoinNotify m) {
    return joiner.onJoinNotify(from, m);
  }

  /** A joiner's JoinedBefore ({@link Joiner#onJoinedBefore}). */
  public void onJoinedBefore(PeerRef from, JoinedBefore m) {
    joiner.onJoinedBefore(from, m);
  }

  /** A predecessor's Notify ({@link Stabilizer#onNotify}). */
  public void onNotify(PeerRef from, Notify m) {
    stabilizer.onNotify(from, m.predecessor());
  }

  /** The successor's new successor list ({@link Stabilizer#onSuccessorsChanged}). */
  public void onSuccessorsChanged(PeerRef from, SuccessorsChanged m) {
    stabilizer.onSuccessorsChanged(from, m);
  }

  /**
   * The tables changed and the change has settled (called once after a burst of changes): a
   * changed successor list is told to the predecessor ({@link Stabilizer#tellPredecessor}), and a
   * new predecessor to the successor ({@link Stabilizer#tellSuccessor}).
   */
  public void linksSettled() {
    stabilizer.tellPredecessor();
    stabilizer.tellSuccessor();
  }

  /** Answers GetNeighbors, leaving out the successor list when it is the one {@code listTag} names. */
  public Message onGetNeighbors(long listTag) {
    return stabilizer.onGetNeighbors(listTag);
  }

  /**
   * {@code from} checked this peer as its finger for {@code start}; {@code holds} when this peer
   * is still that finger ({@link FingerCheckers#checkedBy}, finger pushes only).
   */
  public void fingerCheckedBy(PeerRef from, long start, boolean holds) {
    if (checkers != null) {
      checkers.checkedBy(from, start, holds);
    }
  }

  /** A finger's FingerJoined ({@link FingerFixer#onFingerJoined}). */
  public void onFingerJoined(PeerRef from, FingerJoined m) {
    fingers.onFingerJoined(from, m);
  }

  /** Answers GetFingers. */
  public Message onGetFingers() {
    return fingers.onGetFingers();
  }

  /** The leave of our successor. */
  public void onSuccessorLeaving(PeerRef from, SuccessorLeaving m) {
    departures.onSuccessorLeaving(from, m);
  }

  /** The leave of our predecessor. */
  public void onPredecessorLeaving(PeerRef from, PredecessorLeaving m) {
    departures.onPredecessorLeaving(from, m);
  }
}
