package org.bloomchord.routing.cache;

import java.util.List;
import java.util.Objects;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The messages of the cooperative cache ({@link CacheWire} encodes them). A request names its object
 * by an {@link ObjectName} (a URL or a number, by the group's {@link ObjectNaming}); an answer names
 * it by its key only (the runtime pairs answers with requests). A summary is the plain bits of the owner's directory filter, whole (plain or
 * compressed) or as the bits changed since the version before.
 */
public final class CacheMessages {

  private CacheMessages() {
  }

  /** What a member answers to a query. */
  public enum Verdict {
    /** The member holds the object. */
    HIT,
    /** The member does not hold it. */
    MISS,
    /** The member does not hold it but did when it sent its last summary: the asker's summary is stale. */
    MISS_STALE
  }

  /** How the bits of a {@link SummaryUpdate} travel. */
  public enum Coding {
    /** The whole filter, its words as they are. */
    PLAIN,
    /** The whole filter, entropy-coded ({@code CompressedBloom}). */
    COMPRESSED,
    /** The positions of the bits that changed since {@code baseVersion} ({@code SparseBits}). */
    DELTA
  }

  /** ICP or summary query (request): does the member hold {@code object}? */
  public record CacheQuery(ObjectName object) implements Message {
    public CacheQuery {
      Objects.requireNonNull(object, "object");
    }
  }

  /** The answer to a {@link CacheQuery}. */
  public record CacheAnswer(Verdict verdict) implements Message {
    public CacheAnswer {
      Objects.requireNonNull(verdict, "verdict");
    }
  }

  /** Asks a member for the object itself (request). */
  public record CacheFetch(ObjectName object) implements Message {
    public CacheFetch {
      Objects.requireNonNull(object, "object");
    }
  }

  /**
   * The object (the answer to a {@link CacheFetch}, named by its key): its size in bytes, or {@code present} false
   * when the member no longer holds it. The catalogue's objects are synthetic, so the body is not
   * carried; its size is what the transfer metrics add.
   */
  public record CacheObject(long object, boolean present, int size) implements Message {
  }

  /**
   * A member's summary (one-way push after its cache changed by the update threshold, or the reply
   * to a {@link SummaryPull}).
   *
   * @param version the summary's version, counting from 1
   * @param baseVersion for {@link Coding#DELTA}, the version the changes apply to; else 0
   * @param entries the objects the summary holds (for the false-positive estimate)
   * @param coding how {@code bits} encode the filter
   * @param bits the encoding
   */
  public record SummaryUpdate(long version, long baseVersion, int entries, Coding coding, byte[] bits)
      implements Message {
    public SummaryUpdate {
      Objects.requireNonNull(coding, "coding");
      Objects.requireNonNull(bits, "bits");
    }

    /** A whole summary of {@code version}. */
    public static SummaryUpdate whole(long version, int entries, Coding coding, byte[] bits) {
      return new SummaryUpdate(version, 0, entries, coding, bits);
    }

    /** The changes from {@code baseVersion} to {@code version}. */
    public static SummaryUpdate delta(long version, long baseVersion, int entries, byte[] bits) {
      return new SummaryUpdate(version, baseVersion, entries, Coding.DELTA, bits);
    }
  }

  /** Asks a member for its whole summary (request; the reply is a whole {@link SummaryUpdate}). */
  public record SummaryPull(long knownVersion) implements Message {
  }

  /** Tells the object's directory owner that the sender now holds it ({@code add}) or no longer does (one-way). */
  public record HolderUpdate(ObjectName object, boolean add) implements Message {
    public HolderUpdate {
      Objects.requireNonNull(object, "object");
    }
  }

  /** Asks the object's directory owner for its holders (request). */
  public record HolderQuery(ObjectName object) implements Message {
    public HolderQuery {
      Objects.requireNonNull(object, "object");
    }
  }

  /** The holders the owner knows of the object of key {@code object}, newest first (the answer to a {@link HolderQuery}). */
  public record HolderList(long object, List<PeerRef> holders) implements Message {
    public HolderList {
      holders = List.copyOf(holders);
    }
  }
}
