package org.bloomchord.routing.location;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.Links;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;

/**
 * Soft-state maintenance of one peer's link filters, by pull, with changed summaries sent as their
 * changes.
 *
 * <p>Every {@code refreshMs} (with the Chord jitter) the peer asks each current link for its
 * summary, naming the version it holds; the link answers "unchanged" (a version, no levels), the
 * changes since that version ({@link SummaryDelta}), or the whole summary built for this asker
 * ({@link LinkFilters#summaryFor}, so what came from the asker is left out), each level in its
 * shorter coding. A new link is pulled at once when the Chord tables change. Filters of links that
 * left the tables are dropped at once; those of links that time out are dropped too, and any filter
 * not refreshed for {@code filterExpiryMs} expires.
 *
 * <p>A reply is stored only if it decodes to d levels of the configured shape and its content hash
 * equals the announced version; an "unchanged" reply must name the version held. Anything else is
 * rejected and counted, and the previous filter (if any) is left to expire.
 *
 * <p><b>Deltas.</b> The serving peer remembers, per asker (at most {@value #MAX_ASKERS}, least
 * recently served first out, none for longer than {@value #RETAIN_EXPIRIES} filter expiry periods),
 * the last summary it sent it; askers that get the same content share one copy. When an asker names
 * that version and the summary changed since, the answer is a {@link SummaryDelta}: per level the
 * XOR of the two versions, its set bits Golomb-coded, sent only when shorter than the whole summary.
 * The asker XORs it into the filter it holds under the version it named and stores the result only
 * if its content hash is the announced version: exactly the filter a full pull would have given.
 * A delta that does not rebuild the announced version is rejected and counted; one whose base the
 * asker dropped while the pull was in flight is ignored, and the next pull names no version.
 *
 * <p>An asker keeps the filters of links that left its tables or timed out for the same time (at
 * most {@value #MAX_RETIRED}), never to route with, only as a base: when such a peer becomes a link
 * again, the first pull names the retired version and gets the changes since, or "unchanged".
 */
final class SummaryExchange {

  /** Most askers whose last summary a peer remembers to answer them with deltas. */
  static final int MAX_ASKERS = 256;
  /** Most filters of former links an asker keeps as delta bases. */
  static final int MAX_RETIRED = 32;
  /** How many filter expiry periods a served summary or a retired filter is kept. */
  static final int RETAIN_EXPIRIES = 4;

  /** The summary last sent to one asker. */
  private record Served(long version, AttenuatedFilter summary, long at) {
  }

  private final LocationService service;
  private final Map<String, Served> served = bounded(MAX_ASKERS);
  private final Map<String, LinkFilters.Entry> retired = bounded(MAX_RETIRED);
  private final Set<PeerRef> inFlight = new HashSet<>();
  private Set<PeerRef> current = Set.of();
  private Cancellable timer;
  private long rounds;
  private int quiet;
  private boolean changed;

  SummaryExchange(LocationService service) {
    this.service = service;
  }

  private static <V> Map<String, V> bounded(int max) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > max;
      }
    };
  }

  void start() {
    timer = service.runtime().every(service.config().refreshMs(), service.peer().config().jitter(), this::round);
  }

  void stop() {
    if (timer != null) {
      timer.cancel();
    }
  }

  long rounds() {
    return rounds;
  }

  int quietRounds() {
    return quiet;
  }

  void onLinksChanged(Links links) {
    setLinks(links.distinct());
    for (PeerRef l : current) {
      if (service.filters().entry(l) == null) {
        pull(l);
      }
    }
  }

  private void round() {
    if (!service.active()) {
      return;
    }
    if (rounds > 0) {
      quiet = changed ? 0 : quiet + 1;
    }
    changed = false;
    rounds++;
    setLinks(service.peer().links().distinct());
    long before = service.runtime().now() - service.config().filterExpiryMs();
    if (service.filters().expire(before) > 0) {
      changed = true;
    }
    long retain = service.runtime().now() - RETAIN_EXPIRIES * service.config().filterExpiryMs();
    served.values().removeIf(s -> s.at < retain);
    retired.values().removeIf(e -> e.updatedAt() < retain);
    for (PeerRef l : current) {
      pull(l);
    }
  }

  private void setLinks(List<PeerRef> links) {
    current = new LinkedHashSet<>(links);
    for (PeerRef l : List.copyOf(service.filters().links())) {
      if (!current.contains(l)) {
        retire(l);
      }
    }
    if (service.filters().retain(current) > 0) {
      changed = true;
    }
  }

  private void retire(PeerRef link) {
    LinkFilters.Entry e = service.filters().entry(link);
    if (e != null) {
      retired.put(link.address(), e);
    }
  }

  /** The filter to name in a pull of {@code link}: the stored one, else a retired one, else none. */
  private LinkFilters.Entry base(PeerRef link) {
    LinkFilters.Entry e = service.filters().entry(link);
    return e != null ? e : retired.get(link.address());
  }

  private void pull(PeerRef link) {
    if (!inFlight.add(link)) {
      return;
    }
    LinkFilters.Entry base = base(link);
    long known = base == null ? 0 : base.version();
    service.runtime().request(link, new SummaryRequest(known), service.peer().config().requestTimeoutMs())
        .onComplete(ar -> {
          inFlight.remove(link);
          if (service.active()) {
            accept(link, known, ar);
          }
        });
  }

  private void accept(PeerRef link, long known, AsyncResult<Message> ar) {
    if (ar.failed()) {
      if (ar.cause() instanceof MalformedMessageException) {
        service.countRejection();
      } else if (ar.cause() instanceof RequestTimeoutException) {
        retire(link);
        service.filters().remove(link);
        changed = true;
      }
      return;
    }
    if (!current.contains(link)) {
      return;
    }
    try {
      if (ar.result() instanceof SummaryReply reply) {
        store(link, known, reply);
      } else if (ar.result() instanceof SummaryDelta delta) {
        apply(link, known, delta);
      } else {
        throw new MalformedMessageException("expected a summary, got " + ar.result().typeName());
      }
    } catch (MalformedMessageException e) {
      service.countRejection();
    }
  }

  private void store(PeerRef link, long known, SummaryReply reply) {
    long now = service.runtime().now();
    if (reply.unchanged()) {
      if (known == 0 || reply.version() != known) {
        throw new MalformedMessageException("\"unchanged\" for a version not asked about");
      }
      if (service.filters().knownVersion(link) == known) {
        service.filters().touch(link, now);
      } else {
        LinkFilters.Entry base = base(link);
        if (base != null && base.version() == known) {
          admit(link, base.filter(), known, now);
        }
      }
      return;
    }
    LocationConfig c = service.config();
    AttenuatedFilter f = SummaryCoding.decode(reply.levels(), c.depth(), c.shape());
    if (SummaryCoding.version(f) != reply.version()) {
      throw new MalformedMessageException("summary version does not match its content");
    }
    admit(link, f, reply.version(), now);
  }

  private void apply(PeerRef link, long known, SummaryDelta delta) {
    if (known == 0) {
      throw new MalformedMessageException("delta for a pull that named no version");
    }
    LinkFilters.Entry base = base(link);
    if (base == null || base.version() != known) {
      // the base was dropped while the pull was in flight: the next pull asks for the whole summary
      return;
    }
    AttenuatedFilter f = SummaryCoding.applyDelta(base.filter(), delta.levels());
    if (SummaryCoding.version(f) != delta.version()) {
      throw new MalformedMessageException("delta does not rebuild the announced version");
    }
    admit(link, f, delta.version(), service.runtime().now());
  }

  /** Stores a summary that decoded exactly and matched its version, from a full reply or a delta. */
  private void admit(PeerRef link, AttenuatedFilter f, long version, long now) {
    retired.remove(link.address());
    service.filters().update(link, f, version, now);
    changed = true;
  }

  /**
   * Serves a neighbour's pull: "unchanged" when it holds the current version, the changes when it
   * holds the version last sent to it and they are shorter, else the whole summary.
   */
  Future<Message> onRequest(PeerRef asker, SummaryRequest request) {
    AttenuatedFilter summary = service.filters().summaryFor(service.localFilter(), asker);
    long version = SummaryCoding.version(summary);
    long known = request.knownVersion();
    Served last = served.get(asker.address());
    served.put(asker.address(), new Served(version, shared(version, summary), service.runtime().now()));
    if (version == known) {
      return Future.succeededFuture(new SummaryReply(version, List.of()));
    }
    List<EncodedLevel> full = SummaryCoding.encode(summary);
    if (known != 0 && last != null && last.version == known) {
      SummaryDelta delta = new SummaryDelta(version, SummaryCoding.delta(last.summary, summary));
      if (delta.encodedBytes() < SummaryCoding.encodedBytes(full)) {
        return Future.succeededFuture(delta);
      }
    }
    return Future.succeededFuture(new SummaryReply(version, full));
  }

  /** The copy of this content already remembered for another asker, if any, else {@code summary}. */
  private AttenuatedFilter shared(long version, AttenuatedFilter summary) {
    for (Served s : served.values()) {
      if (s.version == version) {
        return s.summary;
      }
    }
    return summary;
  }
}
