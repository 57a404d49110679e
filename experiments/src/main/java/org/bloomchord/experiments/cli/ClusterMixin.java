package org.bloomchord.experiments.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.bloomchord.overlay.vertx.ClusterOptions;
import picocli.CommandLine.Option;

/**
 * The cluster settings of a command that joins (or starts) a ring spanning JVMs: where this JVM's
 * Hazelcast member and event bus listen, which members it contacts, and the secret that names the
 * cluster. Mix into a command with {@code @Mixin ClusterMixin cluster} and call {@link #options}.
 *
 * <p>The secret only separates rings: the cluster name is derived from it, so JVMs with different
 * secrets never form one cluster. It does not authenticate members or encrypt traffic; keep the
 * Hazelcast and event-bus ports on loopback or a private network.
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
      description = "File whose contents name the cluster: only JVMs given the same secret form one ring"
          + " (default: the cluster name 'bloomchord').")
  Path secretFile;

  @Option(names = "--cluster-name", hidden = true, paramLabel = "NAME",
      description = "The cluster name itself (child JVMs get it from their parent).")
  String clusterName;

  /** Whether the cluster is named by a secret or a name given; if not, it is called "bloomchord". */
  public boolean named() {
    return secretFile != null || clusterName != null;
  }

  /** The options these flags describe; bad values are a {@link UsageException} naming the flag. */
  public ClusterOptions options() {
    ClusterOptions o = ClusterOptions.loopback();
    try {
      o = o.withHost(host).withPort(port).withMembers(members);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--cluster-host/--cluster-port/--members: " + e.getMessage());
    }
    if (clusterName != null && secretFile != null) {
      throw new UsageException("give --secret-file or --cluster-name, not both");
    }
    if (clusterName != null) {
      return o.withClusterName(clusterName);
    }
    return secretFile == null ? o : o.withClusterName(nameFromSecret(readSecret(secretFile)));
  }

  private static byte[] readSecret(Path file) {
    byte[] secret;
    try {
      secret = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UsageException("--secret-file " + file + ": cannot read it (" + e.getMessage() + ")");
    }
    if (new String(secret, StandardCharsets.UTF_8).isBlank()) {
      throw new UsageException("--secret-file " + file + ": the file is empty");
    }
    return secret;
  }

  /** "bc-" and the first 16 bytes of SHA-256 over a domain label and the secret, in hex. */
  static String nameFromSecret(byte[] secret) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update("bloomchord cluster name\0".getBytes(StandardCharsets.UTF_8));
      byte[] digest = sha.digest(secret);
      return "bc-" + HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
