package org.bloomchord.overlay;

import java.util.Objects;
import org.bloomchord.overlay.sim.SimNetwork;
import org.bloomchord.overlay.vertx.LoopbackCluster;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.overlay.wire.WireRegistry;

/** Creates a {@link Network} by runtime name: {@value #VERTX}, {@value #SIM} or {@value #LOOPBACK_CLUSTER}. */
public final class Networks {

  /** The Vert.x actor runtime. */
  public static final String VERTX = "vertx";
  /** The deterministic discrete-event simulator. */
  public static final String SIM = "sim";
  /**
   * The clustered Vert.x runtime on the nodes of {@link LoopbackCluster}: three Hazelcast members
   * in this JVM, peers spread over them, messages between nodes crossing loopback TCP.
   */
  public static final String LOOPBACK_CLUSTER = "vertx-loopback-cluster";

  private Networks() {
  }

  /**
   * A new, empty network on the named runtime.
   *
   * @throws IllegalArgumentException if {@code runtime} is neither "vertx" nor "sim"
   */
  public static <P extends PeerProtocol> Network<P> create(String runtime, NetworkOptions options,
      WireRegistry registry) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(registry, "registry");
    if (SIM.equals(runtime)) {
      return new SimNetwork<>(options, registry);
    }
    if (VERTX.equals(runtime)) {
      return new VertxNetwork<>(options, registry);
    }
    if (LOOPBACK_CLUSTER.equals(runtime)) {
      return new VertxNetwork<>(LoopbackCluster.nodes(), options, registry);
    }
    throw new IllegalArgumentException("unknown runtime '" + runtime + "': expected 'vertx' or 'sim'");
  }
}
