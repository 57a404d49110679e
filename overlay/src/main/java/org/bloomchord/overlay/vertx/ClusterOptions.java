package org.bloomchord.overlay.vertx;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.bloomchord.overlay.admission.MemberCredentials;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;

/**
 * How one JVM joins a ring that spans several JVMs: its node name, the cluster member it runs (on
 * Hazelcast or JGroups) and the members it contacts, and the bounds of its gateway. Validated on construction;
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
 * @param manager the cluster manager that keeps the membership (default {@code HAZELCAST});
 *     {@code JGROUPS} runs it under mutual TLS, and a node started so needs a TLS seed or member
 *     certificates
 * @param joinAttempts on the JGroups plane, how many discovery rounds of {@code JOIN_TIMEOUT_MS} (3 s) a member
 *     given others to contact makes before it gives up (default 5); a test of a refused member may ask for fewer
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
    MemberCredentials member,
    ClusterManagerKind manager,
    int joinAttempts) {

  private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9-]{1,64}");
  private static final Pattern MEMBER = Pattern.compile("[^\\s:]+:\\d{1,5}");

  public ClusterOptions {
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(clusterName, "clusterName");
    Objects.requireNonNull(manager, "manager");
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
    if (joinAttempts < 1) {
      throw new IllegalArgumentException("joinAttempts must be >= 1: " + joinAttempts);
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
        + member.member() : "none") + ", manager=" + manager.label() + "]";
  }

  /** The defaults listed on each component: a new one-member cluster on loopback. */
  public static ClusterOptions loopback() {
    return new Builder().build();
  }

  /** Whether the event bus (and the JGroups plane) admit by TLS: a secret's seed or a member's certificate. */
  public boolean admitsByTls() {
    return tlsSeed != null || member != null;
  }

  /** A TLS seed of 256 random bits (64 hex digits), for a ring whose JVMs one parent starts. */
  public static String randomTlsSeed() {
    byte[] seed = new byte[32];
    new SecureRandom().nextBytes(seed);
    return HexFormat.of().formatHex(seed);
  }

  /** "n" and 8 random hex digits. */
  public static String randomNodeName() {
    return "n" + String.format("%08x", ThreadLocalRandom.current().nextInt());
  }

  public ClusterOptions withNodeName(String nodeName) {
    return toBuilder().nodeName(nodeName).build();
  }

  public ClusterOptions withHost(String host) {
    return toBuilder().host(host).build();
  }

  public ClusterOptions withPort(int port) {
    return toBuilder().port(port).build();
  }

  public ClusterOptions withMembers(List<String> members) {
    return toBuilder().members(members).build();
  }

  public ClusterOptions withClusterName(String clusterName) {
    return toBuilder().clusterName(clusterName).build();
  }

  public ClusterOptions withBusPort(int busPort) {
    return toBuilder().busPort(busPort).build();
  }

  public ClusterOptions withMaxNoHeartbeatSeconds(int seconds) {
    return toBuilder().maxNoHeartbeatSeconds(seconds).build();
  }

  public ClusterOptions withTlsSeed(String tlsSeed) {
    return toBuilder().tlsSeed(tlsSeed).build();
  }

  /** A copy admitting by {@code member}'s certificate (null: none). */
  public ClusterOptions withMember(MemberCredentials member) {
    return toBuilder().member(member).build();
  }

  public ClusterOptions withMaxFrameBytes(int maxFrameBytes) {
    return toBuilder().maxFrameBytes(maxFrameBytes).build();
  }

  /** A copy whose JGroups member looks for the listed members {@code attempts} times before it gives up. */
  public ClusterOptions withJoinAttempts(int attempts) {
    return toBuilder().joinAttempts(attempts).build();
  }

  /** A copy whose membership runs on {@code manager}. */
  public ClusterOptions withManager(ClusterManagerKind manager) {
    return toBuilder().manager(manager).build();
  }

  private Builder toBuilder() {
    Builder b = new Builder();
    b.nodeName = nodeName;
    b.host = host;
    b.port = port;
    b.members = members;
    b.clusterName = clusterName;
    b.busPort = busPort;
    b.maxNoHeartbeatSeconds = maxNoHeartbeatSeconds;
    b.maxFrameBytes = maxFrameBytes;
    b.tlsSeed = tlsSeed;
    b.member = member;
    b.manager = manager;
    b.joinAttempts = joinAttempts;
    return b;
  }

  /** Options by name, starting from the defaults of {@link #loopback()}. */
  private static final class Builder {
    private String nodeName = randomNodeName();
    private String host = "127.0.0.1";
    private int port = 5701;
    private List<String> members = List.of();
    private String clusterName = "bloomchord";
    private int busPort;
    private int maxNoHeartbeatSeconds = 5;
    private int maxFrameBytes = 1 << 20;
    private String tlsSeed;
    private MemberCredentials member;
    private ClusterManagerKind manager = ClusterManagerKind.HAZELCAST;
    private int joinAttempts = 5;

    Builder nodeName(String v) {
      nodeName = v;
      return this;
    }

    Builder host(String v) {
      host = v;
      return this;
    }

    Builder port(int v) {
      port = v;
      return this;
    }

    Builder members(List<String> v) {
      members = v;
      return this;
    }

    Builder clusterName(String v) {
      clusterName = v;
      return this;
    }

    Builder busPort(int v) {
      busPort = v;
      return this;
    }

    Builder maxNoHeartbeatSeconds(int v) {
      maxNoHeartbeatSeconds = v;
      return this;
    }

    Builder maxFrameBytes(int v) {
      maxFrameBytes = v;
      return this;
    }

    Builder tlsSeed(String v) {
      tlsSeed = v;
      return this;
    }

    Builder member(MemberCredentials v) {
      member = v;
      return this;
    }

    Builder manager(ClusterManagerKind v) {
      manager = v;
      return this;
    }

    Builder joinAttempts(int v) {
      joinAttempts = v;
      return this;
    }

    ClusterOptions build() {
      return new ClusterOptions(nodeName, host, port, members, clusterName, busPort, maxNoHeartbeatSeconds,
          maxFrameBytes, tlsSeed, member, manager, joinAttempts);
    }
  }
}
