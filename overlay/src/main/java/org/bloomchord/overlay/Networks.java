package org.bloomchord.overlay;

import java.util.Objects;
import org.bloomchord.overlay.sim.SimNetwork;
import org.bloomchord.overlay.vertx.LoopbackCluster;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.overlay.wire.WireRegistry;

/** Creates a {@link Network} of a {@link RuntimeKind}, or of a runtime given by its name. */
public final class Networks {

  /** The name of {@link RuntimeKind#VERTX}. */
  public static final String VERTX = "vertx";
  /** The name of {@link RuntimeKind#SIM}. */
  public static final String SIM = "sim";
  /** The name of {@link RuntimeKind#VERTX_LOOPBACK_CLUSTER}. */
  public static final String LOOPBACK_CLUSTER = "vertx-loopback-cluster";

  private Networks() {
  }

  /** A new, empty network on the runtime {@code kind}. */
  public static <P extends PeerProtocol> Network<P> create(RuntimeKind kind, NetworkOptions options,
      WireRegistry registry) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(registry, "registry");
    return switch (kind) {
      case SIM -> new SimNetwork<>(options, registry);
      case VERTX -> new VertxNetwork<>(options, registry);
      case VERTX_LOOPBACK_CLUSTER -> new VertxNetwork<>(LoopbackCluster.nodes(), options, registry);
    };
  }

  /**
   * A new, empty network on the runtime named {@code runtime} ({@link RuntimeKind#of}).
   *
   * @throws IllegalArgumentException naming {@code runtime} if no runtime has that name
   */
  public static <P extends PeerProtocol> Network<P> create(String runtime, NetworkOptions options,
      WireRegistry registry) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(registry, "registry");
    return create(RuntimeKind.of(runtime), options, registry);
  }
}
