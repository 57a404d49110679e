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
 *
 * <p>A million peers keep these in memory at once, so an entry takes 13 bytes: the checker's id
 * (so that finding a checker reads no ref), its ref, and the finger's index k instead of its
 * start, which is the checker's id plus 2^k (a check whose start is not that is not remembered).
 * Three parallel arrays that grow by half up to {@link ChordConfig#FINGER_CHECKERS}: a peer is
 * the finger of about log2 N others, many more after a wide gap.
 */
final class FingerCheckers {

  private static final long[] NO_LONGS = {};
  private static final PeerRef[] NO_PEERS = {};
  private static final byte[] NO_BYTES = {};

  private final ChordContext ctx;
  private long[] checkerIds = NO_LONGS;
  private PeerRef[] checkers = NO_PEERS;
  /** k of each checker's finger: its start is the checker's id plus 2^k. */
  private byte[] checkerFingers = NO_BYTES;
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
   * and the checker moves to it) it is forgotten, as it is when {@code start} is not one of the
   * checker's finger starts (its id plus a power of two). One entry per checker, the latest start
   * kept; beyond {@link ChordConfig#FINGER_CHECKERS} checkers the oldest entries are overwritten in turn.
   */
  void checkedBy(PeerRef from, long start, boolean holds) {
    long id = from.id();
    long offset = ctx.ring().distance(id, start);
    boolean remembered = holds && Long.bitCount(offset) == 1;
    byte finger = (byte) Long.numberOfTrailingZeros(offset);
    for (int k = 0; k < checkerCount; k++) {
      if (checkerIds[k] == id) {
        if (remembered) {
          checkers[k] = from;
          checkerFingers[k] = finger;
        } else {
          forgetChecker(k);
        }
        return;
      }
    }
    if (!remembered) {
      return;
    }
    if (checkerCount == checkerIds.length && checkerCount < ChordConfig.FINGER_CHECKERS) {
      int size = Math.min(ChordConfig.FINGER_CHECKERS, Math.max(4, checkerCount + (checkerCount >> 1)));
      checkerIds = Arrays.copyOf(checkerIds, size);
      checkers = Arrays.copyOf(checkers, size);
      checkerFingers = Arrays.copyOf(checkerFingers, size);
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
    checkerFingers[k] = finger;
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
    checkerFingers[to] = checkerFingers[from];
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
      long start = ctx.ring().add(checkerIds[k], 1L << checkerFingers[k]);
      if (ctx.ring().inHalfOpen(start, was.id(), now.id())) {
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
