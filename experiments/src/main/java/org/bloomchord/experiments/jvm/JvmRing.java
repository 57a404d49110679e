package org.bloomchord.experiments.jvm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.metrics.LookupOutcome;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.vertx.VertxNetwork;

/**
 * The coordinator's handle on one ring spread over this JVM and its child JVMs, what
 * {@code ChordCluster} is to a ring in one JVM: the placement of peer names over the JVMs, the
 * wave joins that tell each child whom to launch, snapshots of every peer of every JVM, and the
 * oracle built from them; keys stored, read and looked up from this JVM's peers. The map of children is the trial's own: a child killed or added there is
 * left out or taken in from the next call on.
 */
final class JvmRing {

  /** Most operations one {@code callAll} batch starts at once. */
  private static final int MAX_BATCH = 500;

  private final VertxNetwork<ChordPeer> net;
  private final Map<String, ChildJvm> children;
  private final ChordConfig config;
  private final Function<PeerRef, List<ChordExtension>> extensions;
  private final IdRing ring;
  private final Progress progress;

  /**
   * The ring over this JVM's {@code net} and the live {@code children} by node name; this JVM's
   * peers get the extensions {@code extensions} gives them.
   */
  JvmRing(VertxNetwork<ChordPeer> net, Map<String, ChildJvm> children, ChordConfig config,
      Function<PeerRef, List<ChordExtension>> extensions, Progress progress) {
    this.net = net;
    this.children = children;
    this.config = config;
    this.extensions = extensions;
    this.ring = new IdRing(config.idBits());
    this.progress = progress;
  }

  /**
   * {@code n} peer addresses whose JVMs take turns in ring order. Candidates {@code p<k>@jvm<j>}
   * of every JVM, sorted by ring id over the whole ring, are taken when their JVM is the next one
   * due, which gives rounds of J consecutive peers (one per JVM); rounds spread evenly over the ring
   * are kept until there are {@code n} peers. Only where the last round is cut short (n not a
   * multiple of J) may two ring neighbours share a JVM.
   */
  static List<String> interleaved(IdRing ring, int jvms, int n) {
    int rounds = (n + jvms - 1) / jvms;
    for (int pool = 4 * rounds; ; pool *= 2) {
      List<long[]> candidates = new ArrayList<>();
      for (int j = 0; j < jvms; j++) {
        for (int k = 0; k < pool; k++) {
          candidates.add(new long[] {ring.hash("p" + k + "@jvm" + j), k, j});
        }
      }
      candidates.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
      List<String> picked = new ArrayList<>();
      java.util.Set<Long> names = new java.util.HashSet<>();
      int due = 0;
      for (long[] c : candidates) {
        // a name is used once over all JVMs, so host names stay distinct
        if (c[2] == due && names.add(c[1])) {
          picked.add("p" + c[1] + "@jvm" + c[2]);
          due = (due + 1) % jvms;
        }
      }
      int complete = picked.size() / jvms;
      if (complete < rounds) {
        continue;
      }
      List<String> out = new ArrayList<>(n);
      for (int r = 0; r < rounds; r++) {
        int from = (int) ((long) r * complete / rounds) * jvms;
        out.addAll(picked.subList(from, from + jvms));
      }
      return out.subList(0, n);
    }
  }

  /**
   * Joins in waves that at most double the ring, each JVM's share through a random ring member:
   * into an empty ring ({@code ring} empty) the first peer starts it alone, into a running one
   * the waves join through the peers of {@code ring}. Returns the addresses whose join failed
   * (those peers are stopped).
   */
  List<String> launch(List<String> addresses, List<PeerRef> ringPeers, SplittableRandom random) {
    List<String> order = new ArrayList<>(addresses);
    Collections.shuffle(order, new java.util.Random(random.nextLong()));
    List<String> failures = new ArrayList<>();
    List<PeerRef> joined = new ArrayList<>(ringPeers);
    if (joined.isEmpty() && !order.isEmpty()) {
      String first = order.stream().filter(a -> a.endsWith("@jvm0")).findFirst().orElse(order.get(0));
      order.remove(first);
      PeerRef ref = new PeerRef(first, ring.hash(first));
      ChildJvm c = children.get(ref.node());
      String outcome = c == null ? JvmWorker.launch(net, config, extensions, null, List.of(ref))
          : c.call("launch - - " + first, config.joinWaitMs() + JvmCluster.LAUNCH_TIMEOUT_MS);
      failures.addAll(failed(outcome));
      if (!failures.isEmpty()) {
        throw new IllegalStateException("the first peer of the ring, " + first + ", did not start");
      }
      joined.add(ref);
    }
    int i = 0;
    while (i < order.size()) {
      int wave = Math.min(order.size() - i, joined.size());
      Map<String, List<PeerRef>> byNode = new TreeMap<>();
      for (String a : order.subList(i, i + wave)) {
        byNode.computeIfAbsent(new PeerRef(a, 0).node(), k -> new ArrayList<>()).add(new PeerRef(a, ring.hash(a)));
      }
      PeerRef boot = joined.get(random.nextInt(joined.size()));
      Map<String, ChildJvm.Reply> asked = new TreeMap<>();
      for (Map.Entry<String, List<PeerRef>> e : byNode.entrySet()) {
        ChildJvm c = children.get(e.getKey());
        if (c != null) {
          StringBuilder cmd = new StringBuilder("launch " + boot.address() + " " + Long.toHexString(boot.id()));
          e.getValue().forEach(r -> cmd.append(' ').append(r.address()));
          asked.put(e.getKey(), c.send(cmd.toString()));
        }
      }
      List<PeerRef> local = byNode.getOrDefault("jvm0", List.of());
      if (!local.isEmpty()) {
        failures.addAll(failed(JvmWorker.launch(net, config, extensions, boot, local)));
      }
      for (Map.Entry<String, ChildJvm.Reply> e : asked.entrySet()) {
        failures.addAll(failed(children.get(e.getKey()).await(e.getValue(), config.joinWaitMs() + JvmCluster.LAUNCH_TIMEOUT_MS)));
      }
      byNode.values().forEach(joined::addAll);
      i += wave;
      progress.tick("join: %d of %d peers launched", Math.min(addresses.size(), i + (ringPeers.isEmpty() ? 1 : 0)),
          addresses.size());
      if (i < order.size()) {
        awaitStable(200 * config.stabilizeMs());
      }
    }
    return failures;
  }

  /** The failed addresses of a launch answer {@code JOINED FAILED ADDRESS...}. */
  private static List<String> failed(String outcome) {
    String[] w = outcome.trim().split(" ");
    return w.length <= 2 ? List.of() : List.of(w).subList(2, w.length);
  }

  /** Snapshots of every peer of this JVM and of the given children. */
  List<PeerSnapshot> snapshots() {
    List<PeerSnapshot> out = new ArrayList<>(localSnapshots(net));
    out.addAll(remoteSnapshots(children.values()));
    return out;
  }

  /**
   * Snapshots of every live peer of {@code net}, taken on the peers' threads all at once: one by
   * one, each waited for its event loop's queue, and on a loaded machine the 333 waits of a child
   * took past the minute its parent allows.
   */
  static List<PeerSnapshot> localSnapshots(Network<ChordPeer> net) {
    List<PeerHandle<ChordPeer>> peers = net.alive();
    List<Network.Outcome<PeerSnapshot>> taken = net.callAll(peers,
        p -> io.vertx.core.Future.succeededFuture(PeerSnapshot.of(p)), SNAPSHOT_WAIT_MS);
    List<PeerSnapshot> out = new ArrayList<>();
    java.util.Set<PeerHandle<ChordPeer>> stillAlive = null;
    for (int i = 0; i < taken.size(); i++) {
      Network.Outcome<PeerSnapshot> o = taken.get(i);
      if (o.succeeded()) {
        out.add(o.value());
        continue;
      }
      if (stillAlive == null) {
        stillAlive = new java.util.HashSet<>(net.alive());
      }
      // a peer that departed meanwhile (a churn crash or leave under way) has no snapshot to give
      if (stillAlive.contains(peers.get(i))) {
        throw new IllegalStateException("the snapshot of " + peers.get(i) + " failed: " + o.failure(), o.failure());
      }
    }
    return out;
  }

  /** Longest wait for the snapshots of one JVM's peers (a child's answer is awaited a little longer). */
  static final long SNAPSHOT_WAIT_MS = JvmCluster.LAUNCH_TIMEOUT_MS - 10_000;

  /** Snapshots of every peer of the given children, asked of all of them at once. */
  static List<PeerSnapshot> remoteSnapshots(java.util.Collection<ChildJvm> children) {
    List<ChildJvm> asked = List.copyOf(children);
    List<ChildJvm.Reply> replies = new ArrayList<>();
    asked.forEach(c -> replies.add(c.send("snapshots")));
    List<PeerSnapshot> out = new ArrayList<>();
    for (int k = 0; k < asked.size(); k++) {
      String answer = asked.get(k).await(replies.get(k), JvmCluster.LAUNCH_TIMEOUT_MS);
      if (!answer.isEmpty()) {
        for (String token : answer.split(" ")) {
          out.add(SnapshotText.decode(token));
        }
      }
    }
    return out;
  }

  /** The oracle of the ring the snapshots show. */
  RingOracle oracle(List<PeerSnapshot> snaps) {
    return new RingOracle(ring, snaps.stream().map(PeerSnapshot::self).toList());
  }

  /** Lets the ring run until it is stable by the oracle or {@code maxMs} of wall time passed; the last check. */
  RingCheck awaitStable(long maxMs) {
    long end = System.currentTimeMillis() + maxMs;
    while (true) {
      List<PeerSnapshot> snaps = snapshots();
      RingCheck check = oracle(snaps).check(snaps, config.successors());
      if (check.stable() || System.currentTimeMillis() > end) {
        return check;
      }
      net.runFor(Math.max(100, config.stabilizeMs()));
    }
  }

  /** Stores {@code count} keys from random peers of this JVM; returns those stored. */
  List<String> putKeys(int count, SplittableRandom random) {
    List<PeerHandle<ChordPeer>> local = net.alive();
    List<String> stored = new ArrayList<>();
    for (int done = 0; done < count;) {
      int n = Math.min(Math.min(MAX_BATCH, local.size()), count - done);
      List<String> batch = new ArrayList<>(n);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        batch.add("k" + (done + i));
        origins.add(local.get(random.nextInt(local.size())));
      }
      AtomicInteger next = new AtomicInteger();
      List<Network.Outcome<WriteResult>> out = net.callAll(origins, p -> {
        String key = batch.get(next.getAndIncrement());
        return p.put(key, "v-" + key);
      }, 60_000);
      for (Network.Outcome<WriteResult> o : out) {
        if (o.succeeded() && o.value().stored()) {
          stored.add(o.value().key());
        }
      }
      done += n;
    }
    progress.line("keys: %d stored of %d", stored.size(), count);
    return stored;
  }

  /**
   * Reads every key from random peers of this JVM, up to three rounds two stabilize periods apart;
   * returns how the last attempt ended for the keys never read (NOT_FOUND, FAILED).
   */
  Map<ReadOutcome, Integer> readAll(List<String> keys, SplittableRandom random) {
    List<String> missing = new ArrayList<>(keys);
    Map<ReadOutcome, Integer> last = new EnumMap<>(ReadOutcome.class);
    for (int attempt = 0; attempt < 3 && !missing.isEmpty(); attempt++) {
      if (attempt > 0) {
        net.runFor(2 * config.stabilizeMs());
      }
      last.clear();
      List<PeerHandle<ChordPeer>> local = net.alive();
      List<String> still = new ArrayList<>();
      for (int from = 0; from < missing.size(); from += MAX_BATCH) {
        List<String> batch = missing.subList(from, Math.min(missing.size(), from + MAX_BATCH));
        List<PeerHandle<ChordPeer>> origins = new ArrayList<>();
        batch.forEach(k -> origins.add(local.get(random.nextInt(local.size()))));
        AtomicInteger next = new AtomicInteger();
        List<Network.Outcome<ReadResult>> out = net.callAll(origins, p -> p.get(batch.get(next.getAndIncrement())),
            60_000);
        for (int i = 0; i < out.size(); i++) {
          Network.Outcome<ReadResult> o = out.get(i);
          if (!o.succeeded() || !o.value().found()) {
            still.add(batch.get(i));
            last.merge(o.succeeded() ? o.value().outcome() : ReadOutcome.FAILED, 1, Integer::sum);
          }
        }
      }
      missing = still;
    }
    for (ReadOutcome o : List.of(ReadOutcome.NOT_FOUND, ReadOutcome.FAILED)) {
      last.putIfAbsent(o, 0);
    }
    return last;
  }

  /** {@code count} lookups of random keys from random peers of this JVM, judged against the oracle of every JVM. */
  void runLookups(int count, SplittableRandom random, LookupRecorder recorder) {
    if (count == 0) {
      return;
    }
    RingOracle oracle = oracle(snapshots());
    List<PeerHandle<ChordPeer>> local = net.alive();
    long wait = config.lookupTimeoutMs() + 2 * config.requestTimeoutMs();
    long t0 = System.nanoTime();
    for (int done = 0; done < count;) {
      int n = Math.min(Math.min(MAX_BATCH, local.size()), count - done);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        origins.add(local.get(random.nextInt(local.size())));
        keys[i] = random.nextLong() & ring.mask();
      }
      AtomicInteger next = new AtomicInteger();
      long at = net.now();
      for (Network.Outcome<LookupResult> o : net.callAll(origins, p -> p.lookup(keys[next.getAndIncrement()]), wait)) {
        LookupResult r = o.succeeded() ? o.value() : null;
        if (r == null || !r.found()) {
          recorder.record(at, LookupOutcome.FAILED, 0, 0, r == null ? 0 : r.timeouts());
        } else {
          boolean correct = r.successor().equals(oracle.successor(r.key()));
          recorder.record(at, correct ? LookupOutcome.CORRECT : LookupOutcome.INCORRECT, r.hops(), r.latencyMs(),
              r.timeouts());
        }
      }
      done += n;
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    progress.line("lookups: %d in %.2f s wall = %.0f lookups/s, %d correct", count, seconds,
        count / seconds, recorder.correct());
  }
}
