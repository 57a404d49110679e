package org.bloomchord.routing.traceback;

import java.util.List;
import java.util.Objects;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/** The messages of traceback; their wire encodings are in {@link TracebackWire}. */
public final class TracebackMessages {

  /** Most upstream links one answer names. */
  public static final int MAX_UPSTREAM = 64;

  private TracebackMessages() {
  }

  /**
   * Victim -> peer X: "did you send the message of {@code digest} to {@code downstream} between
   * {@code from} and {@code to}, and from which of your links did you receive it?". {@code query}
   * numbers the traceback, so a peer asked twice in one traceback (a loop) is not asked again.
   */
  public record TraceQuery(long query, long digest, long from, long to, PeerRef downstream) implements Message {
    public TraceQuery {
      Objects.requireNonNull(downstream, "downstream");
      if (to < from) {
        throw new IllegalArgumentException("empty interval " + from + ".." + to);
      }
    }
  }

  /**
   * X -> victim: whether X sent the message to the downstream peer, the links X received it from
   * (empty: X originated it, or never had it), and what the answer rests on: the candidate links X
   * tested, the filters it looked in, and the probability {@code falsePositiveRate} that one link
   * tests positive although the message never came from it (from each filter's entries, see
   * {@link DigestLog#falsePositiveRate}); each link tested is that chance of a false branch.
   */
  public record TraceAnswer(long query, boolean sent, List<PeerRef> upstream, int tested, int windows,
      double falsePositiveRate) implements Message {
    public TraceAnswer {
      upstream = List.copyOf(upstream);
      if (!(falsePositiveRate >= 0 && falsePositiveRate <= 1)) {
        throw new IllegalArgumentException("falsePositiveRate must be in [0, 1]: " + falsePositiveRate);
      }
    }
  }
}
