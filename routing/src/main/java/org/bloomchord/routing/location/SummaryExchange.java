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
import org.bloomchord.overlay.BackoffTimer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.SummaryChanged;
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
 * has the announced version's tag ({@link SummaryRequest#tag}: replies, like requests and deltas,
 * carry 4 bytes of the version); an "unchanged" reply must name the version held. Anything else is
 * rejected and counted, and the previous filter (if any) is left to expire.
 *
 * <p><b>Deltas.</b> The serving peer remembers, per asker (at most {@value #MAX_ASKERS}, least
 * recently served first out, none for longer than {@value #RETAIN_EXPIRIES} filter expiry periods),
 * the last summary it sent it, in its wire coding; askers that get the same content share one copy. When an asker names
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
 *
 * <p><b>Backing off.</b> With adaptive Chord maintenance ({@link
 * org.bloomchord.chord.ChordConfig#adaptive()}) the rounds back off like the maintenance: a round
 * that starts after a quiet one (no link filter stored, dropped or expired since the round before)
 * comes 1.2x later than the last, up to refreshMs times the larger of the maintenance ceiling
 * factors times {@value #NOTICED_CEILING_FACTOR}, and any change brings the next round back to
 * refreshMs. Changes are then announced rather than waited for: a peer whose summary inputs
 * changed sends, one refreshMs later (changes in between go out together), a {@link SummaryChanged}
 * to every asker it served that has not pulled for {@value #NOTICE_AFTER_FLOORS} refreshMs but still
 * pulls it, and whose summary is no longer the one it was sent; the asker pulls that link at once,
 * if it is a current link, not holding that version and not pulled within refreshMs. Under churn
 * most askers pull within a few refreshMs, so few notices go out; on an idle ring each link is
 * pulled once per ceiling as a safety net for a lost notice, and a new object reaches the filters
 * of its holder's links within refreshMs and a round trip, then one level further per notice.
 * Filters then expire, and served summaries and retired filters are kept, for {@link #expiryMs()}:
 * three ceilings, so a filter pulled just before the rounds returned to refreshMs does not expire
 * before its next pull.
 *
 * <p>Longer than most classes because both sides of the pull live here: the versions an asker
 * names and the summaries and deltas a server keeps for them are one protocol, and the retired
 * filters, the expiry and the back-off all act on the same per-link state.
 */
final class SummaryExchange {

  /** Most askers whose last summary a peer remembers to answer them with deltas. */
  static final int MAX_ASKERS = 256;
  /** Most filters of former links an asker keeps as delta bases. */
  static final int MAX_RETIRED = 32;
  /** How many filter expiry periods a served summary or a retired filter is kept. */
  static final int RETAIN_EXPIRIES = 4;
  /**
   * How much further than the maintenance ceilings' factor backing-off pulls go: changes are
   * announced ({@link SummaryChanged}), so the rounds are only a safety net.
   */
  static final int NOTICED_CEILING_FACTOR = 32;
  /** For how many refreshMs an asker must not have pulled before a change is announced to it. */
  static final int NOTICE_AFTER_FLOORS = 4;

  /**
   * A summary kept as a delta base, in its wire coding (about a third of its words): the last one
   * sent to an asker, or the filter of a former link; with when, {@link
   * LocationService#summaryInputs} when it was computed (-1 for a former link's), the asker or the
   * former link, and for an asker the time between its last two pulls (0 after its first).
   */
  private record Kept(long version, List<EncodedLevel> levels, long at, long inputs, PeerRef peer, long gap) {
  }

  private final LocationService service;
  private final Map<String, Kept> served = bounded(MAX_ASKERS);
  private final Map<String, Kept> retired = bounded(MAX_RETIRED);
  private final Set<PeerRef> inFlight = new HashSet<>();
  private Set<PeerRef> current = Set.of();
  private Cancellable timer;
  /** The backing-off rounds' timer, null with a fixed period. */
  private BackoffTimer backoff;
  /** The pending announcement of a change to idle askers, or null. */
  private Cancellable notice;
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
    long floor = service.config().refreshMs();
    long ceiling = ceilingMs();
    double jitter = service.peer().config().jitter();
    if (ceiling > floor) {
      backoff = new BackoffTimer(service.runtime(), floor, ceiling, jitter, this::backedOffRound);
      backoff.start(false);
    } else {
      timer = service.runtime().every(floor, jitter, this::round);
    }
  }

  /** A round of the backing-off pulls: longer after a quiet round (nothing changed since the last began). */
  private void backedOffRound() {
    backoff.backOff(rounds > 0 && !changed);
    round();
    backoff.scheduleNext();
  }

  /**
   * The longest interval between rounds: refreshMs with fixed Chord periods, else refreshMs times
   * the larger maintenance ceiling factor times {@value #NOTICED_CEILING_FACTOR}.
   */
  long ceilingMs() {
    long floor = service.config().refreshMs();
    long backedOff = service.peer().config().backedOff(floor);
    if (backedOff <= floor) {
      return floor;
    }
    // bounded so that the expiry and the retention (three and twelve ceilings) stay within a long
    long cap = Long.MAX_VALUE / 16;
    return backedOff < cap / NOTICED_CEILING_FACTOR ? backedOff * NOTICED_CEILING_FACTOR : cap;
  }

  /** How long a filter lives without a pull, and a served summary or retired filter is kept. */
  long expiryMs() {
    long expiry = service.config().filterExpiryMs();
    return backoff != null ? Math.max(expiry, 3 * ceilingMs()) : expiry;
  }

  /** The current interval between rounds, in milliseconds. */
  long intervalMs() {
    return backoff != null ? backoff.interval() : service.config().refreshMs();
  }

  /**
   * A link filter was stored, dropped or expired: remembered for the next round, and with backing-off
   * rounds the next one comes within refreshMs, so a change spreads at the floor's pace.
   */
  private void markChanged() {
    changed = true;
    if (backoff != null) {
      backoff.toFloor();
      inputsChanged();
    }
  }

  /**
   * What this peer's summaries are made of changed (a link filter, or its own objects): with
   * backing-off rounds, idle askers are told one refreshMs later ({@link #announce}).
   */
  void inputsChanged() {
    if (backoff != null && notice == null) {
      notice = service.runtime().after(service.config().refreshMs(), this::announce);
    }
  }

  /**
   * Sends {@link SummaryChanged} to every asker served that has not pulled for {@value
   * #NOTICE_AFTER_FLOORS} refreshMs but still pulls (no more than twice the time between its last
   * two pulls has passed, which its 1.2x growth and jitter stay within), and whose summary is no
   * longer the one last sent to it. An asker that stopped pulling (this peer is no longer its link)
   * is not told.
   */
  private void announce() {
    notice = null;
    if (!service.active()) {
      return;
    }
    long inputs = service.summaryInputs();
    long idleSince = service.runtime().now() - NOTICE_AFTER_FLOORS * service.config().refreshMs();
    for (Kept k : List.copyOf(served.values())) {
      if (k.inputs == inputs || k.at > idleSince || service.runtime().now() - k.at > 2 * k.gap) {
        continue;
      }
      long version = SummaryCoding.version(service.filters().summaryFor(service.localFilter(), k.peer));
      if (version != k.version) {
        service.runtime().send(k.peer, new SummaryChanged(version));
      }
    }
  }

  /**
   * A link announced a changed summary: pulled at once if it is a current link, its filter here is
   * not that version and it was not stored or confirmed within refreshMs; otherwise ignored.
   */
  void onChanged(PeerRef from, SummaryChanged m) {
    if (backoff == null || !service.active() || !current.contains(from)) {
      return;
    }
    LinkFilters.Entry e = service.filters().entry(from);
    if (e != null && (e.version() == m.version()
        || service.runtime().now() - e.updatedAt() < service.config().refreshMs())) {
      return;
    }
    pull(from);
  }

  void stop() {
    if (notice != null) {
      notice.cancel();
      notice = null;
    }
    if (backoff != null) {
      backoff.cancel();
    }
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
    long before = service.runtime().now() - expiryMs();
    if (service.filters().expire(before) > 0) {
      markChanged();
    }
    long retain = service.runtime().now() - RETAIN_EXPIRIES * expiryMs();
    served.values().removeIf(s -> s.at < retain);
    retired.values().removeIf(e -> e.at < retain);
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
      markChanged();
    }
  }

  private void retire(PeerRef link) {
    LinkFilters.Entry e = service.filters().entry(link);
    if (e != null) {
      retired.put(link.address(),
          new Kept(e.version(), SummaryCoding.encode(e.filter(), e.counts()), e.updatedAt(), -1, link, 0));
    }
  }

  /** The version to name in a pull of {@code link}: the stored filter's, else a retired one's, else 0. */
  private long known(PeerRef link) {
    LinkFilters.Entry e = service.filters().entry(link);
    if (e != null) {
      return e.version();
    }
    Kept r = retired.get(link.address());
    return r == null ? 0 : r.version;
  }

  /** A filter held for a link under some version, and the element counts its levels declared. */
  private record Held(AttenuatedFilter filter, int[] counts) {
  }

  /** What is held under version {@code known} for {@code link} (stored or retired), or null. */
  private Held held(PeerRef link, long known) {
    LinkFilters.Entry e = service.filters().entry(link);
    if (e != null) {
      return e.version() == known ? new Held(e.filter(), e.counts()) : null;
    }
    Kept r = retired.get(link.address());
    return r == null || r.version != known ? null : new Held(decode(r.levels), SummaryCoding.counts(r.levels));
  }

  private AttenuatedFilter decode(List<EncodedLevel> levels) {
    return SummaryCoding.decode(levels, service.config().depth(), service.config().shape());
  }

  private void pull(PeerRef link) {
    if (inFlight.contains(link)) {
      return;
    }
    if (inFlight.size() >= service.config().maxSummaryPulls()) {
      service.runtime().metrics().increment(RoutingCounter.REFUSED_SUMMARY_PULLS, 1);
      return;
    }
    inFlight.add(link);
    long known = known(link);
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
        markChanged();
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
      if (known == 0 || SummaryRequest.tag(reply.version()) != SummaryRequest.tag(known)) {
        throw new MalformedMessageException("\"unchanged\" for a version not asked about");
      }
      if (service.filters().knownVersion(link) == known) {
        service.filters().touch(link, now);
      } else {
        Held former = held(link, known);
        if (former != null) {
          admit(link, former.filter(), known, now, former.counts());
        }
      }
      return;
    }
    LocationConfig c = service.config();
    AttenuatedFilter f = SummaryCoding.decode(reply.levels(), c.depth(), c.shape());
    long version = SummaryCoding.version(f);
    if (SummaryRequest.tag(version) != SummaryRequest.tag(reply.version())) {
      throw new MalformedMessageException("summary version does not match its content");
    }
    admit(link, f, version, now, SummaryCoding.counts(reply.levels()));
  }

  private void apply(PeerRef link, long known, SummaryDelta delta) {
    if (known == 0) {
      throw new MalformedMessageException("delta for a pull that named no version");
    }
    Held base = held(link, known);
    if (base == null) {
      // the base was dropped while the pull was in flight: the next pull asks for the whole summary
      return;
    }
    int[] counts = SummaryCoding.withCountChanges(base.counts(), delta.counts());
    AttenuatedFilter f = SummaryCoding.applyDelta(base.filter(), delta.levels());
    long version = SummaryCoding.version(f);
    if (SummaryRequest.tag(version) != SummaryRequest.tag(delta.version())) {
      throw new MalformedMessageException("delta does not rebuild the announced version");
    }
    admit(link, f, version, service.runtime().now(), counts);
  }

  /**
   * Stores a summary that decoded exactly and matched its version, from a full reply or a delta,
   * once no level has more set bits than its declared count allows ({@link SummaryCoding#checkFill}).
   */
  private void admit(PeerRef link, AttenuatedFilter f, long version, long now, int[] counts) {
    try {
      SummaryCoding.checkFill(f, counts);
    } catch (SummaryCoding.ImpossibleFillException e) {
      service.runtime().metrics().increment(RoutingCounter.REJECTED_SUMMARY_FILL, 1);
      throw e;
    }
    retired.remove(link.address());
    service.filters().update(link, f, version, now, counts);
    markChanged();
  }

  /**
   * Serves a neighbour's pull: "unchanged" when it holds the current version, the changes when it
   * holds the version last sent to it and they are shorter, else the whole summary.
   */
  Future<Message> onRequest(PeerRef asker, SummaryRequest request) {
    long now = service.runtime().now();
    long inputs = service.summaryInputs();
    Kept last = served.get(asker.address());
    long gap = last == null ? 0 : now - last.at;
    if (last != null && last.inputs == inputs) {
      // nothing this peer's summaries are made of changed since the last one sent to this asker, so
      // the summary is that one: answered without computing the union again
      served.put(asker.address(), new Kept(last.version, last.levels, now, inputs, asker, gap));
      return Future.succeededFuture(request.names(last.version) ? new SummaryReply(last.version, List.of())
          : new SummaryReply(last.version, last.levels));
    }
    AttenuatedFilter summary = service.filters().summaryFor(service.localFilter(), asker);
    long version = SummaryCoding.version(summary);
    if (request.names(version)) {
      served.put(asker.address(), last != null && last.version == version
          ? new Kept(version, last.levels, now, inputs, asker, gap)
          : new Kept(version, shared(version, summary), now, inputs, asker, gap));
      return Future.succeededFuture(new SummaryReply(version, List.of()));
    }
    List<EncodedLevel> full = shared(version, summary);
    served.put(asker.address(), new Kept(version, full, now, inputs, asker, gap));
    if (request.knownVersion() != 0 && last != null && request.names(last.version)) {
      SummaryDelta delta = new SummaryDelta(version, SummaryCoding.delta(last.levels, full, summary),
          SummaryCoding.countChanges(SummaryCoding.counts(last.levels), SummaryCoding.counts(full)));
      if (delta.encodedBytes() < SummaryCoding.encodedBytes(full)) {
        return Future.succeededFuture(delta);
      }
    }
    return Future.succeededFuture(new SummaryReply(version, full));
  }

  /** The coding of {@code summary}: the one already kept for another asker, if any, else a new one. */
  private List<EncodedLevel> shared(long version, AttenuatedFilter summary) {
    for (Kept k : served.values()) {
      if (k.version == version) {
        return k.levels;
      }
    }
    // counts over every link, the asker's included: an upper bound for any asker, so one coding
    // of a version serves them all; encode raises level 1 to what its bits need
    return SummaryCoding.encode(summary, service.filters().countsFor(service.heldCount(), null));
  }
}
