package org.bloomchord.chord.finger;

/** What became of a peer offered as a closer successor ({@link RoutingTable#offerSuccessor}). */
public enum SuccessorOffer {
  /** It lies between the owner and the successor (or the owner was alone): it is the successor now. */
  TAKEN,
  /** It is the owner itself or currently suspected: the list is unchanged. */
  UNUSABLE,
  /** It is already listed or does not lie before the current successor: the list is unchanged. */
  NOT_CLOSER;

  /** Whether the successor list changed. */
  public boolean taken() {
    return this == TAKEN;
  }
}
