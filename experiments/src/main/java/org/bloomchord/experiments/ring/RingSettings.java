package org.bloomchord.experiments.ring;

import java.util.Locale;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.Networks;

/**
 * What one ring trial ({@code bloomchord ring}) does: an options object built by name through
 * {@link #builder(int)}, whose {@link Builder} holds the default of every field. Validated on
 * construction; every message names the command-line flag of the field and the value given, so the
 * CLI can show it as is.
 *
 * <p>A <em>peer</em> here is a physical peer (a host): with {@code virtualNodes} v it holds v ring
 * ids, and crashes take all of them down together.
 *
 * @param runtime "vertx" (default) or "sim"
 * @param peers physical peers launched, at least 1
 * @param idBits ring width m, 1..64 (default 64); peers times virtual nodes must fit in 2^m ids
 * @param successors successor-list length, 1..64 (default 8)
 * @param replicas copies of each key, 1..successors (default 3)
 * @param virtualNodes ring ids per peer, 1..64 (default 1)
 * @param keys random keys stored before any failure (default 1000)
 * @param failFraction share of the peers crashed at once after the keys are stored, in [0, 1)
 *     (default 0: none); it must leave at least one peer
 * @param lookups lookups of random keys measured at the end (default 1000)
 * @param seed root of every random choice (default 42)
 * @param stabilizeMs period of stabilize and fix-fingers in runtime milliseconds; check-predecessor
 *     runs at twice it and the store's replica sync at ten times it, never more often than the
 *     protocol's default of 5 s (default 500, the protocol's default)
 * @param maxWaitSeconds longest wait, in runtime seconds, for the ring to become stable after the
 *     launch and again after the failure (default 600)
 * @param benchPings when positive, each peer also sends this many pings to random peers, one after
 *     the other, to measure the raw message rate of the runtime (default 0: off)
 * @param waveGrowth each wave of the launch grows the ring at most this many times, 2..1024 (default
 *     2: waves that at most double it); larger waves mean fewer waits for a stable ring, at the cost
 *     of more fix-finger work after each
 * @param stabilizeMaxMs adaptive maintenance: the longest interval stabilize backs off to while its
 *     rounds change nothing (0: fixed at stabilizeMs, the default); at least stabilizeMs otherwise
 * @param fixFingersMaxMs the same for fix-fingers (0: fixed, the default)
 * @param launch how the peers come onto the ring: "joins" (default), each peer joining by the
 *     protocol in the waves above; "stream", each peer joining by the protocol with no wait for a
 *     stable ring, at most joinWindow joins in flight at a time
 *     ({@link org.bloomchord.chord.cluster.ChordCluster#launchStreamed}); or "placed", every peer
 *     started at once in its place, with the
 *     predecessor, successor list and fingers the launcher computes from the whole membership it
 *     launches ({@link org.bloomchord.chord.cluster.ChordCluster#launchPlaced}); stabilize,
 *     check-predecessor and fix-fingers then check those links as they check any other
 * @param joinWindow with the "stream" launch, the most joins in flight at a time, 1..100000
 *     (default 1000)
 * @param fixFingersMs period of fix-fingers (the floor of its adaptive interval) in runtime ms; 0
 *     (the default) makes it stabilizeMs
 * @param pushes the peers push what a join changed instead of leaving it to the next pulls:
 *     successor lists ({@code ChordConfig.successorPush}) and fingers ({@code
 *     ChordConfig.fingerPush}); off by default, the pull-only protocol of the reproductions, except
 *     that the stream launch always pushes successor lists
 */
public record RingSettings(
    String runtime,
    int peers,
    int idBits,
    int successors,
    int replicas,
    int virtualNodes,
    int keys,
    double failFraction,
    int lookups,
    long seed,
    long stabilizeMs,
    long maxWaitSeconds,
    int benchPings,
    int waveGrowth,
    long stabilizeMaxMs,
    long fixFingersMaxMs,
    String launch,
    int joinWindow,
    long fixFingersMs,
    boolean pushes) {

  /** The launch in which every peer joins by the protocol, in waves with a stable ring between. */
  public static final String JOINS = "joins";
  /** The launch in which every peer joins by the protocol, with no wait between joins. */
  public static final String STREAM = "stream";
  /** The launch in which every peer starts in its place on the ring. */
  public static final String PLACED = "placed";

  /** Most peers (times virtual nodes) one ring launches: beyond what a machine's memory holds. */
  public static final int MAX_PEERS = 2_000_000;

  public RingSettings {
    runtime = runtime == null ? null : runtime.toLowerCase(Locale.ROOT);
    launch = launch == null ? JOINS : launch.toLowerCase(Locale.ROOT);
    check(Networks.VERTX.equals(runtime) || Networks.SIM.equals(runtime),
        "--runtime must be 'vertx' or 'sim', got '" + runtime + "'");
    check(peers >= 1 && peers <= MAX_PEERS, "--peers must be in 1.." + MAX_PEERS + ", got " + peers);
    check(idBits >= 1 && idBits <= 64, "--id-bits must be in 1..64, got " + idBits);
    check(successors >= 1 && successors <= 64, "--successors must be in 1..64, got " + successors);
    check(replicas >= 1 && replicas <= successors,
        "--replicas must be in 1..--successors (" + successors + "), got " + replicas);
    check(virtualNodes >= 1 && virtualNodes <= 64, "--virtual-nodes must be in 1..64, got " + virtualNodes);
    check((long) peers * virtualNodes <= MAX_PEERS, "--peers " + peers + " with --virtual-nodes " + virtualNodes
        + " make " + (long) peers * virtualNodes + " ring peers, more than " + MAX_PEERS);
    check(idBits == 64 || (long) peers * virtualNodes <= 1L << idBits,
        "--peers " + peers + " with --virtual-nodes " + virtualNodes + " need " + (long) peers * virtualNodes
            + " ring ids, more than the 2^" + idBits + " of --id-bits " + idBits);
    check(keys >= 0, "--keys must not be negative, got " + keys);
    check(failFraction >= 0 && failFraction < 1, "--fail-fraction must be in [0, 1), got " + failFraction);
    check(Math.round(failFraction * peers) < peers,
        "--fail-fraction " + failFraction + " with --peers " + peers + " would crash every peer");
    check(lookups >= 0, "--lookups must not be negative, got " + lookups);
    new MaintenancePeriods(stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs); // checks the period flags
    check(maxWaitSeconds >= 1, "--max-wait must be positive, got " + maxWaitSeconds);
    check(benchPings >= 0, "--bench-pings must not be negative, got " + benchPings);
    check(waveGrowth >= 2 && waveGrowth <= 1024, "--wave-growth must be in 2..1024, got " + waveGrowth);
    check(JOINS.equals(launch) || STREAM.equals(launch) || PLACED.equals(launch),
        "--launch must be 'joins', 'stream' or 'placed', got '" + launch + "'");
    check(JOINS.equals(launch) || waveGrowth == 2, "--launch " + launch + " has no waves; it does not take"
        + " --wave-growth");
    check(joinWindow >= 1 && joinWindow <= 100_000, "--join-window must be in 1..100000, got " + joinWindow);
    check(STREAM.equals(launch) || joinWindow == DEFAULT_JOIN_WINDOW, "--join-window applies to --launch stream"
        + " only");
  }

  /** Joins in flight at a time in the "stream" launch unless --join-window says otherwise. */
  public static final int DEFAULT_JOIN_WINDOW = 1000;
  /** Default ring width (the defaults are named so that the command line shows the same ones). */
  public static final int DEFAULT_ID_BITS = 64;
  /** Default successor-list length. */
  public static final int DEFAULT_SUCCESSORS = 8;
  /** Default copies of each key. */
  public static final int DEFAULT_REPLICAS = 3;
  /** Default ring ids per peer. */
  public static final int DEFAULT_VIRTUAL_NODES = 1;
  /** Default keys stored. */
  public static final int DEFAULT_KEYS = 1000;
  /** Default lookups measured. */
  public static final int DEFAULT_LOOKUPS = 1000;
  /** Default seed. */
  public static final long DEFAULT_SEED = 42;
  /** Default longest wait for a stable ring, in runtime seconds. */
  public static final long DEFAULT_MAX_WAIT_SECONDS = 600;
  /** Default growth of each launch wave. */
  public static final int DEFAULT_WAVE_GROWTH = 2;

  /** Whether every peer starts in its place on the ring instead of joining. */
  public boolean placed() {
    return PLACED.equals(launch);
  }

  /** Whether the peers join one after the other with no wait for a stable ring. */
  public boolean streamed() {
    return STREAM.equals(launch);
  }

  /** The maintenance periods of every peer. */
  public MaintenancePeriods periods() {
    return new MaintenancePeriods(stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs);
  }

  /** These settings with another launch and other adaptive maintenance ceilings (0: fixed periods). */
  public RingSettings withLaunch(int growth, long stabilizeMax, long fixFingersMax) {
    return toBuilder().waveGrowth(growth).periods(periods().withCeilings(stabilizeMax, fixFingersMax)).build();
  }

  /** The defaults for a ring of {@code peers} peers. */
  public static RingSettings defaults(int peers) {
    return builder(peers).build();
  }

  /** A builder of settings for a ring of {@code peers} peers, every other field at its default. */
  public static Builder builder(int peers) {
    return new Builder(peers);
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    Builder b = new Builder(peers);
    b.runtime = runtime;
    b.idBits = idBits;
    b.successors = successors;
    b.replicas = replicas;
    b.virtualNodes = virtualNodes;
    b.keys = keys;
    b.failFraction = failFraction;
    b.lookups = lookups;
    b.seed = seed;
    b.periods(stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs);
    b.maxWaitSeconds = maxWaitSeconds;
    b.benchPings = benchPings;
    b.waveGrowth = waveGrowth;
    b.launch = launch;
    b.joinWindow = joinWindow;
    b.pushes = pushes;
    return b;
  }

  /** The Chord configuration of every peer. */
  public ChordConfig chordConfig() {
    return periods().applyTo(ChordConfig.defaults().withIdBits(idBits)
        .withSuccessors(successors, replicas)
        .withVirtualNodes(virtualNodes)).withSuccessorPush(pushes || streamed()).withFingerPush(pushes);
  }

  /**
   * Builds {@link RingSettings} by name; every field starts at its default (the one place the
   * defaults are written), and {@link #build} validates the whole.
   */
  public static final class Builder {
    private String runtime = Networks.VERTX;
    private int peers;
    private int idBits = DEFAULT_ID_BITS;
    private int successors = DEFAULT_SUCCESSORS;
    private int replicas = DEFAULT_REPLICAS;
    private int virtualNodes = DEFAULT_VIRTUAL_NODES;
    private int keys = DEFAULT_KEYS;
    private double failFraction;
    private int lookups = DEFAULT_LOOKUPS;
    private long seed = DEFAULT_SEED;
    private long stabilizeMs = MaintenancePeriods.DEFAULTS.stabilizeMs();
    private long fixFingersMs = MaintenancePeriods.DEFAULTS.fixFingersMs();
    private long stabilizeMaxMs = MaintenancePeriods.DEFAULTS.stabilizeMaxMs();
    private long fixFingersMaxMs = MaintenancePeriods.DEFAULTS.fixFingersMaxMs();
    private long maxWaitSeconds = DEFAULT_MAX_WAIT_SECONDS;
    private int benchPings;
    private int waveGrowth = DEFAULT_WAVE_GROWTH;
    private String launch = JOINS;
    private int joinWindow = DEFAULT_JOIN_WINDOW;
    private boolean pushes;

    private Builder(int peers) {
      this.peers = peers;
    }

    /** "vertx" (default) or "sim". */
    public Builder runtime(String r) {
      this.runtime = r;
      return this;
    }

    /** Physical peers launched. */
    public Builder peers(int n) {
      this.peers = n;
      return this;
    }

    /** Ring width m (default 64). */
    public Builder idBits(int bits) {
      this.idBits = bits;
      return this;
    }

    /** Successor-list length (default 8) and copies of each key (default 3). */
    public Builder successors(int successorCount, int replicaCount) {
      this.successors = successorCount;
      this.replicas = replicaCount;
      return this;
    }

    /** Ring ids per peer (default 1). */
    public Builder virtualNodes(int v) {
      this.virtualNodes = v;
      return this;
    }

    /** Random keys stored before any failure (default 1000). */
    public Builder keys(int k) {
      this.keys = k;
      return this;
    }

    /** Share of the peers crashed at once after the keys are stored (default 0). */
    public Builder failFraction(double f) {
      this.failFraction = f;
      return this;
    }

    /** Lookups measured at the end (default 1000). */
    public Builder lookups(int l) {
      this.lookups = l;
      return this;
    }

    /** Root of every random choice (default 42). */
    public Builder seed(long s) {
      this.seed = s;
      return this;
    }

    /** Maintenance periods (default {@link MaintenancePeriods#DEFAULTS}). */
    public Builder periods(MaintenancePeriods p) {
      return periods(p.stabilizeMs(), p.fixFingersMs(), p.stabilizeMaxMs(), p.fixFingersMaxMs());
    }

    /**
     * Maintenance periods as the four flags give them, checked by {@link #build} in its order of
     * the fields (so that of several wrong flags, the command line names the same one first).
     */
    public Builder periods(long stabilize, long fixFingers, long stabilizeMax, long fixFingersMax) {
      this.stabilizeMs = stabilize;
      this.fixFingersMs = fixFingers;
      this.stabilizeMaxMs = stabilizeMax;
      this.fixFingersMaxMs = fixFingersMax;
      return this;
    }

    /** Longest wait for a stable ring, in runtime seconds (default 600). */
    public Builder maxWaitSeconds(long s) {
      this.maxWaitSeconds = s;
      return this;
    }

    /** Pings per peer of the runtime benchmark (default 0: off). */
    public Builder benchPings(int p) {
      this.benchPings = p;
      return this;
    }

    /** Growth factor of each launch wave (default 2). */
    public Builder waveGrowth(int g) {
      this.waveGrowth = g;
      return this;
    }

    /** {@link #JOINS} (default), {@link #STREAM} or {@link #PLACED}. */
    public Builder launch(String how) {
      this.launch = how;
      return this;
    }

    /** Joins in flight at a time with the stream launch (default {@link #DEFAULT_JOIN_WINDOW}). */
    public Builder joinWindow(int w) {
      this.joinWindow = w;
      return this;
    }

    /** Successor-list and finger pushes on or off (the default). */
    public Builder pushes(boolean on) {
      this.pushes = on;
      return this;
    }

    /**
     * The settings.
     *
     * @throws IllegalArgumentException naming the flag of the first invalid field and its value
     */
    public RingSettings build() {
      return new RingSettings(runtime, peers, idBits, successors, replicas, virtualNodes, keys, failFraction, lookups,
          seed, stabilizeMs, maxWaitSeconds, benchPings, waveGrowth, stabilizeMaxMs, fixFingersMaxMs, launch,
          joinWindow, fixFingersMs, pushes);
    }
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
