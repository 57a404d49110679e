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
 * (the receiving side is {@link FingerFixer#onFingerJoined}). Three parallel arrays that grow by
 * doubling up to {@link ChordConfig#FINGER_CHECKERS}: a peer is the finger of about log2 N others,
 * many more after a wide gap, and a million peers keep these in memory at once.
 */
final class FingerCheckers {

  private final ChordContext ctx;
  private long[] checkerIds;
  private PeerRef[] checkers;
  private long[] checkerStarts;
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
    if (!ctx.config().fingerPush()) {
      return;
    }
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
    int max = ChordConfig.FINGER_CHECKERS;
    if (checkerIds == null || checkerCount == checkerIds.length && checkerCount < max) {
      int size = checkerIds == null ? 4 : Math.min(max, 2 * checkerIds.length);
      checkerIds = checkerIds == null ? new long[size] : Arrays.copyOf(checkerIds, size);
      checkers = checkers == null ? new PeerRef[size] : Arrays.copyOf(checkers, size);
      checkerStarts = checkerStarts == null ? new long[size] : Arrays.copyOf(checkerStarts, size);
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
    checkerIds[k] = checkerIds[last];
    checkers[k] = checkers[last];
    checkerStarts[k] = checkerStarts[last];
    checkers[last] = null;
    if (checkerNext >= checkerCount) {
      checkerNext = 0;
    }
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
        checkers[k] = null;
      } else {
        checkerIds[kept] = checkerIds[k];
        checkers[kept] = checkers[k];
        checkerStarts[kept] = checkerStarts[k];
        kept++;
      }
    }
    for (int k = kept; k < checkerCount; k++) {
      checkers[k] = null;
    }
    checkerCount = kept;
    checkerNext = 0;
  }
}
