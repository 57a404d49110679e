package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.Vertx;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bloomchord.overlay.admission.Refusal;

/**
 * The membership of a ring that spans JVMs, as a node sees it: the Vert.x cluster manager, and
 * what the ring asks of the membership beyond Vert.x' SPI (its own address, merges, removed
 * members). One per node; {@code ClusterNode} picks the kind by {@link ClusterManagerKind}.
 */
public interface ClusterPlane {

  /** The cluster manager to start the clustered Vert.x instance with. */
  ClusterManager manager();

  /** Called once the clustered Vert.x instance runs (the membership is joined). */
  void started(Vertx vertx);

  /** This node's cluster address as other nodes list it: HOST:PORT. */
  String memberAddress();

  /** The member addresses (HOST:PORT) this node looks for after a split. */
  List<String> splitSearchTargets();

  /** Runs {@code action} (it must not block) each time this node merged with another half after a split. */
  void onMerged(Runnable action);

  /** Runs {@code action} (it must not block) with the member address of each member removed from this node's side. */
  void onMemberRemoved(Consumer<String> action);

  /** How many members the membership has now, this one included. */
  int members();

  /** Connections refused at the cluster port, by reason; empty where the plane admits without TLS. */
  Map<Refusal, Long> refusals();
}
