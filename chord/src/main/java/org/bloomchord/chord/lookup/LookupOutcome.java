package org.bloomchord.chord.lookup;

/** How a lookup ended. */
public enum LookupOutcome {
  /** A peer named the key's successor. */
  FOUND,
  /** No answer reached the origin within the lookup timeout. */
  TIMED_OUT,
  /** The lookup gave up: no usable next hop, or the hop limit was reached. */
  FAILED,
  /** The origin stopped (left or crashed) before an answer arrived: nobody is left to receive it. */
  ORIGIN_STOPPED
}
