package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code traceback} section: messages traced back from the peers that received them, judged
 * against the run's own record of who sent each one (kept at send time).
 *
 * @param trace which messages were traced (forged, sample)
 * @param traced traced messages judged (those whose record names one origin)
 * @param originFound traced messages whose attack graph names their origin
 * @param ambiguous traced messages not judged: identical content sent by several peers
 * @param falseBranchesPerTrace false branches (links a filter named falsely, pruned) per traced message
 * @param expectedFalseBranches what the formula expects per traced message (fp rate x links asked per hop)
 * @param digestBytesPerPeer bytes of the digest filters kept, mean over the peers at the end
 * @param messageBytesPerPeer bytes the same messages would take stored whole, mean over the peers
 * @param roguesForging rogue peers that forged a traced message
 * @param roguesNamed of them, those named as a candidate origin
 * @param honestNamed traced messages whose graph names an honest peer that is not their origin
 */
@JsonPropertyOrder({"trace", "traced", "originFound", "ambiguous", "falseBranchesPerTrace", "expectedFalseBranches",
    "digestBytesPerPeer", "messageBytesPerPeer", "roguesForging", "roguesNamed", "honestNamed"})
public record TracebackStats(String trace, int traced, int originFound, int ambiguous, double falseBranchesPerTrace,
    double expectedFalseBranches, double digestBytesPerPeer, double messageBytesPerPeer, int roguesForging,
    int roguesNamed, int honestNamed) {

  /** The section from its figures (see the record's components). */
  public static TracebackStats of(String trace, int traced, int originFound, int ambiguous, double falseBranchesPerTrace,
      double expectedFalseBranches, double digestBytesPerPeer, double messageBytesPerPeer, int roguesForging,
      int roguesNamed, int honestNamed) {
    return new TracebackStats(trace, traced, originFound, ambiguous, falseBranchesPerTrace, expectedFalseBranches,
        digestBytesPerPeer, messageBytesPerPeer, roguesForging, roguesNamed, honestNamed);
  }

  /** The saving of the digests over storing the messages, 0..1 (0 when nothing was stored). */
  public double saving() {
    return messageBytesPerPeer <= 0 ? 0 : 1 - digestBytesPerPeer / messageBytesPerPeer;
  }
}
