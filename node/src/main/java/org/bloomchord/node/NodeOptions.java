package org.bloomchord.node;

import java.nio.file.Path;
import java.util.Objects;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.repair.RepairConfig;

/**
 * How a {@link Node} runs, in the Vert.x style: a mutable options object with fluent setters that
 * validate their argument at once (an {@link IllegalArgumentException} naming the setting and the
 * value), and every default in the {@code DEFAULT_*} constants below.
 *
 * <pre>{@code
 * NodeOptions options = new NodeOptions().setPeers(32).setSeed(7).setDataDir(Path.of("data"));
 * }</pre>
 */
public final class NodeOptions {

  /** Peers started with the node: 16. */
  public static final int DEFAULT_PEERS = 16;
  /** Largest number of peers one node hosts: 100,000. */
  public static final int MAX_PEERS = 100_000;
  /** Root of the node's random choices (bootstraps, the peer an operation starts from): 1. */
  public static final long DEFAULT_SEED = 1L;
  /** How long {@link Node#start} waits for a stable ring: 120 s. */
  public static final long DEFAULT_START_TIMEOUT_MS = 120_000;
  /** How long closing waits for the peers' graceful leave: 10 s. */
  public static final long DEFAULT_LEAVE_TIMEOUT_MS = 10_000;

  private int peers = DEFAULT_PEERS;
  private long seed = DEFAULT_SEED;
  /**
   * The Chord defaults with confirmed failures ({@link ChordConfig#confirmFailures()}): a node's
   * peers may span hosts, where a cut can be non-transitive.
   */
  private ChordConfig chord = ChordConfig.defaults().withConfirmFailures(true);
  private LocationConfig location = LocationConfig.defaults();
  private RepairConfig repair = RepairConfig.defaults();
  private int eventLoopThreads = Runtime.getRuntime().availableProcessors();
  private Path dataDir;
  private long startTimeoutMs = DEFAULT_START_TIMEOUT_MS;
  private long leaveTimeoutMs = DEFAULT_LEAVE_TIMEOUT_MS;
  private ClusterOptions cluster;
  private HotKeyOptions hotKeys;

  /** Options with every default. */
  public NodeOptions() {
  }

  /** A copy of {@code other}. */
  public NodeOptions(NodeOptions other) {
    this.peers = other.peers;
    this.seed = other.seed;
    this.chord = other.chord;
    this.location = other.location;
    this.repair = other.repair;
    this.eventLoopThreads = other.eventLoopThreads;
    this.dataDir = other.dataDir;
    this.startTimeoutMs = other.startTimeoutMs;
    this.leaveTimeoutMs = other.leaveTimeoutMs;
    this.cluster = other.cluster;
    this.hotKeys = other.hotKeys;
  }

  public int getPeers() {
    return peers;
  }

  /** Peers started with the node, 1..{@value #MAX_PEERS} (a restarted node starts as many as it had). */
  public NodeOptions setPeers(int peers) {
    check(peers >= 1 && peers <= MAX_PEERS, "peers must be in 1.." + MAX_PEERS + ", got " + peers);
    this.peers = peers;
    return this;
  }

  public long getSeed() {
    return seed;
  }

  /** Root of the node's random choices; any value. */
  public NodeOptions setSeed(long seed) {
    this.seed = seed;
    return this;
  }

  public ChordConfig getChord() {
    return chord;
  }

  /** The Chord settings of every peer (validated by {@link ChordConfig} itself). */
  public NodeOptions setChord(ChordConfig chord) {
    this.chord = Objects.requireNonNull(chord, "chord settings must be given");
    return this;
  }

  public LocationConfig getLocation() {
    return location;
  }

  /** The settings of the attenuated filters and of locate. */
  public NodeOptions setLocation(LocationConfig location) {
    this.location = Objects.requireNonNull(location, "location settings must be given");
    return this;
  }

  public RepairConfig getRepair() {
    return repair;
  }

  /** The settings of replica repair by reconciliation. */
  public NodeOptions setRepair(RepairConfig repair) {
    this.repair = Objects.requireNonNull(repair, "repair settings must be given");
    return this;
  }

  public int getEventLoopThreads() {
    return eventLoopThreads;
  }

  /** Event loops of the Vert.x instance the node creates (ignored on a caller's instance), 1..1024. */
  public NodeOptions setEventLoopThreads(int eventLoopThreads) {
    check(eventLoopThreads >= 1 && eventLoopThreads <= 1024,
        "eventLoopThreads must be in 1..1024, got " + eventLoopThreads);
    this.eventLoopThreads = eventLoopThreads;
    return this;
  }

  public Path getDataDir() {
    return dataDir;
  }

  /**
   * Where the peers' identities and stores are kept across restarts; null (the default) keeps
   * everything in memory.
   */
  public NodeOptions setDataDir(Path dataDir) {
    this.dataDir = dataDir;
    return this;
  }

  public long getStartTimeoutMs() {
    return startTimeoutMs;
  }

  /** How long starting waits for a stable ring, ms, at least 1. */
  public NodeOptions setStartTimeoutMs(long startTimeoutMs) {
    check(startTimeoutMs >= 1, "startTimeoutMs must be at least 1, got " + startTimeoutMs);
    this.startTimeoutMs = startTimeoutMs;
    return this;
  }

  public long getLeaveTimeoutMs() {
    return leaveTimeoutMs;
  }

  /** How long closing waits for the peers' graceful leave before stopping them anyway, ms, at least 1. */
  public NodeOptions setLeaveTimeoutMs(long leaveTimeoutMs) {
    check(leaveTimeoutMs >= 1, "leaveTimeoutMs must be at least 1, got " + leaveTimeoutMs);
    this.leaveTimeoutMs = leaveTimeoutMs;
    return this;
  }

  public ClusterOptions getCluster() {
    return cluster;
  }

  /**
   * Runs the node as one member of a ring that spans JVMs: the node starts a clustered Vert.x
   * instance of its own (Hazelcast) from these options and names its peers {@code pK@NODE} after
   * {@link ClusterOptions#nodeName()}. With {@link ClusterOptions#members()} empty the node starts a
   * new ring; otherwise its first peer joins through a running peer of another node of the cluster.
   * Null (the default): a ring of this JVM alone, on a local Vert.x instance.
   */
  public NodeOptions setCluster(ClusterOptions cluster) {
    this.cluster = cluster;
    return this;
  }

  public HotKeyOptions getHotKeys() {
    return hotKeys;
  }

  /**
   * Hot-key relief on every peer (docs/architecture/hot-keys.md): owners count gets per key, lease
   * hot keys to the peers on their lookup paths, and the node's reads go through it. Null (the
   * default): no relief, reads go to the store and no key is counted.
   */
  public NodeOptions setHotKeys(HotKeyOptions hotKeys) {
    this.hotKeys = hotKeys;
    return this;
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
