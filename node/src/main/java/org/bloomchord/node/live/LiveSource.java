package org.bloomchord.node.live;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.bloomchord.node.LookupTrace;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeStats;
import org.bloomchord.node.PeerView;

/**
 * What the live view reads and acts on: the peers running now, the state of one of them, a feed of
 * changes (peers joining and departing, paths of lookups and locates), counters the charts turn
 * into rates, and the actions the page offers (add a peer, crash one, look up a key). A node
 * ({@link NodeLiveSource}) and a scenario run ({@code bloomchord run --live}) implement it.
 *
 * <p>Synchronous methods are called on a Vert.x thread and must not block; the futures complete on
 * any thread. An action the source does not offer fails with {@link Unsupported}, whose sentence the
 * page shows.
 */
public interface LiveSource {

  /** What the page says about the source and which actions it offers. */
  Info info();

  /** The peers running now (name and ring id). */
  List<Peer> peers();

  /** Cumulative counters; the stream turns them into per-second rates. */
  Stats stats();

  /** Registers the listener of changes; called on any thread, must not block. */
  void listen(Listener listener);

  /** The named peer's state: successors, fingers, link filters. */
  Future<PeerView> peer(String name);

  /** Looks up {@code key} from the named peer (null: any) and traces its path. */
  Future<LookupTrace> lookup(String from, String key);

  /** Adds one peer; completes with its name. */
  Future<String> addPeer();

  /** Crashes the named peer. */
  Future<Void> crash(String name);

  /**
   * The page's heading and the actions it offers.
   *
   * @param title what runs (e.g. "node", "run quickstart")
   * @param runtime the runtime label
   * @param canAdd whether {@link #addPeer} works
   * @param canCrash whether {@link #crash} works
   * @param canLookup whether {@link #lookup} works
   * @param note one sentence the page shows next to the buttons (what they do to this source), or null
   */
  record Info(String title, String runtime, boolean canAdd, boolean canCrash, boolean canLookup, String note) {
  }

  /**
   * A running peer.
   *
   * @param name its name (address)
   * @param id its ring id, unsigned decimal
   */
  record Peer(String name, String id) {
  }

  /**
   * Counters since the source started.
   *
   * @param peers peers running now
   * @param lookups lookups completed
   * @param failed lookups failed
   * @param hopSum hops of the answered lookups
   * @param answered lookups answered (with hops)
   * @param bytes bytes the peers sent
   */
  record Stats(int peers, long lookups, long failed, long hopSum, long answered, long bytes) {

    /** No counter yet. */
    public static final Stats ZERO = new Stats(0, 0, 0, 0, 0, 0);

    /** The counters of {@code node} now. */
    public static Stats of(Node node) {
      NodeStats s = node.stats();
      return new Stats(node.peerNames().size(), s.lookups(), s.lookupsFailed(), s.hops(),
          s.lookups() - s.lookupsFailed(), node.traffic().bytes());
    }

    /**
     * The {@code stats} event's rates since {@code last}, {@code seconds} ago: {@code timeMs},
     * {@code peers}, {@code lookupsPerSecond}, {@code failuresPerSecond}, {@code meanHops} (null
     * when none was answered) and {@code bytesPerPeerPerSecond}.
     */
    public JsonObject ratesSince(Stats last, double seconds, long nowMs) {
      long answeredSince = answered - last.answered;
      return new JsonObject().put("timeMs", nowMs).put("peers", peers)
          .put("lookupsPerSecond", (lookups - last.lookups) / seconds)
          .put("failuresPerSecond", (failed - last.failed) / seconds)
          .put("meanHops", answeredSince > 0 ? (double) (hopSum - last.hopSum) / answeredSince : null)
          .put("bytesPerPeerPerSecond", peers == 0 ? 0 : (bytes - last.bytes) / seconds / peers);
    }
  }

  /**
   * A change of membership.
   *
   * @param kind JOINED, LEFT, CRASHED, or DEPARTED (left or crashed, the source cannot tell)
   * @param name the peer
   * @param id its ring id, unsigned decimal
   */
  record PeerChange(String kind, String name, String id) {
  }

  /**
   * The path of an operation, origin first.
   *
   * @param kind "lookup" or "locate"
   * @param key the key or object name
   * @param path peer names from the origin to the last peer reached
   * @param outcome the outcome, in the source's words
   */
  record PathSeen(String kind, String key, List<String> path, String outcome) {
  }

  /** Receives a source's changes. */
  interface Listener {

    /** A peer joined or departed. */
    void peer(PeerChange change);

    /** An operation's path (sources sample them when there are many). */
    void path(PathSeen path);
  }

  /** An action this source does not offer; its message is one sentence for the page. */
  final class Unsupported extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The action refused, with the reason. */
    public Unsupported(String message) {
      super(message);
    }
  }
}
