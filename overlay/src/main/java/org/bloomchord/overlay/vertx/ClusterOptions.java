package org.bloomchord.overlay.vertx;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.bloomchord.overlay.admission.MemberCredentials;

/**
 * How one JVM joins a ring that spans several JVMs: its node name, the Hazelcast member it runs and
 * the members it contacts, and the bounds of its gateway. Validated on construction;
 * {@link #loopback()} documents every default, and the {@code withXxx} methods derive changed
 * copies.
 *
 * <p>Defaults keep everything on loopback: Hazelcast binds to 127.0.0.1, joins over TCP-IP with the
 * listed members only (multicast and auto-detection off), sends no phone-home, waits 0 s before
 * joining, and declares a member dead after {@code maxNoHeartbeatSeconds} without a heartbeat. Open
 * source Hazelcast neither authenticates nor encrypts its members: its port belongs on loopback or
 * a private network.
 *
 * @param nodeName this JVM's name in peer addresses ({@code peer@node}); letters, digits and '-',
 *     unique in the cluster (default "n" and 8 random hex digits)
 * @param host the interface Hazelcast and the event bus bind to (default 127.0.0.1)
 * @param port the Hazelcast member port; 0 picks a free one (default 5701)
 * @param members other members to contact, as HOST:PORT (default none: this member starts a cluster)
 * @param clusterName the Hazelcast cluster name; members of different names never merge (default
 *     "bloomchord")
 * @param busPort the event-bus TCP port; 0 picks a free one (default 0)
 * @param maxNoHeartbeatSeconds seconds without a heartbeat after which a member is dead (default 5)
 * @param maxFrameBytes the largest gateway frame accepted or sent (default 1 MiB)
 * @param tlsSeed hex digest of the admission secret: when set, the event bus runs mutual TLS with
 *     a certificate derived from it (see {@code EventBusTls}); null for none (default null)
 * @param member this JVM's member certificate files: when set, the event bus runs mutual TLS with
 *     the member's own certificate, admitting members of the same ring authority that are not
 *     revoked (see {@code MemberTls}); null for none (default null); not together with a TLS seed
 */
public record ClusterOptions(
    String nodeName,
    String host,
    int port,
    List<String> members,
    String clusterName,
    int busPort,
    int maxNoHeartbeatSeconds,
    int maxFrameBytes,
    String tlsSeed,
    MemberCredentials member) {

  private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9-]{1,64}");
  private static final Pattern MEMBER = Pattern.compile("[^\\s:]+:\\d{1,5}");

  public ClusterOptions {
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(clusterName, "clusterName");
    members = List.copyOf(members);
    if (!NODE_NAME.matcher(nodeName).matches()) {
      throw new IllegalArgumentException("node name must be 1-64 letters, digits or '-': '" + nodeName + "'");
    }
    if (host.isBlank()) {
      throw new IllegalArgumentException("cluster host must not be blank");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("cluster port must be in 0..65535: " + port);
    }
    if (busPort < 0 || busPort > 65_535) {
      throw new IllegalArgumentException("event-bus port must be in 0..65535: " + busPort);
    }
    for (String m : members) {
      if (!MEMBER.matcher(m).matches() || Integer.parseInt(m.substring(m.lastIndexOf(':') + 1)) > 65_535) {
        throw new IllegalArgumentException("member must be HOST:PORT: '" + m + "'");
      }
    }
    if (clusterName.isBlank()) {
      throw new IllegalArgumentException("cluster name must not be blank");
    }
    if (maxNoHeartbeatSeconds < 2) {
      throw new IllegalArgumentException("maxNoHeartbeatSeconds must be >= 2: " + maxNoHeartbeatSeconds);
    }
    if (maxFrameBytes < 1024) {
      throw new IllegalArgumentException("maxFrameBytes must be >= 1024: " + maxFrameBytes);
    }
    if (tlsSeed != null && !tlsSeed.matches("([0-9a-f]{2}){16,64}")) {
      throw new IllegalArgumentException("tlsSeed must be 16 to 64 bytes in lower-case hex");
    }
    if (tlsSeed != null && member != null) {
      throw new IllegalArgumentException("admission is by a shared secret or by member certificates, not both");
    }
  }

  /** A copy without the TLS seed in its text, so that options can be logged. */
  @Override
  public String toString() {
    return "ClusterOptions[node=" + nodeName + ", host=" + host + ", port=" + port + ", members=" + members
        + ", cluster=" + clusterName + ", tls=" + (tlsSeed != null ? "secret" : member != null ? "member "
        + member.member() : "none") + "]";
  }

  /** The defaults listed on each component: a new one-member cluster on loopback. */
  public static ClusterOptions loopback() {
    return new ClusterOptions(randomNodeName(), "127.0.0.1", 5701, List.of(), "bloomchord", 0, 5, 1 << 20, null, null);
  }

  /** "n" and 8 random hex digits. */
  public static String randomNodeName() {
    return "n" + String.format("%08x", ThreadLocalRandom.current().nextInt());
  }

  public ClusterOptions withNodeName(String nodeName) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withHost(String host) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withPort(int port) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withMembers(List<String> members) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withClusterName(String clusterName) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withBusPort(int busPort) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withMaxNoHeartbeatSeconds(int seconds) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, seconds, maxFrameBytes, tlsSeed, member);
  }

  public ClusterOptions withTlsSeed(String tlsSeed) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes,
        tlsSeed, member);
  }

  /** A copy admitting by {@code member}'s certificate (null: none). */
  public ClusterOptions withMember(MemberCredentials member) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes,
        tlsSeed, member);
  }

  public ClusterOptions withMaxFrameBytes(int maxFrameBytes) {
    return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds, maxFrameBytes, tlsSeed, member);
  }
}
