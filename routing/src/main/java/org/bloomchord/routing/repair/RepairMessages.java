package org.bloomchord.routing.repair;

import java.util.Objects;
import org.bloomchord.overlay.Message;
import org.bloomchord.routing.reconcile.ReconcileMessages;

/**
 * The messages of replica repair between a primary A (the initiator) and a replica B. Wire
 * encodings in {@link RepairWire}. A conversation is one repair of one range, named by A with an
 * id in 1..{@link ReconcileMessages#MAX_SESSION}; B keys it by (A, id).
 *
 * <pre>
 *  A --RangeRequest(conv, from, to, reconcile request)--> B --reconcile reply--> A   (per round)
 *  A --EntryRequest(conv, digests)--> B --StoreTransfer(B's current entries)--> A   (per chunk)
 *  A --StoreTransfer(A's entries B lacks)--> B --Ack--> A                           (per chunk)
 *  A --RepairDone(conv)--> B                                                        (one-way)
 * </pre>
 */
public final class RepairMessages {

  private RepairMessages() {
  }

  /**
   * A -> B: one request of the reconciliation ({@code inner}, a {@link ReconcileMessages} request)
   * about the digests of B's entries whose key ids lie in (from, to]; the first one opens the
   * conversation. B answers with the inner request's reply.
   */
  public record RangeRequest(long conversation, long from, long to, Message inner) implements Message {
    public RangeRequest {
      Objects.requireNonNull(inner, "inner");
      checkConversation(conversation);
    }
  }

  /** A -> B: send me your current entries of the keys with these digests (unknown ones are skipped). */
  public record EntryRequest(long conversation, long[] digests) implements Message {
    public EntryRequest {
      Objects.requireNonNull(digests, "digests");
      checkConversation(conversation);
    }
  }

  /** A -> B, one-way: the conversation is over; B drops its digests. */
  public record RepairDone(long conversation) implements Message {
    public RepairDone {
      checkConversation(conversation);
    }
  }

  static void checkConversation(long c) {
    if (c < 1 || c > ReconcileMessages.MAX_SESSION) {
      throw new IllegalArgumentException("conversation id out of range: " + c);
    }
  }
}
