package org.bloomchord.node;

import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.routing.location.LocateResult;

/**
 * Counters of the operations run through a {@link Node}, safe to update from any thread: what the
 * node's metrics and live charts report. Hop counts follow the project's convention (forwarding
 * messages from the origin to the peer that answered).
 */
public final class NodeStats {

  /** Upper bound of the hop histogram; longer paths fall in the last bucket. */
  public static final int MAX_HOPS_BUCKET = 64;

  private final LongAdder lookups = new LongAdder();
  private final LongAdder lookupsFailed = new LongAdder();
  private final LongAdder hops = new LongAdder();
  private final LongAdder timeouts = new LongAdder();
  private final LongAdder[] hopHistogram = new LongAdder[MAX_HOPS_BUCKET + 1];
  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAdder writesFailed = new LongAdder();
  private final LongAdder locates = new LongAdder();
  private final LongAdder locatesFound = new LongAdder();

  NodeStats() {
    for (int i = 0; i < hopHistogram.length; i++) {
      hopHistogram[i] = new LongAdder();
    }
  }

  void lookup(LookupResult r) {
    lookups.increment();
    timeouts.add(r.timeouts());
    if (r.found()) {
      hops.add(r.hops());
      hopHistogram[Math.min(r.hops(), MAX_HOPS_BUCKET)].increment();
    } else {
      lookupsFailed.increment();
    }
  }

  void read(ReadResult r) {
    reads.increment();
  }

  void write(WriteResult r) {
    writes.increment();
    if (!r.stored()) {
      writesFailed.increment();
    }
  }

  void locate(LocateResult r) {
    locates.increment();
    if (r.holder() != null) {
      locatesFound.increment();
    }
  }

  /** Lookups completed (found or not). */
  public long lookups() {
    return lookups.sum();
  }

  /** Lookups that found no successor. */
  public long lookupsFailed() {
    return lookupsFailed.sum();
  }

  /** Sum of the hops of the successful lookups. */
  public long hops() {
    return hops.sum();
  }

  /** Next hops that timed out during lookups. */
  public long timeouts() {
    return timeouts.sum();
  }

  /** Successful lookups that took exactly {@code h} hops ({@value #MAX_HOPS_BUCKET}: at least). */
  public long lookupsWithHops(int h) {
    return hopHistogram[Math.min(Math.max(h, 0), MAX_HOPS_BUCKET)].sum();
  }

  /** Gets completed. */
  public long reads() {
    return reads.sum();
  }

  /** Puts and deletes completed. */
  public long writes() {
    return writes.sum();
  }

  /** Puts and deletes not stored on a quorum. */
  public long writesFailed() {
    return writesFailed.sum();
  }

  /** Locates completed. */
  public long locates() {
    return locates.sum();
  }

  /** Locates that named a holder. */
  public long locatesFound() {
    return locatesFound.sum();
  }
}
