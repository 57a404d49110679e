package org.bloomchord.routing.traceback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.bloomchord.routing.join.JoinMessages.ColumnRequest;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.junit.jupiter.api.Test;

/**
 * A message's digest depends on its content only: two messages built apart with equal arrays
 * inside have the same digest (an identity hash of the array would make the digest, and with it
 * the false positives of a traceback, differ from run to run), and a changed element changes it.
 */
class MessageDigestTest {

  @Test
  void messagesWithEqualArraysHaveTheSameDigestAndADifferentElementChangesIt() {
    assertEquals(MessageDigest.of(new EntryRequest(9, new long[] {1, 2, 3})),
        MessageDigest.of(new EntryRequest(9, new long[] {1, 2, 3})));
    assertNotEquals(MessageDigest.of(new EntryRequest(9, new long[] {1, 2, 3})),
        MessageDigest.of(new EntryRequest(9, new long[] {1, 2, 4})));

    assertEquals(MessageDigest.of(OfferReply.more(5, 7, 11, new long[] {4, 5})),
        MessageDigest.of(OfferReply.more(5, 7, 11, new long[] {4, 5})));
    assertNotEquals(MessageDigest.of(OfferReply.more(5, 7, 11, new long[] {4, 5})),
        MessageDigest.of(OfferReply.more(5, 7, 11, new long[] {4, 6})));

    assertEquals(MessageDigest.of(new ColumnRequest(new long[] {8})), MessageDigest.of(new ColumnRequest(new long[] {8})));

    SummaryDelta delta = new SummaryDelta(3, List.of(new byte[] {1, 2}), new int[] {2});
    assertEquals(MessageDigest.of(delta),
        MessageDigest.of(new SummaryDelta(3, List.of(new byte[] {1, 2}), new int[] {2})));
    assertNotEquals(MessageDigest.of(delta),
        MessageDigest.of(new SummaryDelta(3, List.of(new byte[] {1, 3}), new int[] {2})));
  }

  /**
   * A class of its own inside a message (a set of elements) is written by its fields: two sets of
   * the same size but other elements give different digests (its toString names only the size).
   */
  @Test
  void aSetOfElementsIsDigestedByItsElementsNotItsSize() {
    assertEquals(MessageDigest.of(OfferReply.decoded(10, ElementSet.ofKeys(1, 2), null, 0)),
        MessageDigest.of(OfferReply.decoded(10, ElementSet.ofKeys(1, 2), null, 0)));
    assertNotEquals(MessageDigest.of(OfferReply.decoded(10, ElementSet.ofKeys(1, 2), null, 0)),
        MessageDigest.of(OfferReply.decoded(10, ElementSet.ofKeys(1, 3), null, 0)));
  }

  /** Records are written component by component, arrays element by element, in every JVM alike. */
  @Test
  void theInvariantTextWritesArraysAndRecordsByValue() {
    assertEquals("EntryRequest[conversation=9, digests=[1, 2]]",
        MessageDigest.invariant(new EntryRequest(9, new long[] {1, 2})));
  }
}
