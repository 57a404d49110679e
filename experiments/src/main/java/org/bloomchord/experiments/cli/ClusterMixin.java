package org.bloomchord.experiments.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.bloomchord.overlay.admission.MemberCredentials;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Pem;
import org.bloomchord.overlay.admission.SharedSecret;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;
import picocli.CommandLine.Option;

/**
 * The cluster settings of a command that joins (or starts) a ring spanning JVMs: where this JVM's
 * cluster member and event bus listen, which members it contacts, and the secret that names the
 * cluster. Mix into a command with {@code @Mixin ClusterMixin cluster} and call {@link #options}.
 *
 * <p>Two ways to admit, one at a time. The secret: the cluster name is derived from it, so JVMs
 * with different secrets never form one cluster, and the event bus runs mutual TLS with a
 * certificate derived from it, so a process without it can neither send to nor receive from any
 * gateway. Member certificates ({@code --ca DIR --member NAME}): the cluster name is derived from
 * the authority's certificate, and the event bus runs mutual TLS with the member's own certificate,
 * admitting members of that authority that are not on its revocation list
 * (docs/architecture/admission.md).
 *
 * <p>The membership ({@code --cluster-manager}, default {@code auto}) runs on JGroups under mutual
 * TLS with the same certificates whenever this JVM admits by a secret or certificates, so only
 * members enter any plane. Hazelcast, whose port is neither authenticated nor encrypted, keeps the
 * membership of a JVM without credentials, and only on loopback: a cluster host beyond loopback
 * without credentials, or {@code hazelcast} asked for there, is a usage error. A run over JVMs
 * ({@link #forOneRun}) without a secret makes one of its own, so its children are admitted by TLS
 * too.
 */
public final class ClusterMixin {

  @Option(names = "--cluster-host", paramLabel = "HOST", defaultValue = "127.0.0.1",
      description = "Interface this JVM's cluster member and event bus bind to (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--cluster-port", paramLabel = "PORT", defaultValue = "0",
      description = "Port of this JVM's cluster member; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--members", paramLabel = "HOST:PORT", split = ",",
      description = "Cluster members to contact, comma-separated (default: none, this JVM starts the cluster).")
  List<String> members = new ArrayList<>();

  @Option(names = "--secret-file", paramLabel = "FILE",
      description = "File with the shared secret, owner-only (chmod 600) and at least 128 bits: it names the cluster"
          + " and keys the event bus' mutual TLS (both derived by PBKDF2), so only JVMs given the same secret form one"
          + " ring (default: no secret, cluster 'bloomchord', no TLS).")
  Path secretFile;

  @Option(names = "--ca", paramLabel = "DIR",
      description = "Admit members by their own certificates: the ring authority's directory as 'ca init' made it,"
          + " or a member's copy of it (ca.crt, crl.pem, members/NAME.crt and .key); with --member. The cluster is"
          + " named after the authority's certificate, and the event bus admits only members it issued and did not"
          + " revoke (crl.pem is reloaded when it changes).")
  Path caDir;

  @Option(names = "--member", paramLabel = "NAME",
      description = "With --ca: this JVM's member name, whose certificate and key it presents.")
  String member;

  @Option(names = "--cluster-manager", paramLabel = "KIND", defaultValue = "auto",
      description = "What keeps the membership: 'jgroups' (mutual TLS with the certificates of --ca/--member or"
          + " --secret-file: only members join the cluster), 'hazelcast' (plain text, loopback only) or 'auto': jgroups"
          + " with credentials (and for run/ring --jvms, which make a secret of their own without one), hazelcast"
          + " without (default: ${DEFAULT-VALUE}).")
  String clusterManager;

  @Option(names = "--tls-seed-stdin", hidden = true,
      description = "Read the TLS seed from the first line of standard input (child JVMs get it from their parent).")
  boolean tlsSeedOnStdin;

  @Option(names = "--max-no-heartbeat-s", hidden = true, paramLabel = "S", defaultValue = "0",
      description = "Seconds without a heartbeat after which a member is dead (child JVMs get it from their parent;"
          + " 0: the default).")
  int maxNoHeartbeatSeconds;

  @Option(names = "--cluster-name", hidden = true, paramLabel = "NAME",
      description = "The cluster name itself (child JVMs get it from their parent).")
  String clusterName;

  /** Whether the cluster is named by a secret, an authority or a name given; if not, it is "bloomchord". */
  public boolean named() {
    return secretFile != null || caDir != null || clusterName != null;
  }

  /** The options these flags describe; bad values are a {@link UsageException} naming the flag. */
  public ClusterOptions options() {
    return options(false);
  }

  /** {@link #options}; {@code runSecret}: the caller adds a secret of its own (see {@link #forOneRun}). */
  private ClusterOptions options(boolean runSecret) {
    ClusterOptions o = ClusterOptions.loopback();
    try {
      o = o.withHost(host).withPort(port).withMembers(members);
      if (maxNoHeartbeatSeconds > 0) {
        o = o.withMaxNoHeartbeatSeconds(maxNoHeartbeatSeconds);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException("--cluster-host/--cluster-port/--members/--max-no-heartbeat-s: " + e.getMessage());
    }
    boolean credentials = secretFile != null || caDir != null || member != null || tlsSeedOnStdin || runSecret;
    o = o.withManager(manager(credentials));
    if (o.manager() == ClusterManagerKind.JGROUPS && !credentials) {
      throw new UsageException("--cluster-manager jgroups admits by certificates: give --ca DIR --member NAME or"
          + " --secret-file FILE");
    }
    if (o.manager() == ClusterManagerKind.HAZELCAST && !NodeCommand.loopback(o.host())) {
      throw new UsageException("--cluster-host " + o.host() + " is not the loopback: a membership beyond it admits"
          + " by certificates on JGroups; give --ca DIR --member NAME or --secret-file FILE"
          + (credentials ? " without --cluster-manager hazelcast" : "") + " (Hazelcast is plain text, loopback only)");
    }
    if (clusterName != null && secretFile != null) {
      throw new UsageException("give --secret-file or --cluster-name, not both");
    }
    if (caDir != null || member != null) {
      // a child JVM of run/ring --jvms gets its parent's cluster name besides the member files
      MemberCredentials files = memberCredentials();
      return o.withClusterName(clusterName != null ? clusterName : nameFromAuthority(caCertificateBytes(files)))
          .withMember(files);
    }
    if (clusterName != null) {
      return o.withClusterName(clusterName);
    }
    if (secretFile == null) {
      return o;
    }
    SharedSecret secret = readSecret(secretFile);
    return o.withClusterName(secret.clusterName()).withTlsSeed(secret.tlsSeed());
  }

  /**
   * The options of a run over JVMs ({@code run --jvms}, {@code ring --jvms}): those of {@link
   * #options} when a secret, an authority or a name is given; otherwise those of a secret made for
   * this run alone (a random cluster name and TLS seed, which the children get from the parent), so
   * that two runs on one machine never merge and every plane of the run admits only its own JVMs.
   */
  public ClusterOptions forOneRun() {
    if (named()) {
      return options();
    }
    return options(true).withClusterName("run-" + java.util.UUID.randomUUID())
        .withTlsSeed(ClusterOptions.randomTlsSeed());
  }

  /** The membership asked for, {@code auto} resolved: JGroups with credentials, Hazelcast without. */
  private ClusterManagerKind manager(boolean credentials) {
    if ("auto".equalsIgnoreCase(clusterManager.trim())) {
      return credentials ? ClusterManagerKind.JGROUPS : ClusterManagerKind.HAZELCAST;
    }
    try {
      return ClusterManagerKind.parse(clusterManager);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--cluster-manager: " + e.getMessage() + " or auto");
    }
  }

  /** Whether the TLS seed comes on standard input (the hidden flag of child JVMs). */
  public boolean tlsSeedOnStdin() {
    return tlsSeedOnStdin;
  }

  /**
   * The member files of --ca and --member, checked now (readable, issued by the authority, valid,
   * not revoked) so that a mistake is one line before anything starts.
   */
  private MemberCredentials memberCredentials() {
    if (caDir == null || member == null) {
      throw new UsageException(caDir == null ? "--member needs --ca DIR" : "--ca needs --member NAME");
    }
    if (secretFile != null) {
      throw new UsageException("give --secret-file or --ca, not both: a ring admits by one or the other");
    }
    if (!Files.isDirectory(caDir)) {
      throw new UsageException("--ca " + caDir + ": not a directory");
    }
    MemberCredentials files = MemberCredentials.in(caDir, member);
    try {
      new MemberTrust(files);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--ca " + caDir + " --member " + member + ": " + e.getMessage());
    }
    return files;
  }

  private static byte[] caCertificateBytes(MemberCredentials files) {
    try {
      return Pem.readCertificate(files.caCertificate()).getEncoded();
    } catch (IOException | GeneralSecurityException e) {
      throw new UsageException("--ca " + files.caCertificate() + ": " + e.getMessage());
    }
  }

  /** The secret of --secret-file: owner-only, at least 128 bits (see {@link SharedSecret}). */
  private static SharedSecret readSecret(Path file) {
    try {
      return SharedSecret.read(file);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--secret-file " + e.getMessage());
    }
  }

  /**
   * The cluster name of a ring authority: "bc-" and the first 16 bytes of SHA-256 over a domain
   * label and the DER bytes of its certificate, in hex. The certificate is public, so no slow
   * derivation: the name keeps rings of different authorities apart and admits no one.
   */
  static String nameFromAuthority(byte[] caCertificateDer) {
    return "bc-" + HexFormat.of().formatHex(digest("bloomchord cluster name", caCertificateDer), 0, 16);
  }

  private static byte[] digest(String label, byte[] secret) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update((label + "\0").getBytes(StandardCharsets.UTF_8));
      return sha.digest(secret);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
