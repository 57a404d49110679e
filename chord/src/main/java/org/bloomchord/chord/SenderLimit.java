package org.bloomchord.chord;

import org.bloomchord.overlay.PeerRef;

/**
 * What one peer admits from each sender before any handler runs: {@link Admission} charges every
 * message to it and rejects the message when it says no. Two kinds exist: the exact per-sender
 * token buckets ({@link SenderQuota}, {@link #EXACT}, the default), capped at
 * {@link ChordLimits#maxSenders} and evicting the sender heard from longest ago; and a counting
 * filter of fixed memory in {@code routing.heavy} (a flood cycling through more identities than the
 * cap finds no fresh bucket there). The peer picks one through {@link ChordLimits#senderLimit}.
 * Invariant of every implementation: its memory is bounded independently of the number of senders.
 * Not thread-safe; owned by one peer and called on its context only.
 */
public interface SenderLimit {

  /** What a charge decided. */
  enum Verdict {
    /** Admitted. */
    ACCEPTED,
    /** Over the sender's message limit ({@code trust.quota.requests}). */
    TOO_MANY,
    /** Over the sender's byte limit ({@code trust.quota.bytes}). */
    TOO_LARGE
  }

  /** Makes the limit of one peer. */
  @FunctionalInterface
  interface Factory {
    /**
     * The limit of a peer whose limits are {@code limits}.
     *
     * @param evicted told of every sender whose state was dropped to keep the bound
     *     ({@code trust.evicted.senders})
     */
    SenderLimit create(ChordLimits limits, Runnable evicted);
  }

  /** Exact token buckets per sender ({@link SenderQuota}): what every peer uses unless configured otherwise. */
  Factory EXACT = SenderQuota::new;

  /** Whether any limit is on (when not, {@link #charge} is not called). */
  boolean enabled();

  /** Whether the byte limit is on (the caller then measures each message). */
  boolean countsBytes();

  /** Charges one message of {@code size} bytes (0 unless {@link #countsBytes}) from {@code from} at {@code now} ms. */
  Verdict charge(PeerRef from, int size, long now);

  /** Senders whose state is kept one by one (0 for a limit that keeps none). */
  int senders();
}
