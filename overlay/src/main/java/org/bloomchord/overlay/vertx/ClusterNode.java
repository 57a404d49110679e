package org.bloomchord.overlay.vertx;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.metrics.MetricsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;
import org.bloomchord.overlay.log.LogLimits;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;
import org.bloomchord.overlay.vertx.cluster.ClusterPlane;
import org.bloomchord.overlay.vertx.cluster.JGroupsPlane;
import org.bloomchord.overlay.vertx.cluster.JGroupsSettings;
import org.bloomchord.overlay.vertx.cluster.PlaneSockets;

/**
 * One JVM's membership in a ring that spans JVMs: a clustered Vert.x instance on the cluster
 * manager {@link ClusterOptions#manager()} names (Hazelcast by default; JGroups under mutual TLS),
 * started from {@link ClusterOptions} and stopped by {@link #close()}. The {@link VertxNetwork}
 * built on it registers one gateway on it and deploys its peers there.
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

  /** JGroups' own logger, held so that the level set on it stays: JUL keeps loggers only weakly. */
  private static final java.util.logging.Logger JGROUPS_LOG = java.util.logging.Logger.getLogger("org.jgroups");

  static {
    // refused connections are counted and logged by the plane itself, at most once per reason and subject per 10 s
    JGROUPS_LOG.setLevel(java.util.logging.Level.SEVERE);
    LogLimits.install();
  }

  private final ClusterOptions options;
  private final ClusterPlane plane;
  private final WireMeter meter;
  private final Vertx vertx;
  private final MemberTrust trust;
  private final BusExceptions errors;

  private final AtomicLong membersRemoved = new AtomicLong();

  private ClusterNode(ClusterOptions options, ClusterPlane plane, WireMeter meter, Vertx vertx, MemberTrust trust) {
    this.options = options;
    this.plane = plane;
    this.meter = meter;
    this.vertx = vertx;
    this.trust = trust;
    this.errors = new BusExceptions(options.nodeName());
    vertx.exceptionHandler(errors);
    plane.onMemberRemoved(member -> membersRemoved.incrementAndGet());
  }

  /**
   * Starts a clustered Vert.x instance with event-loop pool {@code eventLoopThreads} and waits until
   * it has joined (or started) the cluster.
   *
   * @throws IllegalStateException if the cluster could not be joined within a minute
   * @throws IllegalArgumentException if the member certificate files of the options are unfit, or
   *     the JGroups plane is asked for without a secret or member certificates
   */
  public static ClusterNode start(ClusterOptions options, int eventLoopThreads) {
    if (options.manager() == ClusterManagerKind.JGROUPS && !options.admitsByTls()) {
      throw new IllegalArgumentException("the jgroups cluster manager admits by a shared secret or member"
          + " certificates: give one");
    }
    int port = options.port() == 0 ? freePort(options.host()) : options.port();
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
    ClusterPlane plane = plane(options, port, trust);
    try {
      Vertx vertx = Vertx.builder().with(vo).withMetrics(meter).withClusterManager(plane.manager()).buildClustered()
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
      plane.started(vertx);
      return new ClusterNode(options, plane, meter, vertx, trust);
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

  /** The membership {@code options} ask for, its cluster port at {@code port}. */
  private static ClusterPlane plane(ClusterOptions options, int port, MemberTrust trust) {
    if (options.manager() == ClusterManagerKind.HAZELCAST) {
      return new HazelcastPlane(options, port);
    }
    PlaneSockets sockets = trust != null ? PlaneSockets.member(trust)
        : PlaneSockets.secret(EventBusTls.keyStore(options.tlsSeed()), EventBusTls.storePassword(),
            EventBusTls.trustStore(options.tlsSeed()));
    return new JGroupsPlane(new JGroupsSettings(options.host(), port, options.members(), options.clusterName(),
        options.maxNoHeartbeatSeconds() * 1000L, options.joinAttempts(), sockets));
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

  /** The cluster member address others list to join: HOST:PORT. */
  public String memberAddress() {
    return plane.memberAddress();
  }

  /**
   * The member addresses (HOST:PORT) the membership looks for after a split: the configured members,
   * this node, and (on Hazelcast) every member seen joining since it started.
   */
  public List<String> splitSearchTargets() {
    return plane.splitSearchTargets();
  }

  /**
   * Runs {@code action} (on a Hazelcast thread; it must not block) each time this member merged
   * into another half of its cluster after a split. The clustered consumers of this member should
   * register again then: the merge brings this member's registrations into the other half only
   * through Hazelcast's data merge, which on a loaded machine took tens of seconds, and until then
   * the other half answers NO_HANDLERS for this member's addresses.
   */
  public void onMerged(Runnable action) {
    plane.onMerged(action);
  }

  /**
   * Runs {@code action} (on a Hazelcast thread; it must not block) with the member address
   * (HOST:PORT, as {@link #memberAddress()} spells it on that member) each time Hazelcast removes a
   * member from this member's side of the cluster: after its failure detection (no heartbeat for
   * {@link ClusterOptions#maxNoHeartbeatSeconds()}), a split, or a leave. The removed member's
   * event-bus registrations are gone from this side with it.
   */
  public void onMemberRemoved(Consumer<String> action) {
    plane.onMemberRemoved(action);
  }

  /**
   * How many times the membership removed another member from this member's side since the start:
   * a member that left or was killed, a split, or a live member taken for dead (a false suspicion,
   * when nothing left, was killed or was cut).
   */
  public long membersRemoved() {
    return membersRemoved.get();
  }

  /** How many members the cluster has now, this one included. */
  public int members() {
    return plane.members();
  }

  /**
   * Connections refused at the cluster port by reason (the JGroups plane); empty on Hazelcast,
   * which admits without TLS. In the member-certificate mode these are the counts of
   * {@link #admission()} too, which covers both planes.
   */
  public Map<Refusal, Long> clusterRefusals() {
    return plane.refusals();
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
