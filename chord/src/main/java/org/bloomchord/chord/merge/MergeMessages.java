package org.bloomchord.chord.merge;

import java.util.List;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/** The messages of ring unification; codecs in {@link MergeWire}, bounds in {@code MessageBounds}. */
public final class MergeMessages {

  private MergeMessages() {
  }

  /**
   * One-way news that another ring exists: the receiver joins itself into it through one of
   * {@code contacts} and tells the peers its mode names next.
   *
   * @param epoch the merge's identifier, drawn by the peer that noticed it
   * @param contacts peers of the other ring, 1..maxPeersPerMessage
   * @param limit the end of the arc (receiver, limit) the receiver covers in broadcast mode, and
   *     the id at which successor-to-successor forwarding stops
   * @param hops forwarding steps so far (at most maxHops, as a loop guard)
   */
  public record MergeNews(long epoch, List<PeerRef> contacts, long limit, int hops) implements Message {
    public MergeNews {
      contacts = List.copyOf(contacts);
    }
  }

  /** Asks a peer of another ring for the successor of {@code key} in its ring; answered by {@link MergeFound}. */
  public record MergeFind(long key) implements Message {
  }

  /**
   * The successor of the key in the answering peer's ring, and its successor list (null and empty
   * when the lookup failed).
   */
  public record MergeFound(PeerRef successor, List<PeerRef> successors) implements Message {
    public MergeFound {
      successors = List.copyOf(successors);
    }
  }

  /**
   * One-way: the sender, a peer of another ring, may be the receiver's successor. The receiver
   * offers the sender (as the transport names it, nothing the message claims) to its successor list.
   */
  public record MergeIntro() implements Message {
  }
}
