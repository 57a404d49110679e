package org.bloomchord.overlay.vertx.cluster;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which cluster manager keeps a multi-JVM ring's membership (docs/architecture/admission.md,
 * "The cluster plane").
 */
public enum ClusterManagerKind {
  /**
   * Open-source Hazelcast: plain text, no member authentication. For loopback or a private network
   * only.
   */
  HAZELCAST,
  /**
   * JGroups over TCP with mutual TLS ({@link JGroupsClusterManager}): only holders of a member
   * certificate of the ring authority, or of the secret's derived certificate, join.
   */
  JGROUPS;

  /** The lower-case name the CLI takes: "hazelcast", "jgroups". */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The kind named {@code text} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the kinds there are
   */
  public static ClusterManagerKind parse(String text) {
    for (ClusterManagerKind k : values()) {
      if (k.label().equalsIgnoreCase(text.trim())) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown cluster manager '" + text + "' (one of "
        + Arrays.stream(values()).map(ClusterManagerKind::label).collect(Collectors.joining(", ")) + ")");
  }
}
