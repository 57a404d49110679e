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
    public static final Filters NONE = Filters.builder().fpRate(0).messagesPerPeer(0).digestsPerPeer(0)
        .bitsPerDigest(0).retiredBitsPerDigest(0).invariantBytesPerMessage(0).distinctMessageBytesPerPeer(0)
        .retiredAtCapacity(0).retiredByTime(0).folds(0).falseBranches(0).expectedFalseBranches(0).build();

    /** A builder with every component unset (zero, false or null). */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Filters} by name; {@link #build()} runs the record's checks. */
    public static final class Builder {
      private double fpRate;
      private double messagesPerPeer;
      private double digestsPerPeer;
      private double bitsPerDigest;
      private double retiredBitsPerDigest;
      private double invariantBytesPerMessage;
      private double distinctMessageBytesPerPeer;
      private long retiredAtCapacity;
      private long retiredByTime;
      private long folds;
      private long falseBranches;
      private double expectedFalseBranches;

      private Builder() {
      }

      /** Sets {@link Filters#fpRate()}. */
      public Builder fpRate(double value) {
        fpRate = value;
        return this;
      }

      /** Sets {@link Filters#messagesPerPeer()}. */
      public Builder messagesPerPeer(double value) {
        messagesPerPeer = value;
        return this;
      }

      /** Sets {@link Filters#digestsPerPeer()}. */
      public Builder digestsPerPeer(double value) {
        digestsPerPeer = value;
        return this;
      }

      /** Sets {@link Filters#bitsPerDigest()}. */
      public Builder bitsPerDigest(double value) {
        bitsPerDigest = value;
        return this;
      }

      /** Sets {@link Filters#retiredBitsPerDigest()}. */
      public Builder retiredBitsPerDigest(double value) {
        retiredBitsPerDigest = value;
        return this;
      }

      /** Sets {@link Filters#invariantBytesPerMessage()}. */
      public Builder invariantBytesPerMessage(double value) {
        invariantBytesPerMessage = value;
        return this;
      }

      /** Sets {@link Filters#distinctMessageBytesPerPeer()}. */
      public Builder distinctMessageBytesPerPeer(double value) {
        distinctMessageBytesPerPeer = value;
        return this;
      }

      /** Sets {@link Filters#retiredAtCapacity()}. */
      public Builder retiredAtCapacity(long value) {
        retiredAtCapacity = value;
        return this;
      }

      /** Sets {@link Filters#retiredByTime()}. */
      public Builder retiredByTime(long value) {
        retiredByTime = value;
        return this;
      }

      /** Sets {@link Filters#folds()}. */
      public Builder folds(long value) {
        folds = value;
        return this;
      }

      /** Sets {@link Filters#falseBranches()}. */
      public Builder falseBranches(long value) {
        falseBranches = value;
        return this;
      }

      /** Sets {@link Filters#expectedFalseBranches()}. */
      public Builder expectedFalseBranches(double value) {
        expectedFalseBranches = value;
        return this;
      }

      /** The record. */
      public Filters build() {
        return new Filters(fpRate, messagesPerPeer, digestsPerPeer, bitsPerDigest,
            retiredBitsPerDigest, invariantBytesPerMessage, distinctMessageBytesPerPeer, retiredAtCapacity,
            retiredByTime, folds, falseBranches, expectedFalseBranches);
      }
    }
  }

  /** The section from its figures (see the record's components). */
  public static TracebackStats of(String trace, int traced, int originFound, int ambiguous, double falseBranchesPerTrace,
      double expectedFalseBranches, double digestBytesPerPeer, double messageBytesPerPeer, int roguesForging,
      int roguesNamed, int honestNamed) {
    return TracebackStats.builder().trace(trace).traced(traced).originFound(originFound).ambiguous(ambiguous)
        .falseBranchesPerTrace(falseBranchesPerTrace).expectedFalseBranches(expectedFalseBranches)
        .digestBytesPerPeer(digestBytesPerPeer).messageBytesPerPeer(messageBytesPerPeer)
        .roguesForging(roguesForging).roguesNamed(roguesNamed).honestNamed(honestNamed).filters(Filters.NONE)
        .build();
  }

  /** A copy with the filters' figures. */
  public TracebackStats withFilters(Filters f) {
    return toBuilder().filters(f).build();
  }

  /** The saving of the digests over storing the messages, 0..1 (0 when nothing was stored). */
  public double saving() {
    return messageBytesPerPeer <= 0 ? 0 : 1 - digestBytesPerPeer / messageBytesPerPeer;
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  private Builder toBuilder() {
    return new Builder()
        .trace(trace)
        .traced(traced)
        .originFound(originFound)
        .ambiguous(ambiguous)
        .falseBranchesPerTrace(falseBranchesPerTrace)
        .expectedFalseBranches(expectedFalseBranches)
        .digestBytesPerPeer(digestBytesPerPeer)
        .messageBytesPerPeer(messageBytesPerPeer)
        .roguesForging(roguesForging)
        .roguesNamed(roguesNamed)
        .honestNamed(honestNamed)
        .filters(filters);
  }

  /** Builds a {@link TracebackStats} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private String trace;
    private int traced;
    private int originFound;
    private int ambiguous;
    private double falseBranchesPerTrace;
    private double expectedFalseBranches;
    private double digestBytesPerPeer;
    private double messageBytesPerPeer;
    private int roguesForging;
    private int roguesNamed;
    private int honestNamed;
    private Filters filters;

    private Builder() {
    }

    /** Sets {@link TracebackStats#trace()}. */
    public Builder trace(String value) {
      trace = value;
      return this;
    }

    /** Sets {@link TracebackStats#traced()}. */
    public Builder traced(int value) {
      traced = value;
      return this;
    }

    /** Sets {@link TracebackStats#originFound()}. */
    public Builder originFound(int value) {
      originFound = value;
      return this;
    }

    /** Sets {@link TracebackStats#ambiguous()}. */
    public Builder ambiguous(int value) {
      ambiguous = value;
      return this;
    }

    /** Sets {@link TracebackStats#falseBranchesPerTrace()}. */
    public Builder falseBranchesPerTrace(double value) {
      falseBranchesPerTrace = value;
      return this;
    }

    /** Sets {@link TracebackStats#expectedFalseBranches()}. */
    public Builder expectedFalseBranches(double value) {
      expectedFalseBranches = value;
      return this;
    }

    /** Sets {@link TracebackStats#digestBytesPerPeer()}. */
    public Builder digestBytesPerPeer(double value) {
      digestBytesPerPeer = value;
      return this;
    }

    /** Sets {@link TracebackStats#messageBytesPerPeer()}. */
    public Builder messageBytesPerPeer(double value) {
      messageBytesPerPeer = value;
      return this;
    }

    /** Sets {@link TracebackStats#roguesForging()}. */
    public Builder roguesForging(int value) {
      roguesForging = value;
      return this;
    }

    /** Sets {@link TracebackStats#roguesNamed()}. */
    public Builder roguesNamed(int value) {
      roguesNamed = value;
      return this;
    }

    /** Sets {@link TracebackStats#honestNamed()}. */
    public Builder honestNamed(int value) {
      honestNamed = value;
      return this;
    }

    /** Sets {@link TracebackStats#filters()}. */
    public Builder filters(Filters value) {
      filters = value;
      return this;
    }

    /** The record. */
    public TracebackStats build() {
      return new TracebackStats(trace, traced, originFound, ambiguous, falseBranchesPerTrace,
          expectedFalseBranches, digestBytesPerPeer, messageBytesPerPeer, roguesForging, roguesNamed,
          honestNamed, filters);
    }
  }
}
