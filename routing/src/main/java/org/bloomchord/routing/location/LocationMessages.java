package org.bloomchord.routing.location;

import java.util.List;
import java.util.Objects;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The messages of the location layer, each an immutable record with a codec in
 * {@link LocationWire} (tags 64..74). Summaries carry their levels encoded, so the receiver
 * decodes and validates them itself whether or not a runtime decoded the frame.
 */
public final class LocationMessages {

  private LocationMessages() {
  }

  /** How one level of a summary travels. */
  public enum LevelCoding {
    /** The filter's words ({@code BloomFilter.toBytes}). */
    PLAIN,
    /** Entropy-coded ({@code CompressedBloom.encode}); decoded, no longer sent. */
    COMPRESSED,
    /**
     * The level's bits given the level below it in the same summary (an empty level below level
     * 1), the packed parts of {@code ConditionedBits}; sent when shorter than plain.
     */
    GIVEN_LOWER
  }

  /**
   * One level of a summary on the wire, with the number of elements it declares to hold (an upper
   * bound: level 1 counts the sender's objects, a higher level the sum of what its links
   * declared). A level of k probes per element holding {@code count} elements has at most
   * {@code count * k} set bits; more is impossible, and the receiver rejects it.
   */
  public record EncodedLevel(LevelCoding coding, byte[] bytes, int count) {

    public EncodedLevel {
      Objects.requireNonNull(coding, "coding");
      Objects.requireNonNull(bytes, "bytes");
      if (count < 0) {
        throw new IllegalArgumentException("count must not be negative, got " + count);
      }
    }
  }

  /**
   * Pull of a neighbour's summary; {@code knownVersion} is the version the asker holds (0: none).
   * On the wire it travels as its {@link #tag}: the serving peer compares tags, and the asker checks
   * the full version of whatever comes back, so a clash of tags costs a rejected answer, never a
   * wrong filter.
   */
  public record SummaryRequest(long knownVersion) implements Message {

    /** The 32 bits of a version that travel: 0 for 0, else the XOR of its halves, 1 if that is 0. */
    public static long tag(long version) {
      if (version == 0) {
        return 0;
      }
      long t = (version ^ (version >>> 32)) & 0xFFFF_FFFFL;
      return t == 0 ? 1 : t;
    }

    /** Whether {@code version} is the one this request names, as far as its tag tells. */
    public boolean names(long version) {
      return tag(version) == tag(knownVersion);
    }
  }

  /**
   * A summary, or "unchanged" when {@code levels} is empty (the asker's known version is current).
   *
   * @param version content hash of the summary; on the wire its {@link SummaryRequest#tag}, which
   *     the asker checks against the hash of what it decoded (or, for "unchanged", of what it holds)
   * @param levels d encoded levels, level 1 first, or none
   */
  public record SummaryReply(long version, List<EncodedLevel> levels) implements Message {

    public SummaryReply {
      levels = List.copyOf(levels);
    }

    /** Whether this reply only confirms the asker's version. */
    public boolean unchanged() {
      return levels.isEmpty();
    }
  }

  /**
   * The answer to a {@link SummaryRequest} when the summary changed since the version the request
   * named: for each level, level 1 first, the XOR of that version's level and the current one coded
   * given that version's level, and when shorter given the level below after the change too
   * ({@code SummaryCoding}), or no bytes when the level did not change. The asker applies it to the filter it holds under the version it named and keeps the
   * result only if its content hash is {@code version}, so what it stores is exactly the summary a
   * full pull would have given.
   *
   * @param version content hash of the summary after the changes; on the wire its {@link
   *     SummaryRequest#tag}, which the asker checks against the hash of what it rebuilt
   * @param levels d encoded changes, level 1 first
   * @param counts what to add to the element count each level of the base declares (see {@link
   *     EncodedLevel}) for the counts of the result, or null to keep the base's counts
   */
  public record SummaryDelta(long version, List<byte[]> levels, int[] counts) implements Message {

    public SummaryDelta {
      levels = List.copyOf(levels);
      counts = counts == null ? null : counts.clone();
    }

    /** A delta that keeps the base's element counts. */
    public SummaryDelta(long version, List<byte[]> levels) {
      this(version, levels, null);
    }

    /** Bytes of the encoded changes, all levels together. */
    public int encodedBytes() {
      int n = 0;
      for (byte[] l : levels) {
        n += l.length;
      }
      return n;
    }
  }

  /**
   * One-way notice from a peer whose summary changed to an asker that has not pulled it for a
   * while, sent only with backing-off pulls: the asker pulls it at once instead of at its next round.
   * It carries no filter content, so a false notice costs at most one pull.
   *
   * @param version content hash of the summary the receiver would now be sent
   */
  public record SummaryChanged(long version) implements Message {
  }

  /**
   * A query in its probabilistic phase, forwarded one-way from peer to peer.
   *
   * @param queryId the origin's id of the query
   * @param origin where the answer goes
   * @param key the object's key
   * @param budget further hops allowed after reaching the receiver
   * @param hops forwards so far, this one included
   * @param visited the peers the query passed through (Icarus header)
   */
  public record LocateQuery(long queryId, PeerRef origin, String key, int budget, int hops,
      VisitedPeers visited) implements Message {

    /** Query {@code queryId} for {@code key} at its {@code origin}, with the whole budget {@code depth}. */
    public static LocateQuery first(long queryId, PeerRef origin, String key, int depth) {
      return new LocateQuery(queryId, origin, key, depth, 0, VisitedPeers.NONE);
    }

    /** This query forwarded one hop with budget {@code budget} left, having {@code visited} the peers so far. */
    public LocateQuery forwarded(int budget, VisitedPeers visited) {
      return new LocateQuery(queryId, origin, key, budget, hops + 1, visited);
    }
  }

  /**
   * The answer of a forwarded query, sent straight to its origin; its fields are those of
   * {@link LocateResult} without the key and the latency, which the origin knows.
   */
  public record LocateDone(long queryId, LocateOutcome outcome, PeerRef holder, int probabilisticHops,
      int fallbackHops, int finalHops, int falsePositives) implements Message {

    /** The answer of a peer that holds the object, reached after {@code hops} forwards. */
    public static LocateDone heldBy(long queryId, PeerRef holder, int hops) {
      return new LocateDone(queryId, LocateOutcome.PROBABILISTIC, holder, hops, 0, 0, 0);
    }

    /**
     * The answer of a peer that ran the deterministic path after {@code hops} forwards, with its
     * resolution {@code r}, counting {@code falsePositives} (1 when that peer was reached in vain).
     */
    static LocateDone resolved(long queryId, PointerDirectory.Resolution r, int hops, int falsePositives) {
      return new LocateDone(queryId, r.outcome(), r.holder(), hops, r.fallbackHops(), r.finalHops(), falsePositives);
    }
  }

  /** A holder's lease on the pointer of {@code key}, sent to the pointer's primary. */
  public record PointerUpdate(String key, long leaseMs, boolean remove) implements Message {
  }

  /** The primary's answer: false when it is not (or no longer) responsible for the pointer key. */
  public record PointerAck(boolean responsible) implements Message {
  }

  /** Asks a replica of the pointer of {@code key} for the holders whose lease is current. */
  public record PointerQuery(String key) implements Message {
  }

  /** Holders with a current lease; {@code known} is false when the peer has no record at all. */
  public record PointerHolders(boolean known, List<PeerRef> holders) implements Message {

    public PointerHolders {
      holders = List.copyOf(holders);
    }
  }

  /** Asks a holder whether it really holds {@code key}. */
  public record HolderProbe(String key) implements Message {
  }

  /** The holder's answer. */
  public record HolderAnswer(boolean holds) implements Message {
  }
}
