package org.bloomchord.routing.join;

import java.util.List;
import org.bloomchord.overlay.Message;
import org.bloomchord.routing.bloom.BloomFilter;

/**
 * The messages of the semi-join exchange: between two peers ({@link SemiJoinService}) and with the
 * owners of a relation partitioned over the ring ({@link StoredRelation}); every request is answered
 * by a {@link TuplesReply}.
 */
public final class JoinMessages {

  private JoinMessages() {
  }

  /** R's peer to S's peer: a Bloom filter of R's join column; asks for S's tuples whose b it may hold. */
  public record FilterRequest(BloomFilter filter) implements Message {
    @Override
    public String typeName() {
      return "JoinFilterRequest";
    }
  }

  /** R's peer to S's peer: R's distinct join values; asks for S's tuples whose b is among them. */
  public record ColumnRequest(long[] values) implements Message {
    @Override
    public String typeName() {
      return "JoinColumnRequest";
    }
  }

  /** R's peer to S's peer: asks for the whole of S. */
  public record WholeRequest() implements Message {
    @Override
    public String typeName() {
      return "JoinWholeRequest";
    }
  }

  /** S's peer's answer: tuples (b, c) of S. */
  public record TuplesReply(List<Tuple> tuples) implements Message {
    @Override
    public String typeName() {
      return "JoinTuplesReply";
    }
  }

  /**
   * A loader to the owner of the tuples' join values: store these tuples of S in your part. The
   * reply holds the tuples refused (outside the owner's range, or the part is full); empty when all
   * were stored.
   */
  public record PartInsert(List<Tuple> tuples) implements Message {
    @Override
    public String typeName() {
      return "JoinPartInsert";
    }
  }

  /** R's peer to an owner of a part of S: a Bloom filter of R's join values in the owner's range. */
  public record PartFilterRequest(BloomFilter filter) implements Message {
    @Override
    public String typeName() {
      return "JoinPartFilterRequest";
    }
  }

  /** R's peer to an owner of a part of S: R's distinct join values in the owner's range. */
  public record PartColumnRequest(long[] values) implements Message {
    @Override
    public String typeName() {
      return "JoinPartColumnRequest";
    }
  }

  /** R's peer to an owner of a part of S: asks for the whole part. */
  public record PartWholeRequest() implements Message {
    @Override
    public String typeName() {
      return "JoinPartWholeRequest";
    }
  }
}
