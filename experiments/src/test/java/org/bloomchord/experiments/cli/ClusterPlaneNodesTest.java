package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bloomchord node --cluster-manager jgroups --ca DIR --member NAME} as an operator runs it: two
 * nodes of the authority form one ring over the TLS cluster plane; a revoked member (with the list
 * from before its revocation) does not get into the membership at all, which the running node
 * counts; the flag's mistakes are one line and exit code 2.
 */
class ClusterPlaneNodesTest {

  private static final Pattern REVOKED = Pattern.compile("bloomchord_admission_refused_total\\{reason=\"revoked\"} (\\d+)\\.0");

  @Test
  void twoMembersFormOneRingAndARevokedOneStaysOut(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    for (String m : List.of("alpha", "beta", "mallory")) {
      cli("ca", "issue", m, "--dir", ca.toString());
    }
    Path stale = dir.resolve("mallory-host");
    Files.createDirectories(stale.resolve("members"));
    for (String f : List.of("ca.crt", "crl.pem", "members/mallory.crt", "members/mallory.key")) {
      Files.copy(ca.resolve(f), stale.resolve(f));
    }
    cli("ca", "revoke", "mallory", "--dir", ca.toString());

    int clusterPort = freePort();
    List<Process> started = new ArrayList<>();
    try {
      Process alpha = NodeProcesses.start(started, dir.resolve("alpha.err"), "--peers", "2", "--http-port", "0",
          "--cluster-manager", "jgroups", "--cluster-port", Integer.toString(clusterPort), "--ca", ca.toString(),
          "--member", "alpha");
      String a = NodeProcesses.awaitListening(alpha, dir.resolve("alpha.err"));
      // beta leaves the plane to the default, which is JGroups for a node with certificates
      Process beta = NodeProcesses.start(started, dir.resolve("beta.err"), "--peers", "2", "--http-port", "0",
          "--members", "127.0.0.1:" + clusterPort, "--ca", ca.toString(),
          "--member", "beta");
      String b = NodeProcesses.awaitListening(beta, dir.resolve("beta.err"));
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      String ring = awaitRing(http, a, 4);
      assertTrue(ring.contains("\"stable\":true"), ring);
      assertTrue(awaitRing(http, b, 4).contains("\"peers\":4"));

      ClusterMixin mixin = new ClusterMixin();
      new CommandLine(mixin).parseArgs("--cluster-manager", "jgroups", "--ca", stale.toString(), "--member", "mallory",
          "--members", "127.0.0.1:" + clusterPort);
      IllegalStateException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
          () -> org.bloomchord.overlay.vertx.ClusterNode.start(mixin.options().withPort(0).withNodeName("mallory")
              .withJoinAttempts(1), 1)
              .close());
      assertTrue(refused.getMessage().contains("could not reach any cluster member"), refused::getMessage);
      assertTrue(revokedRefusals(http, a) >= 1, "the running node counted the revoked member's handshakes");
      assertTrue(awaitRing(http, a, 4).contains("\"peers\":4"), "the ring kept its own peers only");
    } finally {
      for (Process p : started) {
        p.destroyForcibly();
      }
      for (Process p : started) {
        p.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void aRunOverJvmsWithoutCredentialsMakesASecretOfItsOwnAndRunsTheMembershipOnJGroups() {
    ClusterMixin bare = new ClusterMixin();
    new CommandLine(bare).parseArgs();
    assertEquals(ClusterManagerKind.HAZELCAST, bare.options().manager(), "a node without credentials, on loopback");
    assertNull(bare.options().tlsSeed());
    ClusterOptions one = bare.forOneRun();
    ClusterOptions other = bare.forOneRun();
    assertEquals(ClusterManagerKind.JGROUPS, one.manager(), "a run over JVMs is admitted by TLS on every plane");
    assertEquals(64, one.tlsSeed().length());
    assertNotEquals(one.tlsSeed(), other.tlsSeed(), "two runs never share a seed");
    assertNotEquals(one.clusterName(), other.clusterName(), "two runs never share a cluster");
    ClusterMixin pinned = new ClusterMixin();
    new CommandLine(pinned).parseArgs("--cluster-manager", "hazelcast");
    assertEquals(ClusterManagerKind.HAZELCAST, pinned.forOneRun().manager(), "asked for by hand, on loopback");
  }

  @Test
  void theFlagsMistakesGetOneLineAndExitCodeTwo() {
    String[][] cases = {
        {"node", "--http-port", "0", "--cluster-manager", "jgroups"},
        {"node", "--http-port", "0", "--cluster-manager", "zookeeper"},
        {"node", "--http-port", "0", "--cluster-host", "10.231.250.1"},
        {"node", "--http-port", "0", "--cluster-host", "10.231.250.1", "--cluster-manager", "hazelcast"}};
    String[] mentions = {"--ca DIR --member NAME or --secret-file", "unknown cluster manager 'zookeeper'",
        "--cluster-host 10.231.250.1 is not the loopback", "Hazelcast is plain text, loopback only"};
    for (int i = 0; i < cases.length; i++) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code = BloomchordCli.execute(cases[i], new PrintWriter(out), new PrintWriter(err));
      assertEquals(BloomchordCli.EXIT_USAGE, code, String.join(" ", cases[i]) + ": " + err);
      List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
      assertEquals(1, lines.size(), lines.toString());
      assertTrue(lines.get(0).startsWith("bloomchord: ") && lines.get(0).contains(mentions[i]), lines.toString());
      assertFalse(err.toString().contains("\tat "), "no stack trace");
    }
  }

  /** The ring as {@code base} reports it, once it counts {@code peers} peers (or after 60 s). */
  private static String awaitRing(HttpClient http, String base, int peers) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    String ring = get(http, base + "/api/ring");
    while (!ring.contains("\"peers\":" + peers) && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
      ring = get(http, base + "/api/ring");
    }
    assertTrue(ring.contains("\"peers\":" + peers), ring);
    return ring;
  }

  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, code, String.join(" ", args) + ": " + err);
    return out.toString();
  }

  private static long revokedRefusals(HttpClient http, String base) throws Exception {
    Matcher m = REVOKED.matcher(get(http, base + "/metrics"));
    assertTrue(m.find(), "the metric is exposed");
    return Long.parseLong(m.group(1));
  }

  private static String get(HttpClient http, String url) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    return r.body();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
