package org.bloomchord.chord.maintenance;

import java.util.Arrays;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.overlay.PeerRef;

/**
 * The sending side of finger pushes ({@link ChordConfig#fingerPush()}): the peers that last checked
 * this peer as their finger and found it still the finger, each with the start it checked, and the
 * {@link FingerJoined} told to those whose start a peer that joined just before this one now owns
 * (the receiving side is {@link FingerFixer#onFingerJoined}). Made only with finger pushes on.
 * Three parallel arrays that grow by doubling up to {@link ChordConfig#FINGER_CHECKERS}: a peer is
 * the finger of about log2 N others, many more after a wide gap, and a million peers keep these in
 * memory at once; the ids stand beside the refs so that finding a checker reads no ref.
 */
final class FingerCheckers {

  private static final long[] NO_LONGS = {};
  private static final PeerRef[] NO_PEERS = {};

  private final ChordContext ctx;
  private long[] checkerIds = NO_LONGS;
  private PeerRef[] checkers = NO_PEERS;
  private long[] checkerStarts = NO_LONGS;
  private int checkerCount;
  /** Where the next checker is written once the arrays are full. */
  private int checkerNext;

  FingerCheckers(ChordContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Notes that {@code from} checked this peer as its finger for {@code start} ({@code
   * fingerPush}): when this peer is still that finger ({@code holds}) the checker is remembered,
   * as one of the peers told when one joins before this peer; otherwise (a peer joined in between,
   * and the checker moves to it) it is forgotten. One entry per checker, the latest start kept;
   * beyond {@link ChordConfig#FINGER_CHECKERS} checkers the oldest entries are overwritten in turn.
   */
  void checkedBy(PeerRef from, long start, boolean holds) {
    long id = from.id();
    for (int k = 0; k < checkerCount; k++) {
      if (checkerIds[k] == id) {
        if (holds) {
          checkers[k] = from;
          checkerStarts[k] = start;
        } else {
          forgetChecker(k);
        }
        return;
      }
    }
    if (!holds) {
      return;
    }
    if (checkerCount == checkerIds.length && checkerCount < ChordConfig.FINGER_CHECKERS) {
      int size = Math.min(ChordConfig.FINGER_CHECKERS, Math.max(4, 2 * checkerCount));
      checkerIds = Arrays.copyOf(checkerIds, size);
      checkers = Arrays.copyOf(checkers, size);
      checkerStarts = Arrays.copyOf(checkerStarts, size);
    }
    int k;
    if (checkerCount < checkerIds.length) {
      k = checkerCount++;
    } else {
      k = checkerNext;
      checkerNext = (checkerNext + 1) % checkerCount;
    }
    checkerIds[k] = id;
    checkers[k] = from;
    checkerStarts[k] = start;
  }

  /** Forgets checker k, the last entry taking its place. */
  private void forgetChecker(int k) {
    int last = --checkerCount;
    move(last, k);
    checkers[last] = null;
    if (checkerNext >= checkerCount) {
      checkerNext = 0;
    }
  }

  private void move(int from, int to) {
    checkerIds[to] = checkerIds[from];
    checkers[to] = checkers[from];
    checkerStarts[to] = checkerStarts[from];
  }

  /**
   * The predecessor changed from {@code was} to {@code now}: when {@code now} lies between them (a
   * peer joined just before this one), every remembered checker whose start lies in (was, now]
   * is told ({@link FingerJoined}) and forgotten, since its finger is now the joiner.
   */
  void predecessorChanged(PeerRef was, PeerRef now) {
    if (checkerCount == 0 || !ctx.ring().inOpen(now.id(), was.id(), ctx.self().id())) {
      return;
    }
    FingerJoined told = new FingerJoined(now);
    int kept = 0;
    for (int k = 0; k < checkerCount; k++) {
      if (ctx.ring().inHalfOpen(checkerStarts[k], was.id(), now.id())) {
        if (checkerIds[k] != now.id()) {
          ctx.runtime().send(checkers[k], told);
        }
      } else {
        move(k, kept++);
      }
    }
    for (int k = kept; k < checkerCount; k++) {
      checkers[k] = null;
    }
    checkerCount = kept;
    checkerNext = 0;
  }
}
