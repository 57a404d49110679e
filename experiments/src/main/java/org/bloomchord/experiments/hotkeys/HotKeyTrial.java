package org.bloomchord.experiments.hotkeys;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.workload.KeyChooser;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.bloomchord.routing.heavy.HotKeyRelief;
import org.bloomchord.routing.heavy.HotKeyWire;

/**
 * One run of hot-key relief on the simulator: {@code peers} peers, {@code keys} keys written once,
 * then for {@code seconds} of simulated time every peer reads {@code readsPerPeerPerSecond} keys
 * drawn Zipf({@code zipf}) through {@link HotKeyRelief#read}, and a fraction {@code putShare} of the
 * operations are puts of a new value. Served load per peer is what each peer answered as owner or
 * from a leased copy during the workload.
 *
 * <p>Reads are judged by the writes checker's rules against the puts acknowledged before the read
 * was issued (operations overlap here, so "before" is acknowledgement time &lt; issue time): a read
 * that found nothing or an older version than the newest such put is a violation.
 *
 * <p>Each seed places the peers anew (host names tagged with the seed, as a scenario's {@code
 * placement: seeded}), so seeds vary the ring as well as the workload.
 *
 * <p>Longer than 400 lines because the trial's settings, its run over one ring and its result
 * record (built by name) are read together; the plots and the table are classes of their own.
 *
 * @param threshold gets per second at which an owner leases a key; 0 turns relief off (the owner
 *     answers every read of its keys)
 * @param budget answers per second a peer gives other peers from a leased key before it hands
 *     further gets to its lease holders; 0 for no budget
 */
public record HotKeyTrial(int peers, int keys, double zipf, long threshold, long leaseMs, long budget,
    double readsPerPeerPerSecond, double putShare, int seconds, long seed) {

  /** Simulated time per issuing step. */
  static final long STEP_MS = 100;
  private static final long WAIT_MS = 120_000;

  /**
   * What a run measured; {@code servedPerPeer} is each peer's served gets during the workload, in
   * the ring's order (what {@code served} condenses), for the plots.
   */
  public record Result(HotKeyTrial trial, long reads, long readsFailed, long puts, long putsAcked, Load served,
      double servedMaxOverMean, long violations, long updates, long updatesWaitedOut, double putAckMeanMs,
      long putAckMaxMs, long delegated, long toReplicas,
      long busiestAsOwner, long busiestAsReplica, long busiestFromCache, double busiestArcOverMean,
      @JsonIgnore double[] servedPerPeer) {

    /** A builder with every figure 0. */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Result} by name; {@link #build()} runs the record's checks. */
    public static final class Builder {
      private HotKeyTrial trial;
      private long reads;
      private long readsFailed;
      private long puts;
      private long putsAcked;
      private Load served;
      private double servedMaxOverMean;
      private long violations;
      private long updates;
      private long updatesWaitedOut;
      private double putAckMeanMs;
      private long putAckMaxMs;
      private long delegated;
      private long toReplicas;
      private long busiestAsOwner;
      private long busiestAsReplica;
      private long busiestFromCache;
      private double busiestArcOverMean;
      private double[] servedPerPeer;

      private Builder() {
      }

      /** Sets {@link Result#trial()}. */
      public Builder trial(HotKeyTrial value) {
        trial = value;
        return this;
      }

      /** Sets {@link Result#reads()}. */
      public Builder reads(long value) {
        reads = value;
        return this;
      }

      /** Sets {@link Result#readsFailed()}. */
      public Builder readsFailed(long value) {
        readsFailed = value;
        return this;
      }

      /** Sets {@link Result#puts()}. */
      public Builder puts(long value) {
        puts = value;
        return this;
      }

      /** Sets {@link Result#putsAcked()}. */
      public Builder putsAcked(long value) {
        putsAcked = value;
        return this;
      }

      /** Sets {@link Result#served()}. */
      public Builder served(Load value) {
        served = value;
        return this;
      }

      /** Sets {@link Result#servedMaxOverMean()}. */
      public Builder servedMaxOverMean(double value) {
        servedMaxOverMean = value;
        return this;
      }

      /** Sets {@link Result#violations()}. */
      public Builder violations(long value) {
        violations = value;
        return this;
      }

      /** Sets {@link Result#updates()}. */
      public Builder updates(long value) {
        updates = value;
        return this;
      }

      /** Sets {@link Result#updatesWaitedOut()}. */
      public Builder updatesWaitedOut(long value) {
        updatesWaitedOut = value;
        return this;
      }

      /** Sets {@link Result#putAckMeanMs()}. */
      public Builder putAckMeanMs(double value) {
        putAckMeanMs = value;
        return this;
      }

      /** Sets {@link Result#putAckMaxMs()}. */
      public Builder putAckMaxMs(long value) {
        putAckMaxMs = value;
        return this;
      }

      /** Sets {@link Result#delegated()}. */
      public Builder delegated(long value) {
        delegated = value;
        return this;
      }

      /** Sets {@link Result#toReplicas()}. */
      public Builder toReplicas(long value) {
        toReplicas = value;
        return this;
      }

      /** Sets {@link Result#busiestAsOwner()}. */
      public Builder busiestAsOwner(long value) {
        busiestAsOwner = value;
        return this;
      }

      /** Sets {@link Result#busiestAsReplica()}. */
      public Builder busiestAsReplica(long value) {
        busiestAsReplica = value;
        return this;
      }

      /** Sets {@link Result#busiestFromCache()}. */
      public Builder busiestFromCache(long value) {
        busiestFromCache = value;
        return this;
      }

      /** Sets {@link Result#busiestArcOverMean()}. */
      public Builder busiestArcOverMean(double value) {
        busiestArcOverMean = value;
        return this;
      }

      /** Sets {@link Result#servedPerPeer()}. */
      public Builder servedPerPeer(double[] value) {
        servedPerPeer = value;
        return this;
      }

      /** The record. */
      public Result build() {
        return new Result(trial, reads, readsFailed, puts, putsAcked, served, servedMaxOverMean, violations,
            updates, updatesWaitedOut, putAckMeanMs, putAckMaxMs, delegated, toReplicas,
            busiestAsOwner, busiestAsReplica, busiestFromCache, busiestArcOverMean, servedPerPeer);
      }
    }
  }

  private record Ack(long at, Version version) {
  }

  private record Read(String key, long issued, Version version, boolean found) {
  }

  /** Runs the trial. */
  public Result run() {
    ChordConfig config = ChordConfig.defaults();
    Network<ChordPeer> net = Networks.create("sim", NetworkOptions.defaults().withSeed(seed),
        HotKeyWire.register(ChordCluster.wireRegistry(config), config));
    HotKeyOptions options = HotKeyOptions.defaults().with(threshold == 0 ? Long.MAX_VALUE / 4 : threshold, leaseMs)
        .withBudget(budget);
    try (ChordCluster c = new ChordCluster(net, config, seed, ref -> List.of(new HotKeyRelief(options)))) {
      c.namePrefix("s" + Long.toUnsignedString(seed, 36));
      c.launch(peers);
      if (!c.awaitStable(600_000)) {
        throw new IllegalStateException("ring of " + peers + " did not stabilize: " + c.check());
      }
      List<PeerHandle<ChordPeer>> ring = c.activePeers();
      SplittableRandom rng = new SplittableRandom(seed);
      Map<String, List<Ack>> acks = new HashMap<>();
      List<Read> reads = new ArrayList<>();
      long[] counts = new long[4]; // puts, putsAcked, readsFailed, reads
      long[] putAck = new long[3]; // sum of ms from issue to acknowledgement, puts acknowledged, longest
      for (int k = 0; k < keys; k++) {
        String key = key(k);
        var w = net.call(ring.get(rng.nextInt(ring.size())), p -> p.put(key, "v0"), WAIT_MS);
        if (w.outcome() == WriteOutcome.STORED) {
          acks.computeIfAbsent(key, x -> new ArrayList<>()).add(new Ack(net.now(), w.version()));
        }
      }
      long[] before = servedCounts(net, ring);
      long[][] splitBefore = new long[ring.size()][];
      for (int i = 0; i < splitBefore.length; i++) {
        splitBefore[i] = net.inspect(ring.get(i), HotKeyTrial::split);
      }
      KeyChooser.Zipf zipfKeys = new KeyChooser.Zipf(keys, zipf);
      double perStep = peers * readsPerPeerPerSecond * STEP_MS / 1000.0;
      long steps = seconds * 1000L / STEP_MS;
      double carry = 0;
      for (long s = 0; s < steps; s++) {
        carry += perStep;
        int n = (int) carry;
        carry -= n;
        for (int i = 0; i < n; i++) {
          PeerHandle<ChordPeer> origin = ring.get(rng.nextInt(ring.size()));
          String key = key(zipfKeys.next(rng));
          boolean put = rng.nextDouble() < putShare;
          net.inspect(origin, p -> {
            long issued = p.runtime().now();
            if (put) {
              counts[0]++;
              p.put(key, "v" + issued).onSuccess(w -> {
                if (w.outcome() == WriteOutcome.STORED) {
                  counts[1]++;
                  long took = p.runtime().now() - issued;
                  putAck[0] += took;
                  putAck[1]++;
                  putAck[2] = Math.max(putAck[2], took);
                  acks.computeIfAbsent(key, x -> new ArrayList<>()).add(new Ack(p.runtime().now(), w.version()));
                }
              });
            } else {
              counts[3]++;
              p.extension(HotKeyRelief.class).read(key).onComplete(ar -> {
                if (ar.failed() || ar.result().outcome() == ReadOutcome.FAILED) {
                  counts[2]++;
                } else {
                  reads.add(new Read(key, issued, ar.result().version(), ar.result().found()));
                }
              });
            }
            return null;
          });
        }
        net.runFor(STEP_MS);
      }
      net.runFor(config.requestTimeoutMs() * 4);
      long[] after = servedCounts(net, ring);
      double[] served = new double[ring.size()];
      for (int i = 0; i < served.length; i++) {
        served[i] = after[i] - before[i];
      }
      Distribution d = Distribution.of(served);
      int busiest = 0;
      for (int i = 1; i < served.length; i++) {
        if (served[i] > served[busiest]) {
          busiest = i;
        }
      }
      long[] split = net.inspect(ring.get(busiest), HotKeyTrial::split);
      long[] was = splitBefore[busiest];
      long updates = sum(net, ring, HotKeyRelief::updates);
      long waitedOut = sum(net, ring, HotKeyRelief::updatesWaitedOut);
      long delegated = sum(net, ring, HotKeyRelief::delegated);
      long toReplicas = sum(net, ring, HotKeyRelief::toReplicas);
      return Result.builder().trial(this).reads(counts[3]).readsFailed(counts[2]).puts(counts[0]).putsAcked(counts[1])
          .served(new Load(d.mean(), d.p1(), d.p99(), d.max())).servedMaxOverMean(d.mean() == 0 ? 0 : d.max() / d.mean())
          .violations(violations(reads, acks)).updates(updates).updatesWaitedOut(waitedOut)
          .putAckMeanMs(putAck[1] == 0 ? 0 : (double) putAck[0] / putAck[1]).putAckMaxMs(putAck[2])
          .delegated(delegated).toReplicas(toReplicas).busiestAsOwner(split[0] - was[0])
          .busiestAsReplica(split[1] - was[1]).busiestFromCache(split[2] - was[2])
          .busiestArcOverMean(arcOverMean(ring, busiest)).servedPerPeer(served).build();
    }
  }

  private static long violations(List<Read> reads, Map<String, List<Ack>> acks) {
    long bad = 0;
    for (Read r : reads) {
      Version newest = null;
      for (Ack a : acks.getOrDefault(r.key(), List.of())) {
        if (a.at() < r.issued() && (newest == null || a.version().compareTo(newest) > 0)) {
          newest = a.version();
        }
      }
      // lost (nothing, or older) and stale (an older live value) both read a version below newest
      if (newest != null && (r.version() == null || r.version().compareTo(newest) < 0)) {
        bad++;
      }
    }
    return bad;
  }

  /** A count of the peers' relief, summed over the ring. */
  private static long sum(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring, ToLongFunction<HotKeyRelief> count) {
    return ring.stream().mapToLong(h -> net.inspect(h, p -> count.applyAsLong(p.extension(HotKeyRelief.class)))).sum();
  }

  /** A peer's gets answered as owner, as replica and from a copy. */
  private static long[] split(ChordPeer p) {
    HotKeyRelief r = p.extension(HotKeyRelief.class);
    return new long[] {r.servedAsOwner(), r.servedAsReplica(), r.servedFromCache()};
  }

  private static long[] servedCounts(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> ring) {
    long[] out = new long[ring.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = net.inspect(ring.get(i), p -> p.extension(HotKeyRelief.class).served());
    }
    return out;
  }

  /**
   * The share of the identifier ring that peer {@code i} owns (from its predecessor's id to its own)
   * over the mean share 1/N: what its in-degree on lookup paths, and so its load as a finger target,
   * grows with.
   */
  static double arcOverMean(List<PeerHandle<ChordPeer>> ring, int i) {
    long self = ring.get(i).ref().id();
    long arc = -1L; // the whole ring, less one, when alone
    for (PeerHandle<ChordPeer> h : ring) {
      long d = self - h.ref().id();
      if (d != 0 && Long.compareUnsigned(d, arc) < 0) {
        arc = d;
      }
    }
    return unsigned(arc) / Math.pow(2, 64) * ring.size();
  }

  private static double unsigned(long v) {
    return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
  }

  static String key(int k) {
    return "key-" + k;
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link HotKeyTrial} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private int peers;
    private int keys;
    private double zipf;
    private long threshold;
    private long leaseMs;
    private long budget;
    private double readsPerPeerPerSecond;
    private double putShare;
    private int seconds;
    private long seed;

    private Builder() {
    }

    /** Sets {@link HotKeyTrial#peers()}. */
    public Builder peers(int value) {
      peers = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#keys()}. */
    public Builder keys(int value) {
      keys = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#zipf()}. */
    public Builder zipf(double value) {
      zipf = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#threshold()}. */
    public Builder threshold(long value) {
      threshold = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#leaseMs()}. */
    public Builder leaseMs(long value) {
      leaseMs = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#budget()}. */
    public Builder budget(long value) {
      budget = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#readsPerPeerPerSecond()}. */
    public Builder readsPerPeerPerSecond(double value) {
      readsPerPeerPerSecond = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#putShare()}. */
    public Builder putShare(double value) {
      putShare = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#seconds()}. */
    public Builder seconds(int value) {
      seconds = value;
      return this;
    }

    /** Sets {@link HotKeyTrial#seed()}. */
    public Builder seed(long value) {
      seed = value;
      return this;
    }

    /** The record. */
    public HotKeyTrial build() {
      return new HotKeyTrial(peers, keys, zipf, threshold, leaseMs, budget, readsPerPeerPerSecond,
          putShare, seconds, seed);
    }
  }
}
