package org.bloomchord.overlay.vertx;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.config.TcpIpConfig;
import com.hazelcast.cluster.Cluster;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.metrics.MetricsOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.log.LogLimits;

/**
 * One JVM's membership in a ring that spans JVMs: a clustered Vert.x instance on the Hazelcast
 * cluster manager, started from {@link ClusterOptions} and stopped by {@link #close()}. The
 * {@link VertxNetwork} built on it registers one gateway on it and deploys its peers there.
 */
public final class ClusterNode implements AutoCloseable {

  /**
   * The JVM flags Hazelcast needs on JDK 17 to reach the JDK internals it uses, and the one the
   * event bus' TLS certificate needs; the launcher, the test JVMs and every child JVM pass them.
   */
  public static final List<String> JDK_FLAGS = List.of("--add-modules", "java.se",
      "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.management/sun.management=ALL-UNNAMED",
      "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
      // the JDK's certificate classes, which derive the event bus' TLS certificate from the secret
      "--add-exports", "java.base/sun.security.x509=ALL-UNNAMED");

  /**
   * How long the event bus waits for a TCP connection to another member. With Vert.x' default,
   * 60 s, a connection attempted while the network was cut (its SYNs dropped) could stay pending
   * into the heal with every message to that member queued behind it (docs/architecture/hosts.md,
   * "The event bus after a heal"). Members are on one network; 5 s is ample for a connect there.
   */
  static final int BUS_CONNECT_TIMEOUT_MS = 5_000;

  /**
   * How often the event bus pings each open connection: Vert.x' defaults (a ping every 20 s, 20 s
   * for its pong) keep a connection into a cut open for up to 40 s.
   */
  static final long BUS_PING_MS = 5_000;

  /**
   * How long the event bus waits for a pong before it closes the connection. Not 5 s, the ping's
   * period: on two cores shared by three JVMs and a build, a member stalled for 4.7 to 5 s (GC and
   * CPU starvation; Hazelcast logged those clock jumps) and 5 s closed busy, healthy connections.
   * A connection into a cut is still closed by {@link #BUS_READ_IDLE_S} within 15 s, as before.
   */
  static final long BUS_PONG_MS = 10_000;

  /**
   * A connection of the event bus on which nothing was read for this long is closed. Each end
   * reads the other's pings or pongs every {@link #BUS_PING_MS}, so a healthy connection never
   * idles this long; a socket whose data the other side stopped acknowledging during a cut does,
   * and without this it stayed open, its writes queued, until the kernel's retransmission
   * back-off (up to 120 s between tries) next reached the healed network.
   */
  static final int BUS_READ_IDLE_S = 15;

  /** How long starting or leaving the cluster may take before it is given up. */
  private static final long START_TIMEOUT_MS = 60_000;

  private static final Logger LOG = Logger.getLogger(ClusterNode.class.getName());

  /** Held so that the level set on it stays: JUL keeps loggers only weakly. */
  private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

  static {
    // Hazelcast logs every membership step at INFO; the ring reports what matters itself
    HAZELCAST_LOG.setLevel(Level.WARNING);
    LogLimits.install();
  }

  private final ClusterOptions options;
  private final int port;
  private final HazelcastClusterManager manager;
  private final WireMeter meter;
  private final Vertx vertx;
  private final MemberTrust trust;
  private final TcpIpConfig searchTargets;
  private final List<Runnable> onMerged = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> onMemberRemoved;
  private final BusExceptions errors;

  private ClusterNode(ClusterOptions options, int port, HazelcastClusterManager manager, WireMeter meter, Vertx vertx,
      MemberTrust trust, TcpIpConfig searchTargets, List<Consumer<String>> onMemberRemoved) {
    this.onMemberRemoved = onMemberRemoved;
    this.trust = trust;
    this.searchTargets = searchTargets;
    this.options = options;
    this.port = port;
    this.manager = manager;
    this.meter = meter;
    this.vertx = vertx;
    this.errors = new BusExceptions(options.nodeName());
    vertx.exceptionHandler(errors);
  }

  /**
   * Starts a clustered Vert.x instance with event-loop pool {@code eventLoopThreads} and waits until
   * it has joined (or started) the cluster.
   *
   * @throws IllegalStateException if the cluster could not be joined within a minute
   * @throws IllegalArgumentException if the member certificate files of the options are unfit
   */
  public static ClusterNode start(ClusterOptions options, int eventLoopThreads) {
    int port = options.port() == 0 ? freePort(options.host()) : options.port();
    Config hazelcast = hazelcastConfig(options, port);
    HazelcastClusterManager manager = new HazelcastClusterManager(hazelcast);
    WireMeter meter = new WireMeter();
    VertxOptions vo = new VertxOptions().setEventLoopPoolSize(eventLoopThreads)
        .setMetricsOptions(new MetricsOptions().setEnabled(true));
    vo.getEventBusOptions().setHost(options.host()).setPort(options.busPort()).setClusterPublicHost(options.host())
        .setConnectTimeout(BUS_CONNECT_TIMEOUT_MS)
        .setClusterPingInterval(BUS_PING_MS).setClusterPingReplyInterval(BUS_PONG_MS)
        .setReadIdleTimeout(BUS_READ_IDLE_S).setIdleTimeoutUnit(TimeUnit.SECONDS);
    if (options.tlsSeed() != null) {
      EventBusTls.apply(vo.getEventBusOptions(), options.tlsSeed());
    }
    // read before anything starts, so that a bad certificate file is one error and no half-joined member
    MemberTrust trust = options.member() == null ? null : new MemberTrust(options.member());
    if (trust != null) {
      MemberTls.prepare(vo.getEventBusOptions(), trust);
    }
    try {
      Vertx vertx = Vertx.builder().with(vo).withMetrics(meter).withClusterManager(manager).buildClustered()
          .toCompletionStage().toCompletableFuture().get(START_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      if (trust != null) {
        try {
          MemberTls.install(vertx, trust);
        } catch (RuntimeException e) {
          vertx.close();
          throw e;
        }
        // the revocation list is looked at on this timer, so that open connections of a peer revoked
        // while the ring is quiet are closed too
        vertx.setPeriodic(MemberTrust.RELOAD_CHECK_MS, id -> trust.refresh());
      }
      TcpIpConfig tcpIp = hazelcast.getNetworkConfig().getJoin().getTcpIpConfig();
      List<Consumer<String>> removed = new CopyOnWriteArrayList<>();
      rememberMembers(manager, tcpIp, removed);
      ClusterNode node = new ClusterNode(options, port, manager, meter, vertx, trust, tcpIp, removed);
      manager.getHazelcastInstance().getLifecycleService().addLifecycleListener(event -> {
        if (event.getState() == LifecycleState.MERGED) {
          node.merged();
        }
      });
      return node;
    } catch (ExecutionException e) {
      throw new IllegalStateException("could not join cluster '" + options.clusterName() + "' on "
          + options.host() + ":" + port + ": " + e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("joining cluster '" + options.clusterName() + "' took over "
          + START_TIMEOUT_MS + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while joining the cluster", e);
    }
  }

  /** The Hazelcast settings: the defaults Vert.x needs, then loopback-first networking. */
  static Config hazelcastConfig(ClusterOptions options, int port) {
    Config config = ConfigUtil.loadConfig();
    config.setClusterName(options.clusterName());
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.max.no.heartbeat.seconds", Integer.toString(options.maxNoHeartbeatSeconds()));
    config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
    // after a network split, each side looks for the other every 10 s (Hazelcast's defaults, 300 s
    // before the first look and 120 s between looks, left a healed ring in two halves for minutes)
    config.setProperty("hazelcast.merge.first.run.delay.seconds", "10");
    config.setProperty("hazelcast.merge.next.run.delay.seconds", "10");
    config.setProperty("hazelcast.logging.type", "jdk");
    // the node's own close (and the CLI's shutdown hook) leaves the cluster, in that order
    config.setProperty("hazelcast.shutdownhook.enabled", "false");
    NetworkConfig network = config.getNetworkConfig();
    network.setPort(port).setPortAutoIncrement(false).setPublicAddress(options.host() + ":" + port);
    network.getInterfaces().setEnabled(true).setInterfaces(List.of(options.host()));
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    List<String> members = new ArrayList<>(options.members());
    members.add(options.host() + ":" + port);
    join.getTcpIpConfig().setEnabled(true).setMembers(members);
    return config;
  }

  /**
   * Adds every member this node has seen in the cluster to the addresses its Hazelcast looks for
   * after a split. Hazelcast's split-brain search only asks the configured TCP-IP members, so a node
   * started without {@code --members} (the first of a ring) would never look for the other half
   * itself; with this, each half of a split looks for every member it has known, and a half whose
   * configured members are all gone still finds the rest. The joiner reads this list on every
   * search (every 10 s during a split); it is only appended to, when a member joins. A member
   * removed is handed to {@code removed}'s actions.
   */
  private static void rememberMembers(HazelcastClusterManager manager, TcpIpConfig tcpIp,
      List<Consumer<String>> removed) {
    Cluster cluster = manager.getHazelcastInstance().getCluster();
    cluster.addMembershipListener(new MembershipListener() {
      @Override
      public void memberAdded(MembershipEvent event) {
        remember(tcpIp, event.getMember());
      }

      @Override
      public void memberRemoved(MembershipEvent event) {
        // kept in the list: a removed member is the one a split-brain search must look for
        String address = address(event.getMember());
        removed.forEach(action -> action.accept(address));
      }
    });
    cluster.getMembers().forEach(m -> remember(tcpIp, m));
  }

  private static String address(Member member) {
    return member.getAddress().getHost() + ":" + member.getAddress().getPort();
  }

  private static void remember(TcpIpConfig tcpIp, Member member) {
    String address = address(member);
    synchronized (tcpIp) {
      if (!tcpIp.getMembers().contains(address)) {
        tcpIp.addMember(address);
      }
    }
  }

  private static int freePort(String host) {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + host, e);
    }
  }

  /** This node's name, as peer addresses carry it. */
  public String name() {
    return options.nodeName();
  }

  /** The options it was started with. */
  public ClusterOptions options() {
    return options;
  }

  /** The Hazelcast member address others list to join: HOST:PORT. */
  public String memberAddress() {
    return options.host() + ":" + port;
  }

  /**
   * The member addresses (HOST:PORT) Hazelcast looks for after a split: the configured members,
   * this node, and every member seen joining since it started.
   */
  public List<String> splitSearchTargets() {
    synchronized (searchTargets) {
      return List.copyOf(searchTargets.getMembers());
    }
  }

  /**
   * Runs {@code action} (on a Hazelcast thread; it must not block) each time this member merged
   * into another half of its cluster after a split. The clustered consumers of this member should
   * register again then: the merge brings this member's registrations into the other half only
   * through Hazelcast's data merge, which on a loaded machine took tens of seconds, and until then
   * the other half answers NO_HANDLERS for this member's addresses.
   */
  public void onMerged(Runnable action) {
    onMerged.add(action);
  }

  /**
   * Runs {@code action} (on a Hazelcast thread; it must not block) with the member address
   * (HOST:PORT, as {@link #memberAddress()} spells it on that member) each time Hazelcast removes a
   * member from this member's side of the cluster: after its failure detection (no heartbeat for
   * {@link ClusterOptions#maxNoHeartbeatSeconds()}), a split, or a leave. The removed member's
   * event-bus registrations are gone from this side with it.
   */
  public void onMemberRemoved(Consumer<String> action) {
    onMemberRemoved.add(action);
  }

  private void merged() {
    LOG.warning("node " + options.nodeName() + ": merged into the other half of the cluster; registering its"
        + " consumers again");
    onMerged.forEach(Runnable::run);
  }

  /** How many members the cluster has now, this one included. */
  public int members() {
    return manager.getNodes().size();
  }

  /** Bytes this node wrote to event-bus connections (what crossed to other JVMs). */
  public long wireBytesWritten() {
    return meter.written();
  }

  /** Bytes this node read from event-bus connections. */
  public long wireBytesRead() {
    return meter.read();
  }

  /**
   * The member certificate admission of this node's event bus: refusals by reason, the current
   * revocation list; empty when the node admits by a shared secret or runs without TLS.
   */
  public Optional<MemberTrust> admission() {
    return Optional.ofNullable(trust);
  }

  /**
   * Failed event-bus writes whose completion Vert.x reported as an unhandled
   * {@code IllegalStateException} (the close race, see {@link BusExceptions}); counted, not logged.
   */
  public long closeRaces() {
    return errors.closeRaces();
  }

  /** The clustered Vert.x instance (closed with this node). */
  public Vertx vertx() {
    return vertx;
  }

  /** Leaves the cluster and closes the Vert.x instance. */
  @Override
  public void close() {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(START_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      java.lang.System.getLogger(ClusterNode.class.getName())
          .log(java.lang.System.Logger.Level.WARNING, "leaving the cluster failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
