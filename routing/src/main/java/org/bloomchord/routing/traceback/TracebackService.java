package org.bloomchord.routing.traceback;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.MessageObserver.Direction;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.traceback.AttackGraph.Link;
import org.bloomchord.routing.traceback.TracebackMessages.TraceAnswer;
import org.bloomchord.routing.traceback.TracebackMessages.TraceQuery;

/**
 * Traceback as a {@link ChordExtension} (after SPIE, Snoeren et al., SIGCOMM 2001). Every peer
 * records the digest ({@link MessageDigest}) of each request and one-way message it receives or
 * sends, with the link and direction, in its {@link DigestLog}. A victim that captured a message
 * traces it ({@link #trace}):
 *
 * <pre>
 *  victim: upstream = links L with (digest, received from L) in its own log
 *  for each (X, Y) to ask, X named by Y as the sender, each pair once per traceback (numbered):
 *    victim --TraceQuery(query, digest, interval, downstream Y)--> X
 *    victim <--TraceAnswer(sent to Y?, links X received it from, tested, fp rate)-- X
 *    sent, no upstream   -> X is a candidate origin (it sent the message it never received)
 *    sent, upstream U    -> link X->Y; ask each of U with downstream X
 *    not sent            -> Y's filter named X falsely: a false branch, pruned; when every
 *                           link Y named is pruned, Y is a candidate origin
 *    no answer/refused   -> X is a candidate origin (the trail ends at a peer that will not say)
 * </pre>
 *
 * A peer answers queries only from peers whose ring id is the hash of their address, at most
 * {@link TracebackConfig#queriesPerWindow} per asker and window; a traceback asks at most
 * {@value #MAX_QUERIES} peers. Digests last for the retention of {@link TracebackConfig}, so a
 * message is traced within it. All on the peer's thread.
 */
public final class TracebackService implements ChordExtension {

  /** Messages received lately kept as captured, for a user to pick one to trace. */
  public static final int CAPTURED = 64;

  /**
   * A message this peer received lately, as kept for tracing: its digest, type, the link it came
   * from and when.
   */
  public record Captured(long digest, String type, PeerRef from, long at) {
  }

  /**
   * What a peer holds for traceback: the messages it received lately, and the memory of its digest
   * windows against the bytes the same messages would take stored whole.
   *
   * @param captured the messages received lately, oldest first
   * @param usage the digest log's filters: their fill, retirements and the messages' invariant bytes
   */
  public record Snapshot(List<Captured> captured, DigestLog.Usage usage) {
    public Snapshot {
      captured = List.copyOf(captured);
    }

    /** Digests recorded in the windows kept. */
    public long entries() {
      return usage.entries();
    }

    /** Bytes of the windows' filters. */
    public long digestBytes() {
      return usage.filterBytes();
    }

    /** Encoded bytes of the messages those digests stand for. */
    public long messageBytes() {
      return usage.messageBytes();
    }
  }

  /** Most queries one traceback sends. */
  public static final int MAX_QUERIES = 256;
  private final TracebackConfig config;
  private final DigestLog log;
  private final Map<String, Integer> asked = new HashMap<>();
  private final Deque<Captured> captured = new ArrayDeque<>();
  private long quotaWindow = -1;
  private ChordHost peer;
  private long nextQuery;

  /** A traceback extension with the given settings. */
  public TracebackService(TracebackConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.log = new DigestLog(config);
  }

  /** A traceback extension with the default settings. */
  public TracebackService() {
    this(TracebackConfig.defaults());
  }

  @Override
  public void attach(ChordHost host) {
    this.peer = host;
    host.observeMessages((direction, link, message) -> {
      if (!(message instanceof TraceQuery) && !(message instanceof TraceAnswer)) {
        long digest = MessageDigest.of(message);
        long now = host.runtime().now();
        int bytes = host.runtime().sizeOf(message);
        log.record(direction, link, digest, bytes, Math.max(0, bytes - MessageDigest.variantBytes(message)), now);
        if (direction == Direction.RECEIVED) {
          if (captured.size() == CAPTURED) {
            captured.removeFirst();
          }
          captured.addLast(new Captured(digest, message.typeName(), link, now));
        }
      }
    });
    host.handleRequests(TraceQuery.class, (from, q) -> Future.succeededFuture(answer(from, q)));
  }

  /** The settings. */
  public TracebackConfig config() {
    return config;
  }

  /** What this peer holds for traceback now. */
  public Snapshot snapshot() {
    if (peer != null) {
      log.advance(peer.runtime().now());
    }
    return new Snapshot(captured(), log.usage());
  }

  /** The messages received lately, oldest first (at most {@value #CAPTURED}). */
  public List<Captured> captured() {
    return List.copyOf(captured);
  }

  /** This peer's digest log (read on the peer's thread). */
  public DigestLog log() {
    return log;
  }

  /** Answers one query from {@code from}; throws MalformedMessageException when it is refused. */
  TraceAnswer answer(PeerRef from, TraceQuery q) {
    if (peer.ring().hash(from.address()) != from.id()) {
      peer.runtime().metrics().increment(RoutingCounter.REFUSED_TRACEBACK_QUERIES, 1);
      throw new MalformedMessageException("traceback query from a peer whose id is not its address' hash");
    }
    long window = peer.runtime().now() / config.windowMs();
    if (window != quotaWindow) {
      asked.clear();
      quotaWindow = window;
    }
    int n = asked.merge(from.address(), 1, Integer::sum);
    if (n > config.queriesPerWindow() || asked.size() > 4 * config.maxLinksPerWindow()) {
      peer.runtime().metrics().increment(RoutingCounter.REFUSED_TRACEBACK_QUERIES, 1);
      throw new MalformedMessageException(from.address() + " is over its traceback quota");
    }
    boolean sent = log.holds(Direction.SENT, q.downstream(), q.digest(), q.from(), q.to());
    List<PeerRef> candidates = log.links(q.from(), q.to());
    List<PeerRef> upstream = new ArrayList<>();
    if (sent) {
      for (PeerRef l : candidates) {
        if (upstream.size() < TracebackMessages.MAX_UPSTREAM && log.holds(Direction.RECEIVED, l, q.digest(), q.from(), q.to())) {
          upstream.add(l);
        }
      }
    }
    return new TraceAnswer(q.query(), sent, upstream, sent ? candidates.size() : 1, log.windowsIn(q.from(), q.to()),
        log.falsePositiveRate(q.from(), q.to()));
  }

  /**
   * Traces {@code captured}, a message this peer received, back to its candidate origins through
   * the digests of the last retention period.
   */
  public Future<AttackGraph> trace(Message captured) {
    return trace(MessageDigest.of(captured));
  }

  /**
   * Traces the message of {@code digest} (see {@link MessageDigest}), as {@link #trace(Message)}:
   * from the time it was received when it is among the messages received lately ({@link #captured}),
   * else over the whole retention.
   */
  public Future<AttackGraph> trace(long digest) {
    Captured last = null;
    for (Captured c : captured) {
      last = c.digest() == digest ? c : last;
    }
    return trace(digest, last == null ? Long.MIN_VALUE : last.at());
  }

  /**
   * Traces the message of {@code digest}, received by this peer at {@code receivedAt}. As SPIE asks
   * each router for the digest tables of the time the packet passed, the walk looks only at the
   * filters overlapping [receivedAt - {@link TracebackConfig#windowMs}, now]: the message passed
   * its upstream peers within one window length before it arrived here. Fewer filters looked at
   * means fewer false positives per link tested. {@code Long.MIN_VALUE}: the whole retention.
   */
  public Future<AttackGraph> trace(long digest, long receivedAt) {
    long now = peer.runtime().now();
    long oldest = log.oldest(now);
    long from = receivedAt == Long.MIN_VALUE ? oldest : Math.max(oldest, Math.min(now, receivedAt - config.windowMs()));
    long query = (peer.runtime().random().nextLong() & Long.MAX_VALUE) ^ nextQuery++;
    Walk walk = new Walk(digest, from, now, query);
    List<PeerRef> candidates = log.links(from, now);
    double fp = log.falsePositiveRate(from, now);
    walk.peers.add(peer.self());
    int found = 0;
    for (PeerRef l : candidates) {
      if (log.holds(Direction.RECEIVED, l, digest, from, now)) {
        walk.enqueue(l, peer.self());
        found++;
      }
    }
    walk.expected += (candidates.size() - found) * fp;
    walk.pump();
    return walk.done.future();
  }

  /** One traceback in progress: a breadth-first walk from the victim. */
  private final class Walk {
    final long digest;
    final long from;
    final long to;
    final long query;
    final Promise<AttackGraph> done = Promise.promise();
    final Deque<Link> pending = new ArrayDeque<>();
    final Set<String> visited = new HashSet<>();
    final List<PeerRef> peers = new ArrayList<>();
    final Set<String> peerNames = new HashSet<>();
    final List<Link> links = new ArrayList<>();
    final List<PeerRef> origins = new ArrayList<>();
    int queries;
    int inFlight;
    int falseBranches;
    double expected;

    Walk(long digest, long from, long to, long query) {
      this.digest = digest;
      this.from = from;
      this.to = to;
      this.query = query;
      peerNames.add(peer.self().address());
    }

    /** Per peer that named upstream links: those not yet confirmed or denied. */
    final Map<String, Integer> upstreamLeft = new HashMap<>();
    /** Peers with at least one upstream link confirmed (or ending at a peer that did not answer). */
    final Set<String> confirmedUpstream = new HashSet<>();

    /** Queues asking {@code sender} whether it sent the message to {@code receiver}, once per pair. */
    void enqueue(PeerRef sender, PeerRef receiver) {
      if (visited.add(sender.address() + ">" + receiver.address())) {
        pending.add(new Link(sender, receiver));
        upstreamLeft.merge(receiver.address(), 1, Integer::sum);
      }
    }

    /**
     * The upstream link {@code l} was denied: when every link its receiver named was denied, the
     * receiver's own filter named them falsely, and the receiver is where the message started.
     */
    void denied(Link l) {
      String to = l.to().address();
      int left = upstreamLeft.merge(to, -1, Integer::sum);
      if (left == 0 && !confirmedUpstream.contains(to) && !to.equals(peer.self().address())) {
        addOrigin(l.to());
      }
    }

    void pump() {
      while (!pending.isEmpty() && queries < MAX_QUERIES) {
        Link l = pending.poll();
        queries++;
        inFlight++;
        peer.runtime().request(l.from(), new TraceQuery(query, digest, from, to, l.to()), peer.config().requestTimeoutMs())
            .onComplete(ar -> {
              inFlight--;
              if (ar.succeeded() && ar.result() instanceof TraceAnswer a && a.query() == query) {
                take(l, a);
              } else {
                // the trail ends at a peer that does not answer: it is where the message came from
                confirmedUpstream.add(l.to().address());
                addPeer(l.from());
                links.add(l);
                addOrigin(l.from());
              }
              pump();
            });
      }
      if (inFlight == 0 && !done.future().isComplete()) {
        done.complete(new AttackGraph(digest, peers, links, origins, queries, falseBranches, expected));
      }
    }

    void take(Link l, TraceAnswer a) {
      if (!a.sent()) {
        falseBranches++;
        denied(l);
        return;
      }
      confirmedUpstream.add(l.to().address());
      addPeer(l.from());
      links.add(l);
      expected += Math.max(0, a.tested() - a.upstream().size()) * a.falsePositiveRate();
      if (a.upstream().isEmpty()) {
        addOrigin(l.from());
      }
      for (PeerRef u : a.upstream()) {
        enqueue(u, l.from());
      }
    }

    void addPeer(PeerRef p) {
      if (peerNames.add(p.address())) {
        peers.add(p);
      }
    }

    void addOrigin(PeerRef p) {
      if (origins.stream().noneMatch(o -> o.address().equals(p.address()))) {
        origins.add(p);
      }
    }
  }
}
