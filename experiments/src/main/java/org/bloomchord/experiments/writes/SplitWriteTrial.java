package org.bloomchord.experiments.writes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.WriteFates;
import org.bloomchord.experiments.summary.WriteStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.SimControls;

/**
 * Writes across a split on the simulator: concurrent clients on every side put and get a shared
 * key space while the ring is whole, split ({@link SimControls#partition}), healed and merged; then
 * every acknowledged write is judged ({@link SplitHistory}).
 *
 * <p>The run: a ring of {@code peers} is launched and stable; its peers are dealt into sides by
 * the options' shares (a seeded shuffle) and {@code clientsPerSide} clients are bound to peers of
 * each side. Each client issues one operation at a time (a put of a value unique in the run, or a
 * get) on a key drawn from the shared space, then pauses; so clients on different sides write the
 * same keys. Phases: {@code warmMs} on the whole ring, the split for {@code splitMs}, the heal and
 * {@code afterHealMs} more of reads only while the rings merge (so the values written during the
 * split are the ones the merge must reconcile, not overwritten by later writes); then the clients stop, the run waits for
 * one correct ring by the oracle (at most {@code settleMs}) and {@code quietMs} more, and reads
 * every key once from a client's peer: those are the final values. A put invoked during the split
 * and given its version after the heal counts as a put of the merged ring ({@link #effectSide}).
 */
public final class SplitWriteTrial {

  /** How often the driver looks for idle clients, simulated ms. */
  private static final long TICK_MS = 50;

  private final SplitWriteOptions o;
  private final SplitHistory history = new SplitHistory();
  private SplitHistory.Judgement judgement;
  private Integer ringsDuring;
  private Double healSeconds;
  private long healedAt = -1;
  private ChordCluster cluster;

  /** A trial of the given options. */
  public SplitWriteTrial(SplitWriteOptions options) {
    this.o = java.util.Objects.requireNonNull(options, "options");
  }

  /** The history recorded by {@link #run()}. */
  public SplitHistory history() {
    return history;
  }

  /** The judgement of the last {@link #run()}. */
  public SplitHistory.Judgement judgement() {
    return judgement;
  }

  /** The peers' configuration. */
  ChordConfig config() {
    return ChordConfig.defaults().withQuorums(0, o.readQuorum());
  }

  /** Runs the trial and returns its summary (header, settings, peers, writes with fates, resources). */
  public Summary run() {
    long wallStart = System.nanoTime();
    SplittableRandom random = new SplittableRandom(o.seed());
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(o.seed()), config())) {
      cluster = c;
      c.launch(o.peers());
      if (!c.awaitStable(600_000)) {
        throw new IllegalStateException("the ring of " + o.peers() + " did not stabilize: " + c.checkRing());
      }
      Network<ChordPeer> net = c.network();
      if (o.refusalExpiryMs() > 0) {
        for (PeerHandle<ChordPeer> h : c.peers()) {
          net.inspect(h, p -> {
            p.refuseMinorityWrites(o.refusalExpiryMs());
            return null;
          });
        }
      }
      SimControls sim = net.simControls().orElseThrow();
      List<List<PeerRef>> sides = deal(c, random.split());
      List<Client> clients = bind(c, sides);
      long start = net.now();
      work(c, clients, random, net.now() + o.warmMs(), true);
      sim.partition(sides);
      work(c, clients, random, net.now() + o.splitMs(), true);
      ringsDuring = c.rings();
      sim.heal();
      healedAt = net.now();
      work(c, clients, random, net.now() + o.afterHealMs(), false);
      drain(c, clients);
      if (healSeconds == null) {
        net.awaitUntil(this::oneRing, o.settleMs(), c.config().stabilizeMs());
      }
      net.runFor(o.quietMs());
      Map<String, SplitHistory.FinalRead> finals = new LinkedHashMap<>();
      long behind = finalReads(c, clients, finals);
      judgement = history.judge(finals);
      return summary(c, behind, wallStart, start);
    }
  }

  private Summary summary(ChordCluster c, long behind, long wallStart, long start) {
    SplitHistory.Judgement j = judgement;
    WriteFates fates = new WriteFates(j.count(WriteFate.PRESENT), j.count(WriteFate.SUPERSEDED),
        j.count(WriteFate.LOST), j.staleAcrossMerge(), j.hiddenBySplit(), j.refused(), j.finalReadsFailed(), behind);
    WriteStats stats = new WriteStats(j.acknowledged(), j.lostReads(), 0, j.staleReads(), j.unacknowledged(),
        j.readsJudged(), j.readsFailed(), fates);
    Map<String, Object> split = new LinkedHashMap<>();
    split.put("shares", String.join("+", o.shares().stream().map(x -> String.format(java.util.Locale.ROOT, "%.2f", x)).toList()));
    split.put("seconds", o.splitMs() / 1000.0);
    split.put("clientsPerSide", o.clientsPerSide());
    split.put("keys", o.keys());
    split.put("minorityRefuses", o.refusalExpiryMs() > 0);
    split.put("ringsDuring", ringsDuring);
    split.put("healToOneRingSeconds", healSeconds);
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("readQuorum", o.readQuorum());
    fields.put("split", split);
    Network<ChordPeer> net = c.network();
    return Summary.of("writes", Networks.SIM, o.seed())
        .withFields(fields)
        .withPeers(PeerCounts.withoutFailedCount(o.peers(), net.alive().size(), o.peers(), 0, 0))
        .withWrites(stats)
        .withResources(new ResourceStats((System.nanoTime() - wallStart) / 1e9, (net.now() - start) / 1e3, null, null));
  }

  /** The peers shuffled by {@code random} and cut into sides of the options' shares. */
  private List<List<PeerRef>> deal(ChordCluster c, SplittableRandom random) {
    List<PeerRef> refs = new ArrayList<>(c.peers().stream().map(PeerHandle::ref).toList());
    for (int i = refs.size() - 1; i > 0; i--) {
      java.util.Collections.swap(refs, i, random.nextInt(i + 1));
    }
    List<List<PeerRef>> out = new ArrayList<>();
    int from = 0;
    for (int g = 0; g < o.shares().size(); g++) {
      int to = g == o.shares().size() - 1 ? refs.size()
          : Math.min(refs.size(), from + (int) Math.round(o.shares().get(g) * refs.size()));
      out.add(List.copyOf(refs.subList(from, to)));
      from = to;
    }
    return out;
  }

  private List<Client> bind(ChordCluster c, List<List<PeerRef>> sides) {
    Map<PeerRef, PeerHandle<ChordPeer>> handles = new LinkedHashMap<>();
    for (PeerHandle<ChordPeer> h : c.peers()) {
      handles.put(h.ref(), h);
    }
    List<Client> out = new ArrayList<>();
    for (List<PeerRef> side : sides) {
      for (int i = 0; i < o.clientsPerSide(); i++) {
        out.add(new Client(out.size(), handles.get(side.get(i))));
      }
    }
    return out;
  }

  /**
   * Lets the clients work until {@code until}: each idle client whose pause ended starts its next
   * operation (only gets unless {@code writes}). After the heal, watches for one correct ring by the
   * oracle every stabilize period.
   */
  private void work(ChordCluster c, List<Client> clients, SplittableRandom random, long until, boolean writes) {
    Network<ChordPeer> net = c.network();
    SimControls sim = net.simControls().orElseThrow();
    long nextCheck = net.now();
    while (net.now() < until) {
      if (healedAt >= 0 && healSeconds == null && net.now() >= nextCheck) {
        oneRing();
        nextCheck = net.now() + c.config().stabilizeMs();
      }
      for (Client cl : clients) {
        if (!cl.busy && net.now() >= cl.nextAt) {
          start(net, sim, cl, random, writes);
        }
      }
      net.runFor(Math.min(TICK_MS, until - net.now()));
    }
  }

  /** Whether the oracle sees one correct ring; the first time after the heal, the time to it is noted. */
  private boolean oneRing() {
    boolean one = cluster.checkRing().successorErrors() == 0;
    if (one && healedAt >= 0 && healSeconds == null) {
      healSeconds = (cluster.network().now() - healedAt) / 1000.0;
    }
    return one;
  }

  private void start(Network<ChordPeer> net, SimControls sim, Client cl, SplittableRandom random, boolean writes) {
    String key = "key-" + random.nextInt(o.keys());
    boolean put = random.nextDouble() < o.putShare() && writes;
    int side = sim.partitioned() ? sim.groupOf(cl.peer.ref()) : healedAt >= 0 ? Operation.MERGED : Operation.WHOLE;
    long invoked = net.now();
    long pause = random.nextLong(2 * o.thinkMs() + 1);
    cl.busy = true;
    if (put) {
      String value = "c" + cl.id + "-" + cl.seq++;
      net.inspect(cl.peer, p -> p.put(key, value).onComplete(ar -> {
        WriteResult r = ar.succeeded() ? ar.result() : null;
        history.add(Operation.put(cl.id, key, value, effectSide(side, r, sim), invoked, net.now(), r));
        cl.done(net.now() + pause);
      }));
    } else {
      net.inspect(cl.peer, p -> p.get(key).onComplete(ar -> {
        history.add(Operation.get(cl.id, key, side, invoked, net.now(), ar.succeeded() ? ar.result() : null));
        cl.done(net.now() + pause);
      }));
    }
  }

  /**
   * The side a put took effect on: a put invoked during the split whose primary assigned its
   * version after the heal (by the version's clock, which on the simulator is the network's) was
   * written on the merged ring, where its primary could order it after the writes of every side.
   */
  private int effectSide(int invokedSide, WriteResult r, SimControls sim) {
    boolean afterHeal = invokedSide >= 0 && !sim.partitioned() && healedAt >= 0 && r != null
        && r.version() != null && r.version().physicalMs() >= healedAt;
    return afterHeal ? Operation.MERGED : invokedSide;
  }

  /** Waits until no client has an operation in flight. */
  private static void drain(ChordCluster c, List<Client> clients) {
    long most = 10L * c.config().operationAttempts() * (c.config().lookupTimeoutMs() + 2 * c.config().requestTimeoutMs()
        + c.config().stabilizeMs());
    c.network().awaitUntil(() -> clients.stream().noneMatch(cl -> cl.busy), most, TICK_MS);
  }

  /**
   * Reads every key once through the product (from the clients' peers in turn, the next one when a
   * read fails) into {@code finals}; returns the keys of which some live peer holds a newer
   * version than the read returned (the oracle's look at every store).
   */
  private long finalReads(ChordCluster c, List<Client> clients, Map<String, SplitHistory.FinalRead> finals) {
    Map<String, Version> newest = new LinkedHashMap<>();
    for (PeerHandle<ChordPeer> h : c.peers()) {
      for (StoredEntry e : c.network().inspect(h, p -> p.store().all())) {
        newest.merge(e.key(), e.version(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
      }
    }
    long behind = 0;
    List<String> keys = history.keys();
    for (int k = 0; k < keys.size(); k++) {
      String key = keys.get(k);
      for (int attempt = 0; attempt < clients.size(); attempt++) {
        PeerHandle<ChordPeer> from = clients.get((k + attempt) % clients.size()).peer;
        ReadResult r;
        try {
          r = c.get(from, key);
        } catch (RuntimeException e) {
          continue;
        }
        if (r.outcome() != ReadOutcome.FAILED) {
          finals.put(key, new SplitHistory.FinalRead(r.found() ? r.value() : null, r.version()));
          Version held = newest.get(key);
          if (held != null && held.newerThan(r.version())) {
            behind++;
          }
          break;
        }
      }
    }
    return behind;
  }

  /** A client: one operation at a time through one peer. */
  private static final class Client {
    final int id;
    final PeerHandle<ChordPeer> peer;
    boolean busy;
    long nextAt;
    int seq;

    Client(int id, PeerHandle<ChordPeer> peer) {
      this.id = id;
      this.peer = peer;
    }

    void done(long next) {
      busy = false;
      nextAt = next;
    }
  }
}
