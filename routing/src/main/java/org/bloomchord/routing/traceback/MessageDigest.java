package org.bloomchord.routing.traceback;

import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.hash.Murmur3;

/**
 * The 64-bit digest of a message over the fields that do not change from hop to hop, as the
 * source notes ask of traceback ("fields of the header that change on the way must be ignored"):
 * for a forwarded lookup ({@link FindSuccessor}) its id, key and origin, not its hop and timeout
 * counts; for a lookup's answer its id and the successor and list it names, not its counts; for
 * any other message (sent point to point, never forwarded) its type and all its record components. The
 * digest is the same at every peer the message passes, on both runtimes.
 */
public final class MessageDigest {

  private MessageDigest() {
  }

  /** The digest of {@code m}. */
  public static long of(Message m) {
    String invariant;
    if (m instanceof FindSuccessor f) {
      invariant = "FindSuccessor|" + f.lookupId() + "|" + f.key() + "|" + f.origin();
    } else if (m instanceof LookupDone d) {
      invariant = "LookupDone|" + d.lookupId() + "|" + d.successor() + "|" + d.successors();
    } else {
      // records print their components by value (numbers, strings, peers, lists of them)
      invariant = m.typeName() + "|" + m;
    }
    return Murmur3.hash128(invariant).h1();
  }

  /**
   * The encoded bytes of {@code m}'s fields that the digest leaves out, as its wire encoding writes
   * them: a forwarded lookup's hop, timeout and final-step varints and the final step's bound; a
   * lookup answer's three count varints; 0 for any other message. The encoded size less this is
   * the message's invariant part, the counterpart of the header bytes SPIE digests.
   */
  public static int variantBytes(Message m) {
    if (m instanceof FindSuccessor f) {
      int step = f.finalStep().map(s -> s.predecessorHops() + 1).orElse(0);
      return WireWriter.varLongSize(f.hops()) + WireWriter.varLongSize(f.timeouts()) + WireWriter.varLongSize(step)
          + (f.finalStep().isPresent() ? Long.BYTES : 0);
    }
    if (m instanceof LookupDone d) {
      return WireWriter.varLongSize(d.hops()) + WireWriter.varLongSize(d.timeouts())
          + WireWriter.varLongSize(d.ownerHops());
    }
    return 0;
  }
}
