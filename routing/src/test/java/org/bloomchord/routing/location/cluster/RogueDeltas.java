package org.bloomchord.routing.location.cluster;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.overlay.Message;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.bloomchord.routing.location.SummaryCoding;

/**
 * A neighbour whose first answer is a well-formed summary ({@link #summary}) and whose later ones
 * are deltas against it that its askers must reject, in turn: one level too many, a damaged code,
 * and changes whose announced version is not what they rebuild.
 */
final class RogueDeltas implements ChordExtension {

  private final AttenuatedFilter summary;
  private final AttenuatedFilter other;
  private int answered;

  RogueDeltas(LocationConfig config) {
    BloomFilter[] levels = new BloomFilter[config.depth()];
    BloomFilter[] changed = new BloomFilter[config.depth()];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = new BloomFilter(config.shape());
      for (long k = 0; k < 20 * (i + 1); k++) {
        levels[i].add(k);
      }
      changed[i] = levels[i].copy();
      for (long k = 1000; k < 1030; k++) {
        changed[i].add(k);
      }
    }
    this.summary = new AttenuatedFilter(levels);
    this.other = new AttenuatedFilter(changed);
  }

  /** The one summary an asker may store for this peer. */
  AttenuatedFilter summary() {
    return summary;
  }

  @Override
  public void attach(ChordHost peer) {
    peer.handleRequests(SummaryRequest.class, (from, m) -> Future.succeededFuture(reply(m)));
  }

  private Message reply(SummaryRequest request) {
    long version = SummaryCoding.version(summary);
    if (!request.names(version)) {
      return new SummaryReply(version, SummaryCoding.encode(summary));
    }
    List<byte[]> delta = new ArrayList<>(SummaryCoding.delta(summary, other));
    switch (answered++ % 3) {
      case 0 -> {
        delta.add(delta.get(0));
        return new SummaryDelta(SummaryCoding.version(other), delta);
      }
      case 1 -> {
        byte[] damaged = delta.get(1).clone();
        damaged[damaged.length - 1] ^= 0x5A;
        delta.set(1, damaged);
        return new SummaryDelta(SummaryCoding.version(other), delta);
      }
      default -> {
        return new SummaryDelta(SummaryCoding.version(other) + 1, delta);
      }
    }
  }
}
