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
 * @param filters the digest filters at the end of the run: their fill and what the messages hold
 */
@JsonPropertyOrder({"trace", "traced", "originFound", "ambiguous", "falseBranchesPerTrace", "expectedFalseBranches",
    "digestBytesPerPeer", "messageBytesPerPeer", "roguesForging", "roguesNamed", "honestNamed", "filters"})
public record TracebackStats(String trace, int traced, int originFound, int ambiguous, double falseBranchesPerTrace,
    double expectedFalseBranches, double digestBytesPerPeer, double messageBytesPerPeer, int roguesForging,
    int roguesNamed, int honestNamed, Filters filters) {

  /**
   * The digest filters of the peers at the end of a run (means over the peers, sums for counts).
   *
   * @param fpRate the false-positive rate each filter is sized for at its capacity
   * @param messagesPerPeer messages recorded in the filters kept
   * @param digestsPerPeer of them, distinct (digest, direction, link) keys: what fills the filters
   * @param bitsPerDigest filter bits per distinct key over all filters kept, the current one included
   * @param retiredBitsPerDigest filter bits per distinct key over the retired filters kept
   * @param invariantBytesPerMessage mean bytes of the fields a digest covers, per message recorded
   * @param distinctMessageBytesPerPeer bytes storing each distinct message once would take
   * @param retiredAtCapacity filters retired full, over all peers and the whole run
   * @param retiredByTime filters retired when their time ended, over all peers and the whole run
   * @param folds halvings of filters retired by time at most half full
   * @param falseBranches false branches over all traces
   * @param expectedFalseBranches what the formula expects over all traces
   */
  @JsonPropertyOrder({"fpRate", "messagesPerPeer", "digestsPerPeer", "bitsPerDigest", "retiredBitsPerDigest",
      "invariantBytesPerMessage", "distinctMessageBytesPerPeer", "retiredAtCapacity", "retiredByTime", "folds",
      "falseBranches", "expectedFalseBranches"})
  public record Filters(double fpRate, double messagesPerPeer, double digestsPerPeer, double bitsPerDigest,
      double retiredBitsPerDigest, double invariantBytesPerMessage, double distinctMessageBytesPerPeer,
      long retiredAtCapacity, long retiredByTime, long folds, long falseBranches, double expectedFalseBranches) {

    /** No figures (a section written without them). */
    public static final Filters NONE = new Filters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** The section from its figures (see the record's components). */
  public static TracebackStats of(String trace, int traced, int originFound, int ambiguous, double falseBranchesPerTrace,
      double expectedFalseBranches, double digestBytesPerPeer, double messageBytesPerPeer, int roguesForging,
      int roguesNamed, int honestNamed) {
    return new TracebackStats(trace, traced, originFound, ambiguous, falseBranchesPerTrace, expectedFalseBranches,
        digestBytesPerPeer, messageBytesPerPeer, roguesForging, roguesNamed, honestNamed, Filters.NONE);
  }

  /** A copy with the filters' figures. */
  public TracebackStats withFilters(Filters f) {
    return new TracebackStats(trace, traced, originFound, ambiguous, falseBranchesPerTrace, expectedFalseBranches,
        digestBytesPerPeer, messageBytesPerPeer, roguesForging, roguesNamed, honestNamed, f);
  }

  /** The saving of the digests over storing the messages, 0..1 (0 when nothing was stored). */
  public double saving() {
    return messageBytesPerPeer <= 0 ? 0 : 1 - digestBytesPerPeer / messageBytesPerPeer;
  }
}
