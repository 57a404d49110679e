package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.routing.repair.RepairMode;

/**
 * The {@code chord} section of a scenario. Defaults: {@code idBits 64, successors 8, replicas 3,
 * stabilize 500ms, fixFingers 500ms, checkPredecessor 1s, jitter 0.2, requestTimeout 500ms,
 * lookupTimeout 10s, virtualNodes 1, lookup recursive, nextHop fingers, placement fixed,
 * writeQuorum a majority of replicas, readQuorum 1, repair reconcile}, written once in
 * {@link Builder}; settings are built by name ({@link #builder()}, {@link #toBuilder()}). Invariant: {@code replicas <= successors + 1} (replicas live on the successor
 * and the next peers of its list).
 *
 * @param idBits ring identifier bits, 1..64
 * @param successors successor-list length r, 1..64
 * @param replicas copies of each stored key, 1..successors+1
 * @param stabilize period of stabilize/notify
 * @param fixFingers period of fix-fingers
 * @param checkPredecessor period of check-predecessor
 * @param stabilizeMax adaptive maintenance: the longest interval stabilize backs off to while its
 *     rounds change nothing (a change brings it back to {@code stabilize} at once); equal to
 *     {@code stabilize} (the default) keeps the period fixed
 * @param fixFingersMax the same for fix-fingers (default: {@code fixFingers}, fixed)
 * @param jitter relative jitter of the periodic tasks in [0, 1): each interval is drawn uniformly
 *     from period · [1 - jitter, 1 + jitter] (0.5 with a 30 s period gives the Chord paper's
 *     stabilization "uniformly in [15, 45] s")
 * @param requestTimeout floor of the adaptive request timeout (a peer is suspected after two
 *     timed-out requests in a row, so this bounds how fast a crash is noticed)
 * @param lookupTimeout how long an origin waits for a lookup before it counts as failed (at least
 *     5 times requestTimeout)
 * @param virtualNodes ring ids per physical peer, 1..1024
 * @param lookup recursive or iterative lookups
 * @param nextHop {@code fingers}: the closest preceding finger, the successor list only around
 *     failed fingers (SIGCOMM 2001); {@code fingersAndSuccessors}: the closest preceding peer among
 *     fingers and successor list (ToN 2003, paths about ½·log2 r hops shorter)
 * @param placement {@code fixed}: peers are named p0, p1, ... (c0, c1, ... for churn joins) and
 *     sit at the same ring positions whatever the seed, so seeds vary only the random choices of
 *     the run; {@code seeded}: the names carry a tag of the seed, so each seed also places the
 *     peers anew (what a sweep over seeds of a placement-sensitive figure, such as keys per node,
 *     needs)
 * @param quota messages per second a peer accepts from one sender, with a burst of twice as many
 *     (default 10 000, {@link ChordLimits#requestsPerSecond}); 0 turns it off
 * @param writeQuorum copies that must hold a put or delete before it is acknowledged, 1..replicas,
 *     0 for a majority
 * @param readQuorum replicas a get waits for, answering with the newest version and repairing the
 *     older copies, 1..replicas, 0 for one
 * @param repair how a primary keeps its replicas up to date: {@code reconcile} (the default:
 *     rateless IBLT reconciliation of (key, version) digests both ways, which also repairs the
 *     primary and moves only what differs) or {@code push} (Chord's push of the whole primary
 *     range; the paper reproductions pin it, since their published figures were measured with it)
 * @param proximityCandidates proximity neighbour selection: the scenario keys {@code proximity:
 *     true} and {@code proximityCandidates} (2..successors+1, default 8) make finger i the peer with
 *     the lowest measured round trip among the first that many peers of [start(i), start(i+1));
 *     0 (the default, {@code proximity: false}) takes the successor of the start, as every
 *     published figure did
 * @param successorPush {@code successorPush: true} makes a peer tell its predecessor its successor
 *     list whenever the part the predecessor copies changed; the predecessor adds the peers named
 *     there and removes none (default false: successor lists change by stabilize alone, as every
 *     published figure did)
 * @param senderLimit the {@code senderLimit} section: the exact per-sender quota (the default) or a
 *     counting filter of fixed memory ({@link SenderLimitSettings})
 * @param hotKeys the {@code hotKeys} section: hot-key relief and the {@code load} summary section
 *     ({@link HotKeySettings}; absent by default)
 */
public record ChordSettings(
    int idBits, int successors, int replicas, Duration stabilize, Duration fixFingers, Duration checkPredecessor,
    Duration stabilizeMax, Duration fixFingersMax, double jitter, Duration requestTimeout, Duration lookupTimeout, int virtualNodes, LookupStyle lookup,
    NextHop nextHop, Placement placement, long quota, int writeQuorum, int readQuorum, RepairMode repair,
    int proximityCandidates, boolean successorPush, SenderLimitSettings senderLimit, HotKeySettings hotKeys) {

  /** Candidates of a finger with {@code proximity: true} and no {@code proximityCandidates}. */
  public static final int DEFAULT_PROXIMITY_CANDIDATES = 8;

  /** Where peers sit on the ring across seeds. */
  public enum Placement {
    /** The same names, so the same ring ids, for every seed. */
    FIXED,
    /** Names tagged with the seed: a new placement per seed. */
    SEEDED;

    /**
     * What goes before every host name of a run with {@code seed}: nothing for {@code fixed},
     * {@code s} and the seed in base 36 for {@code seeded}.
     */
    public String namePrefix(long seed) {
      return this == SEEDED ? "s" + Long.toUnsignedString(seed, 36) : "";
    }
  }

  /** Which tables the next hop of a lookup is chosen from. */
  public enum NextHop {
    /** Fingers first; the successor list only when no finger is usable. */
    FINGERS,
    /** The closest preceding peer among fingers and successor list. */
    FINGERS_AND_SUCCESSORS
  }

  /** How a lookup travels. */
  public enum LookupStyle {
    /** Forwarded hop by hop; the answer goes straight back to the origin. */
    RECURSIVE,
    /** The origin asks each hop in turn. */
    ITERATIVE
  }

  /** The keys of the section, in the order messages list them. */
  public static final List<String> KEYS = List.of("idBits", "successors", "replicas", "stabilize", "fixFingers",
      "checkPredecessor", "stabilizeMax", "fixFingersMax", "jitter", "requestTimeout", "lookupTimeout", "virtualNodes", "lookup",
      "nextHop", "placement", "quota", "writeQuorum", "readQuorum", "repair", "proximity", "proximityCandidates",
      "successorPush", "senderLimit", "hotKeys");

  /** The defaults (those of {@link Builder}). */
  public static final ChordSettings DEFAULTS = builder().build();

  public ChordSettings {
    if (senderLimit == null) {
      senderLimit = SenderLimitSettings.DEFAULTS;
    }
    if (hotKeys == null) {
      hotKeys = HotKeySettings.NONE;
    }
    if (idBits < 1 || idBits > 64 || successors < 1 || replicas < 1 || replicas > successors + 1
        || virtualNodes < 1 || !(jitter >= 0 && jitter < 1) || stabilizeMax.compareTo(stabilize) < 0
        || fixFingersMax.compareTo(fixFingers) < 0 || quota < 0 || writeQuorum < 0 || writeQuorum > replicas
        || readQuorum < 0 || readQuorum > replicas || repair == null
        || proximityCandidates != 0 && (proximityCandidates < 2 || proximityCandidates > successors + 1)) {
      throw new IllegalArgumentException("chord settings out of range");
    }
  }

  /**
   * These settings as a YAML flow mapping of the {@code chord} section, which
   * {@link ScenarioLoader#chordSettings} reads back to equal settings: how a child JVM of
   * {@code run --jvms} gets the coordinator's settings.
   */
  public String toYaml() {
    return "{idBits: " + idBits + ", successors: " + successors + ", replicas: " + replicas
        + ", stabilize: " + DurationText.format(stabilize) + ", fixFingers: " + DurationText.format(fixFingers)
        + ", checkPredecessor: " + DurationText.format(checkPredecessor)
        + ", stabilizeMax: " + DurationText.format(stabilizeMax) + ", fixFingersMax: " + DurationText.format(fixFingersMax)
        + ", jitter: " + jitter + ", requestTimeout: " + DurationText.format(requestTimeout)
        + ", lookupTimeout: " + DurationText.format(lookupTimeout) + ", virtualNodes: " + virtualNodes
        + ", lookup: " + (lookup == LookupStyle.ITERATIVE ? "iterative" : "recursive")
        + ", nextHop: " + (nextHop == NextHop.FINGERS_AND_SUCCESSORS ? "fingersAndSuccessors" : "fingers")
        + ", placement: " + (placement == Placement.SEEDED ? "seeded" : "fixed") + ", quota: " + quota
        + ", writeQuorum: " + writeQuorum + ", readQuorum: " + readQuorum
        + ", repair: " + (repair == RepairMode.RECONCILE ? "reconcile" : "push")
        + (proximityCandidates > 0 ? ", proximity: true, proximityCandidates: " + proximityCandidates : "")
        + ", successorPush: " + successorPush + ", senderLimit: " + senderLimit.toYaml()
        + (hotKeys.enabled() ? ", hotKeys: " + hotKeys.toYaml() : "") + "}";
  }

  /** A builder holding the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return new Builder()
        .idBits(idBits)
        .successors(successors)
        .replicas(replicas)
        .stabilize(stabilize)
        .fixFingers(fixFingers)
        .checkPredecessor(checkPredecessor)
        .stabilizeMax(stabilizeMax)
        .fixFingersMax(fixFingersMax)
        .jitter(jitter)
        .requestTimeout(requestTimeout)
        .lookupTimeout(lookupTimeout)
        .virtualNodes(virtualNodes)
        .lookup(lookup)
        .nextHop(nextHop)
        .placement(placement)
        .quota(quota)
        .writeQuorum(writeQuorum)
        .readQuorum(readQuorum)
        .repair(repair)
        .proximityCandidates(proximityCandidates)
        .successorPush(successorPush)
        .senderLimit(senderLimit)
        .hotKeys(hotKeys);
  }

  /**
   * Builds settings by name. A new builder holds the section's defaults, the only place they are
   * written; {@link #build()} validates.
   */
  public static final class Builder {
    private int idBits = 64;
    private int successors = 8;
    private int replicas = 3;
    private Duration stabilize = Duration.ofMillis(500);
    private Duration fixFingers = Duration.ofMillis(500);
    private Duration checkPredecessor = Duration.ofSeconds(1);
    private Duration stabilizeMax = Duration.ofMillis(500);
    private Duration fixFingersMax = Duration.ofMillis(500);
    private double jitter = 0.2;
    private Duration requestTimeout = Duration.ofMillis(500);
    private Duration lookupTimeout = Duration.ofSeconds(10);
    private int virtualNodes = 1;
    private LookupStyle lookup = LookupStyle.RECURSIVE;
    private NextHop nextHop = NextHop.FINGERS;
    private Placement placement = Placement.FIXED;
    private long quota = ChordLimits.DEFAULT_REQUESTS_PER_SECOND;
    private int writeQuorum = 0;
    private int readQuorum = 0;
    private RepairMode repair = RepairMode.RECONCILE;
    private int proximityCandidates = 0;
    private boolean successorPush = false;
    private SenderLimitSettings senderLimit = SenderLimitSettings.DEFAULTS;
    private HotKeySettings hotKeys = HotKeySettings.NONE;

    private Builder() {
    }

    /** Sets {@link ChordSettings#idBits()}. */
    public Builder idBits(int value) {
      idBits = value;
      return this;
    }

    /** Sets {@link ChordSettings#successors()}. */
    public Builder successors(int value) {
      successors = value;
      return this;
    }

    /** Sets {@link ChordSettings#replicas()}. */
    public Builder replicas(int value) {
      replicas = value;
      return this;
    }

    /** Sets {@link ChordSettings#stabilize()}. */
    public Builder stabilize(Duration value) {
      stabilize = value;
      return this;
    }

    /** Sets {@link ChordSettings#fixFingers()}. */
    public Builder fixFingers(Duration value) {
      fixFingers = value;
      return this;
    }

    /** Sets {@link ChordSettings#checkPredecessor()}. */
    public Builder checkPredecessor(Duration value) {
      checkPredecessor = value;
      return this;
    }

    /** Sets {@link ChordSettings#stabilizeMax()}. */
    public Builder stabilizeMax(Duration value) {
      stabilizeMax = value;
      return this;
    }

    /** Sets {@link ChordSettings#fixFingersMax()}. */
    public Builder fixFingersMax(Duration value) {
      fixFingersMax = value;
      return this;
    }

    /** Sets {@link ChordSettings#jitter()}. */
    public Builder jitter(double value) {
      jitter = value;
      return this;
    }

    /** Sets {@link ChordSettings#requestTimeout()}. */
    public Builder requestTimeout(Duration value) {
      requestTimeout = value;
      return this;
    }

    /** Sets {@link ChordSettings#lookupTimeout()}. */
    public Builder lookupTimeout(Duration value) {
      lookupTimeout = value;
      return this;
    }

    /** Sets {@link ChordSettings#virtualNodes()}. */
    public Builder virtualNodes(int value) {
      virtualNodes = value;
      return this;
    }

    /** Sets {@link ChordSettings#lookup()}. */
    public Builder lookup(LookupStyle value) {
      lookup = value;
      return this;
    }

    /** Sets {@link ChordSettings#nextHop()}. */
    public Builder nextHop(NextHop value) {
      nextHop = value;
      return this;
    }

    /** Sets {@link ChordSettings#placement()}. */
    public Builder placement(Placement value) {
      placement = value;
      return this;
    }

    /** Sets {@link ChordSettings#quota()}. */
    public Builder quota(long value) {
      quota = value;
      return this;
    }

    /** Sets {@link ChordSettings#writeQuorum()}. */
    public Builder writeQuorum(int value) {
      writeQuorum = value;
      return this;
    }

    /** Sets {@link ChordSettings#readQuorum()}. */
    public Builder readQuorum(int value) {
      readQuorum = value;
      return this;
    }

    /** Sets {@link ChordSettings#repair()}. */
    public Builder repair(RepairMode value) {
      repair = value;
      return this;
    }

    /** Sets {@link ChordSettings#proximityCandidates()}. */
    public Builder proximityCandidates(int value) {
      proximityCandidates = value;
      return this;
    }

    /** Sets {@link ChordSettings#successorPush()}. */
    public Builder successorPush(boolean value) {
      successorPush = value;
      return this;
    }

    /** Sets {@link ChordSettings#senderLimit()}. */
    public Builder senderLimit(SenderLimitSettings value) {
      senderLimit = value;
      return this;
    }

    /** Sets {@link ChordSettings#hotKeys()}. */
    public Builder hotKeys(HotKeySettings value) {
      hotKeys = value;
      return this;
    }

    /** The settings, validated. */
    public ChordSettings build() {
      return new ChordSettings(idBits, successors, replicas, stabilize, fixFingers, checkPredecessor, stabilizeMax,
          fixFingersMax, jitter, requestTimeout, lookupTimeout, virtualNodes, lookup, nextHop, placement,
          quota, writeQuorum, readQuorum, repair, proximityCandidates, successorPush, senderLimit, hotKeys);
    }
  }
}
