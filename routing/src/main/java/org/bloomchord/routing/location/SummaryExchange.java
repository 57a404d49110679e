package org.bloomchord.routing.location;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.Links;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;

/**
 * Soft-state maintenance of one peer's link filters, by pull.
 *
 * <p>Every {@code refreshMs} (with the Chord jitter) the peer asks each current link for its
 * summary, naming the version it holds; the link answers "unchanged" (a version, no levels) or the
 * summary built for this asker ({@link LinkFilters#summaryFor}, so what came from the asker is left
 * out), each level in its shorter coding. A new link is pulled at once when the Chord tables
 * change. Filters of links that left the tables are dropped at once; those of links that time out
 * are dropped too, and any filter not refreshed for {@code filterExpiryMs} expires.
 *
 * <p>A reply is stored only if it decodes to d levels of the configured shape and its content hash
 * equals the announced version; an "unchanged" reply must name the version held. Anything else is
 * rejected and counted, and the previous filter (if any) is left to expire.
 */
final class SummaryExchange {

  /** Counter of summaries rejected because a level has more set bits than its declared count allows. */
  static final String REJECTED_FILL = "trust.rejected.summaryFill";
  /** Counter of pulls put off because {@code maxSummaryPulls} were in flight. */
  static final String REFUSED_PULLS = "trust.refused.summaryPulls";

  private final LocationService service;
  private final Set<PeerRef> inFlight = new HashSet<>();
  private Set<PeerRef> current = Set.of();
  private Cancellable timer;
  private long rounds;
  private int quiet;
  private boolean changed;

  SummaryExchange(LocationService service) {
    this.service = service;
  }

  void start() {
    timer = service.runtime().every(service.config().refreshMs(), service.peer().config().jitter(), this::round);
  }

  void stop() {
    if (timer != null) {
      timer.cancel();
    }
  }

  int inFlight() {
    return inFlight.size();
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
    if (service.filters().expire(service.runtime().now() - service.config().filterExpiryMs()) > 0) {
      changed = true;
    }
    for (PeerRef l : current) {
      pull(l);
    }
  }

  private void setLinks(List<PeerRef> links) {
    current = new LinkedHashSet<>(links);
    if (service.filters().retain(current) > 0) {
      changed = true;
    }
  }

  private void pull(PeerRef link) {
    if (inFlight.contains(link)) {
      return;
    }
    if (inFlight.size() >= service.config().maxSummaryPulls()) {
      service.runtime().metrics().increment(REFUSED_PULLS, 1);
      return;
    }
    inFlight.add(link);
    long known = service.filters().knownVersion(link);
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
        service.filters().remove(link);
        changed = true;
      }
      return;
    }
    if (!current.contains(link)) {
      return;
    }
    try {
      if (!(ar.result() instanceof SummaryReply reply)) {
        throw new MalformedMessageException("expected a summary, got " + ar.result().typeName());
      }
      store(link, known, reply);
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
      }
      return;
    }
    LocationConfig c = service.config();
    AttenuatedFilter f = SummaryCoding.decode(reply.levels(), c.depth(), c.shape());
    if (SummaryCoding.version(f) != reply.version()) {
      throw new MalformedMessageException("summary version does not match its content");
    }
    int[] counts = SummaryCoding.counts(reply.levels());
    try {
      SummaryCoding.checkFill(f, counts);
    } catch (SummaryCoding.ImpossibleFillException e) {
      service.runtime().metrics().increment(REJECTED_FILL, 1);
      throw e;
    }
    service.filters().update(link, f, reply.version(), now, counts);
    changed = true;
  }

  /** Serves a neighbour's pull: "unchanged" when it holds the current version, else the summary. */
  Future<Message> onRequest(PeerRef asker, SummaryRequest request) {
    AttenuatedFilter summary = service.filters().summaryFor(service.localFilter(), asker);
    long version = SummaryCoding.version(summary);
    if (version == request.knownVersion()) {
      return Future.succeededFuture(new SummaryReply(version, List.of()));
    }
    int local = Math.max(service.heldCount(), SummaryCoding.minimalCount(summary.level(1)));
    int[] counts = service.filters().countsFor(local, asker);
    return Future.succeededFuture(new SummaryReply(version, SummaryCoding.encode(summary, counts)));
  }
}
