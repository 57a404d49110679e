package org.bloomchord.routing.similar;

import org.bloomchord.overlay.Message;
import org.bloomchord.routing.minhash.MinHashSketch;

/** The messages of appends to band buckets at their owner ({@link BucketAppends}). */
public final class BucketMessages {

  private BucketMessages() {
  }

  /** How one append went at the bucket's owner. */
  public enum AppendOutcome {
    /** The entry is in the bucket and the bucket's write was acknowledged. */
    STORED,
    /** The bucket holds {@link SignatureBucket#MAX_ENTRIES} other documents; left as it was. */
    FULL,
    /** The stored value is not a well-formed bucket; refused, left as it was. */
    MALFORMED,
    /** The owner has too many appends waiting; nothing was changed (the caller may retry). */
    BUSY,
    /** The key is not a band bucket's; nothing was changed. */
    REFUSED,
    /** The bucket's read or write failed (or the request did not reach the owner); the caller may retry. */
    FAILED,
    /**
     * The peer asked is not the key's owner by its own links (the key is outside (predecessor,
     * self]): the lookup that chose it was out of date; nothing was changed, the caller may retry.
     */
    NOT_OWNER;

    /** Whether trying again may succeed. */
    public boolean retryable() {
      return this == BUSY || this == FAILED || this == NOT_OWNER;
    }
  }

  /** Publisher to the owner of {@code key}: add (id, sketch) to the bucket under {@code key}. */
  public record Append(String key, String id, MinHashSketch sketch) implements Message {
    @Override
    public String typeName() {
      return "SimilarAppend";
    }
  }

  /** The owner's answer to an {@link Append}, sent once the bucket's write is settled. */
  public record AppendReply(AppendOutcome outcome) implements Message {
    @Override
    public String typeName() {
      return "SimilarAppendReply";
    }
  }
}
