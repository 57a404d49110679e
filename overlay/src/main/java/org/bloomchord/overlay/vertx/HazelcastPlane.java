package org.bloomchord.overlay.vertx;

import com.hazelcast.cluster.Cluster;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.config.TcpIpConfig;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import io.vertx.core.Vertx;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.bloomchord.overlay.admission.Refusal;
import org.bloomchord.overlay.vertx.cluster.ClusterPlane;

/**
 * The cluster plane on open-source Hazelcast: plain text, no member authentication, so its port
 * belongs on loopback or a private network (docs/architecture/admission.md).
 */
final class HazelcastPlane implements ClusterPlane {

  private static final Logger LOG = Logger.getLogger(HazelcastPlane.class.getName());

  /** Held so that the level set on it stays: JUL keeps loggers only weakly. */
  private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

  static {
    // Hazelcast logs every membership step at INFO; the ring reports what matters itself
    HAZELCAST_LOG.setLevel(Level.WARNING);
  }

  private final ClusterOptions options;
  private final int port;
  private final Config config;
  private final HazelcastClusterManager manager;
  private final TcpIpConfig searchTargets;
  private final List<Runnable> onMerged = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> onMemberRemoved = new CopyOnWriteArrayList<>();

  HazelcastPlane(ClusterOptions options, int port) {
    this.options = options;
    this.port = port;
    this.config = config(options, port);
    this.manager = new HazelcastClusterManager(config);
    this.searchTargets = config.getNetworkConfig().getJoin().getTcpIpConfig();
  }

  /** The Hazelcast settings: the defaults Vert.x needs, then loopback-first networking. */
  static Config config(ClusterOptions options, int port) {
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

  @Override
  public ClusterManager manager() {
    return manager;
  }

  /**
   * Adds every member this node has seen in the cluster to the addresses its Hazelcast looks for
   * after a split. Hazelcast's split-brain search only asks the configured TCP-IP members, so a node
   * started without {@code --members} (the first of a ring) would never look for the other half
   * itself; with this, each half of a split looks for every member it has known, and a half whose
   * configured members are all gone still finds the rest. The joiner reads this list on every
   * search (every 10 s during a split); it is only appended to, when a member joins.
   */
  @Override
  public void started(Vertx vertx) {
    Cluster cluster = manager.getHazelcastInstance().getCluster();
    cluster.addMembershipListener(new MembershipListener() {
      @Override
      public void memberAdded(MembershipEvent event) {
        remember(event.getMember());
      }

      @Override
      public void memberRemoved(MembershipEvent event) {
        // kept in the list: a removed member is the one a split-brain search must look for
        String address = address(event.getMember());
        onMemberRemoved.forEach(action -> action.accept(address));
      }
    });
    cluster.getMembers().forEach(this::remember);
    manager.getHazelcastInstance().getLifecycleService().addLifecycleListener(event -> {
      if (event.getState() == LifecycleState.MERGED) {
        LOG.warning("node " + options.nodeName() + ": merged into the other half of the cluster; registering its"
            + " consumers again");
        onMerged.forEach(Runnable::run);
      }
    });
  }

  private static String address(Member member) {
    return member.getAddress().getHost() + ":" + member.getAddress().getPort();
  }

  private void remember(Member member) {
    String address = address(member);
    synchronized (searchTargets) {
      if (!searchTargets.getMembers().contains(address)) {
        searchTargets.addMember(address);
      }
    }
  }

  @Override
  public String memberAddress() {
    return options.host() + ":" + port;
  }

  @Override
  public List<String> splitSearchTargets() {
    synchronized (searchTargets) {
      return List.copyOf(searchTargets.getMembers());
    }
  }

  @Override
  public void onMerged(Runnable action) {
    onMerged.add(action);
  }

  @Override
  public void onMemberRemoved(Consumer<String> action) {
    onMemberRemoved.add(action);
  }

  @Override
  public int members() {
    return manager.getNodes().size();
  }

  @Override
  public Map<Refusal, Long> refusals() {
    return Map.of();
  }
}
