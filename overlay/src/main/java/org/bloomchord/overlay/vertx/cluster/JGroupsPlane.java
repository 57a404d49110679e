package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.Vertx;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;

/**
 * The cluster plane on JGroups under mutual TLS ({@link JGroupsClusterManager}, {@link PlaneSockets}).
 * Once the node runs, a timer of the node closes, once a second, the plane's connections whose
 * peer the member's revocation list now names; the revoked member then cannot reconnect, sends no
 * more heartbeats, and leaves this node's view within the heartbeat timeout.
 */
public final class JGroupsPlane implements ClusterPlane {

  private final JGroupsSettings settings;
  private final JGroupsClusterManager manager;

  /** A plane that joins as {@code settings} say. */
  public JGroupsPlane(JGroupsSettings settings) {
    this.settings = settings;
    this.manager = new JGroupsClusterManager(settings);
  }

  @Override
  public ClusterManager manager() {
    return manager;
  }

  @Override
  public void started(Vertx vertx) {
    vertx.setPeriodic(MemberTrust.RELOAD_CHECK_MS, id -> settings.sockets().closeRevoked());
  }

  @Override
  public String memberAddress() {
    return settings.memberAddress();
  }

  @Override
  public List<String> splitSearchTargets() {
    List<String> targets = new ArrayList<>(settings.members());
    targets.add(settings.memberAddress());
    return targets;
  }

  @Override
  public void onMerged(Runnable action) {
    manager.onMerged(action);
  }

  @Override
  public void onMemberRemoved(Consumer<String> action) {
    manager.onMemberRemoved(action);
  }

  @Override
  public int members() {
    return manager.viewSize();
  }

  @Override
  public Map<Refusal, Long> refusals() {
    return settings.sockets().refusals();
  }
}
