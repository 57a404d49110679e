package org.bloomchord.routing.join;

import java.util.List;
import org.bloomchord.overlay.Message;
import org.bloomchord.routing.bloom.BloomFilter;

/** The messages of the semi-join exchange. */
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
}
