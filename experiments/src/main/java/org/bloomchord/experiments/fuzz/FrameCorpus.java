package org.bloomchord.experiments.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor.FinalStep;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.JoinAccepted;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.PullRange;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.ReachCheck;
import org.bloomchord.chord.wire.ChordMessages.ReachResult;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationMessages.HolderAnswer;
import org.bloomchord.routing.location.LocationMessages.HolderProbe;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.LocateQuery;
import org.bloomchord.routing.location.LocationMessages.PointerAck;
import org.bloomchord.routing.location.LocationMessages.PointerHolders;
import org.bloomchord.routing.location.LocationMessages.PointerQuery;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationMessages.SummaryChanged;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.bloomchord.routing.location.LocationWire;
import org.bloomchord.routing.location.SummaryCoding;
import org.bloomchord.routing.location.VisitedPeers;
import org.bloomchord.routing.reconcile.BloomSummary;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.Iblt;
import org.bloomchord.routing.reconcile.IbltShape;
import org.bloomchord.routing.reconcile.MethodPlanner;
import org.bloomchord.routing.reconcile.RatelessEncoder;
import org.bloomchord.routing.reconcile.ReconcileMessages.ElementsReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.chord.merge.MergeMessages.MergeNews;
import org.bloomchord.chord.merge.MergeMessages.MergeFind;
import org.bloomchord.chord.merge.MergeMessages.MergeFound;
import org.bloomchord.chord.merge.MergeMessages.MergeIntro;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.routing.reconcile.StrataEstimator;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.bloomchord.routing.repair.RepairMessages.RangeRequest;
import org.bloomchord.routing.repair.RepairMessages.RepairDone;
import org.bloomchord.routing.repair.RepairWire;

/**
 * Well-formed messages of every type of every wire registry a peer of a full ring decodes (Chord,
 * location, reconciliation, repair), with seeded random contents: the seeds the fuzzer mutates.
 * {@link #registry} is the registry of such a peer, so a frame is decoded exactly as it would be on
 * arrival.
 */
public final class FrameCorpus {

  private final ChordConfig chord;
  private final LocationConfig location;
  private final IdRing ring;
  private final SplittableRandom random;

  private FrameCorpus(ChordConfig chord, LocationConfig location, long seed) {
    this.chord = chord;
    this.location = location;
    this.ring = new IdRing(chord.idBits());
    this.random = new SplittableRandom(seed);
  }

  /** The registry of a peer running Chord, location and reconciling repair with these settings. */
  public static WireRegistry registry(ChordConfig chord, LocationConfig location) {
    return RepairWire.register(LocationWire.register(ChordWire.registry(chord), location, chord), chord);
  }

  /**
   * {@code variants} messages of every registered type, different contents each time (small and
   * larger lists, present and absent optional fields), all drawn from {@code seed}.
   */
  public static List<Message> samples(ChordConfig chord, LocationConfig location, long seed, int variants) {
    FrameCorpus c = new FrameCorpus(chord, location, seed);
    List<Message> out = new ArrayList<>();
    for (int v = 0; v < variants; v++) {
      c.chordMessages(out, v);
      c.locationMessages(out, v);
      c.reconcileMessages(out, v);
    }
    return out;
  }

  private void chordMessages(List<Message> out, int v) {
    boolean some = v % 2 == 1;
    out.add(new Ack());
    out.add(new Ping());
    long lookupId = random.nextLong();
    long key = id();
    PeerRef origin = peer();
    out.add(new FindSuccessor(lookupId, key, origin, v, v / 2,
        some ? Optional.of(new FinalStep(v / 2, id())) : Optional.empty()));
    out.add(new LookupDone(random.nextLong(), some ? peer() : null, peers(v + 1), v, 0, v + 1));
    out.add(new NextHopQuery(id(), List.of(id(), id()).subList(0, v % 3 == 0 ? 0 : 2), some, some ? id() : 0));
    out.add(new NextHop(some, !some, peer(), peers(v)));
    out.add(new JoinNotify(true));
    out.add(new JoinNotify(false));
    out.add(new JoinedBefore(some));
    out.add(new JoinAccepted(some ? null : peer(), !some, peers(v + 1)));
    out.add(new PullRange(id()));
    out.add(new GetNeighbors(some ? peer() : null, some ? random.nextLong() : 0));
    out.add(new Neighbors(some ? null : peer(), peers(v + 2)));
    out.add(new Neighbors(some ? peer() : null, List.of(), true));
    out.add(new GetPredecessor());
    out.add(new GetPredecessor(true, id()));
    out.add(new Predecessor(some ? peer() : null, some ? peer() : null));
    out.add(Predecessor.fingerHolds());
    out.add(new GetFingers());
    out.add(new Fingers(peers(3 * v)));
    out.add(new Notify(some ? null : peer()));
    out.add(new SuccessorLeaving(peers(v + 1)));
    out.add(new SuccessorsChanged(peers(v + 1)));
    out.add(new FingerJoined(origin));
    out.add(new PredecessorLeaving(some ? null : peer()));
    out.add(new ReachCheck(origin));
    out.add(new ReachResult(some));
    List<StoredEntry> entries = new ArrayList<>();
    for (int i = 0; i <= 4 * v; i++) {
      entries.add(entry(i % 3 == 2));
    }
    out.add(new StoreTransfer(entries));
    out.add(new PutRequest(text("key", 12), some ? null : text("value", 40)));
    out.add(new PutReply(!some, some ? null : version(), v % 4));
    out.add(new GetRequest(text("key", 12)));
    out.add(new GetReply(some ? null : entry(false)));
    out.add(new MergeNews(random.nextLong(), peers(v + 1), id(), v));
    out.add(new MergeFind(id()));
    out.add(new MergeFound(peer(), peers(v + 1)));
    out.add(new MergeIntro());
  }

  private void locationMessages(List<Message> out, int v) {
    boolean some = v % 2 == 1;
    out.add(new SummaryRequest(random.nextLong()));
    BloomFilter[] levels = new BloomFilter[location.depth()];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = new BloomFilter(location.shape());
      for (int k = 0; k < (i + 1) * 10 * v; k++) {
        levels[i].add(random.nextLong());
      }
    }
    AttenuatedFilter summary = new AttenuatedFilter(levels);
    out.add(new SummaryReply(SummaryCoding.version(summary), SummaryCoding.encode(summary)));
    BloomFilter[] next = summary.levels();
    for (int k = 0; k < 5 * v; k++) {
      next[random.nextInt(next.length)].add(random.nextLong());
    }
    AttenuatedFilter changed = new AttenuatedFilter(next);
    out.add(new SummaryDelta(SummaryCoding.version(changed), SummaryCoding.delta(summary, changed)));
    PeerRef origin = peer();
    out.add(new LocateQuery(random.nextLong(), origin, text("obj", 8), v, v + 1, VisitedPeers.NONE.with(origin)));
    LocateOutcome outcome = LocateOutcome.values()[v % LocateOutcome.values().length];
    out.add(new LocateDone(random.nextLong(), outcome, some ? null : peer(), v, v + 1, some ? 0 : 1, v));
    out.add(new PointerUpdate(text("obj", 8), 1 + random.nextLong(location.leaseMs()), some));
    out.add(new PointerAck(some));
    out.add(new PointerQuery(text("obj", 8)));
    out.add(new PointerHolders(!some, peers(v)));
    out.add(new HolderProbe(text("obj", 8)));
    out.add(new HolderAnswer(some));
    out.add(new SummaryChanged(random.nextLong()));
  }

  private void reconcileMessages(List<Message> out, int v) {
    ElementShape shape = v % 3 == 2 ? new ElementShape(16) : ElementShape.KEY64;
    ElementSet set = ElementSet.random(shape, 5 + 20 * v, random);
    int e = shape.bytes();
    out.add(new SketchRequest(e, set.size(), MethodPlanner.sketch(set, 8)));
    out.add(new SketchReply(set.size(), MethodPlanner.sketch(set, 8)));
    FilterRequest filter = new FilterRequest(e, v % 2 == 0, 0.01, BloomSummary.of(set, 0.01).filter());
    out.add(filter);
    out.add(new SetRequest(v % 2 == 0, set));
    out.add(new ElementsReply(set, v % 2 == 0 ? null : BloomSummary.of(set, 0.05).filter()));
    StrataRequest strata = new StrataRequest(e, StrataEstimator.of(set, 4, 8));
    out.add(strata);
    IbltRequest iblt = new IbltRequest(e, 12 + v);
    out.add(iblt);
    out.add(new IbltReply(v, Iblt.of(new IbltShape(12 + 3 * v, 3, shape), set)));
    SymbolRequest symbols = new SymbolRequest(1 + v, e, 0, 4 + v);
    out.add(symbols);
    out.add(new SymbolReply(set.size(), new RatelessEncoder(set).next(4 + v)));
    long[] counts = new long[v % 2 == 0 ? 3 : 0];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = random.nextInt(set.size() + 1);
    }
    out.add(counts.length > 0
        ? SymbolOffer.first(1 + v, set.size(), v % 2 == 0, v % 3 == 0, new RatelessEncoder(set).next(4 + v), counts)
        : SymbolOffer.first(1 + v, set.size(), false, false, new RatelessEncoder(set).next(4 + v), counts));
    out.add(switch (v % 3) {
      case 0 -> OfferReply.more(4 + v, v, set.size(), v % 2 == 0 ? new long[] {0, v, set.size()} : new long[0]);
      case 1 -> OfferReply.decoded(set.size(), set, v % 2 == 0 ? set : null, v);
      default -> OfferReply.ended();
    });
    PushRequest push = new PushRequest(1 + v, set);
    out.add(push);
    out.add(new PushAck(v));
    long from = id();
    long to = id();
    Message[] inner = {symbols, filter, strata, iblt, push};
    out.add(new RangeRequest(1 + v, from, to, inner[v % inner.length]));
    long[] digests = new long[3 * v];
    for (int i = 0; i < digests.length; i++) {
      digests[i] = random.nextLong();
    }
    out.add(new EntryRequest(1 + v, digests));
    out.add(new RepairDone(1 + v));
  }

  private long id() {
    return random.nextLong() & ring.mask();
  }

  private PeerRef peer() {
    String address = "127.0.0.1:" + (1024 + random.nextInt(60_000));
    return new PeerRef(address, ring.hash(address));
  }

  private List<PeerRef> peers(int n) {
    List<PeerRef> out = new ArrayList<>();
    for (int i = 0; i < Math.min(n, chord.maxPeersPerMessage()); i++) {
      out.add(peer());
    }
    return out;
  }

  private Version version() {
    return new Version(random.nextLong(1, 1L << 50), id());
  }

  private StoredEntry entry(boolean tombstone) {
    return new StoredEntry(text("key", 12), version(), tombstone ? null : text("value", 40));
  }

  private String text(String prefix, int maxChars) {
    StringBuilder b = new StringBuilder(prefix);
    int n = random.nextInt(maxChars);
    for (int i = 0; i < n; i++) {
      b.append((char) ('a' + random.nextInt(26)));
    }
    if (random.nextInt(8) == 0) {
      b.append('\u00e9').append('\u4e2d');
    }
    return b.toString();
  }
}
