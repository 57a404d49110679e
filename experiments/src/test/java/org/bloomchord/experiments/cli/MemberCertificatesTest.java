package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bloomchord ca} and {@code node --ca DIR --member NAME} as an operator runs them: a node of
 * a member runs a ring; a member revoked after it was handed its files (and who kept the list
 * from before) joins the ring's Hazelcast cluster and tries to join a peer through it, and is
 * refused, which the running node counts in its metrics and logs with the member's name; every
 * mistake is one line and exit code 2.
 */
class MemberCertificatesTest {

  private static final Pattern REVOKED = Pattern.compile("bloomchord_admission_refused_total\\{reason=\"revoked\"} (\\d+)\\.0");

  @Test
  void aRevokedMembersNodeIsRefusedAndCounted(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    cli("ca", "issue", "alpha", "--dir", ca.toString());
    cli("ca", "issue", "mallory", "--dir", ca.toString());
    // mallory's host holds its files and the list from before its revocation
    Path stale = dir.resolve("mallory-host");
    Files.createDirectories(stale.resolve("members"));
    for (String f : List.of("ca.crt", "crl.pem", "members/mallory.crt", "members/mallory.key")) {
      Files.copy(ca.resolve(f), stale.resolve(f));
    }
    Files.setPosixFilePermissions(stale.resolve("members/mallory.key"),
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    assertTrue(cli("ca", "revoke", "mallory", "--dir", ca.toString()).contains("lists 1 certificate"));
    assertTrue(cli("ca", "list", "--dir", ca.toString()).lines().anyMatch(l -> l.startsWith("mallory") && l.endsWith("revoked")));

    int clusterPort = freePort();
    List<Process> started = new ArrayList<>();
    try {
      Process alpha = NodeProcesses.start(started, dir.resolve("alpha.err"), "--peers", "2", "--http-port", "0",
          "--cluster-port", Integer.toString(clusterPort), "--ca", ca.toString(), "--member", "alpha",
          // the event bus' refusal is what this test checks, so the membership is Hazelcast's, which admits
          // anyone on loopback (on the default plane mallory is refused at the cluster port:
          // ClusterPlaneNodesTest)
          "--cluster-manager", "hazelcast");
      String a = NodeProcesses.awaitListening(alpha, dir.resolve("alpha.err"));
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      assertEquals(0, revokedRefusals(http, a), "nobody refused yet");
      assertTrue(get(http, a + "/metrics").contains("bloomchord_admission_revoked 1.0"), "the list in use names one");

      // mallory, as an intruder would, runs its own client: a Hazelcast member of the ring's cluster (the name
      // is derived from the public authority certificate) whose peer joins through one of alpha's
      Matcher first = Pattern.compile("\"name\":\"(p\\d+@[A-Za-z0-9-]+)\"").matcher(get(http, a + "/api/peers"));
      assertTrue(first.find(), "alpha's peers are listed");
      ClusterMixin mixin = new ClusterMixin();
      new CommandLine(mixin).parseArgs("--ca", stale.toString(), "--member", "mallory",
          "--members", "127.0.0.1:" + clusterPort, "--cluster-manager", "hazelcast");
      ChordConfig config = ChordConfig.defaults();
      IdRing ids = new IdRing(config.idBits());
      try (ClusterNode mallory = ClusterNode.start(mixin.options().withPort(0).withNodeName("mallory"), 1);
           VertxNetwork<ChordPeer> net = new VertxNetwork<>(List.of(mallory), NetworkOptions.defaults(),
               ChordWire.registry(config))) {
        assertEquals(2, mallory.members(), "Hazelcast admits mallory: it is the event bus that refuses it");
        net.launch(new PeerRef("x@mallory", ids.hash("x@mallory")),
            new ChordPeer(config, new PeerRef(first.group(1), ids.hash(first.group(1)))));
        long deadline = System.currentTimeMillis() + 30_000;
        while (revokedRefusals(http, a) == 0 && System.currentTimeMillis() < deadline) {
          Thread.sleep(250);
        }
      }
      assertTrue(revokedRefusals(http, a) >= 1, "the running node counted the revoked member's handshakes");
      String log = Files.readString(dir.resolve("alpha.err"));
      assertTrue(log.contains("handshake refused for CN=mallory,O=bloomchord ring") && log.contains(": revoked"),
          "the log names the refused subject");
      String ring = get(http, a + "/api/ring");
      assertTrue(ring.contains("\"peers\":2") && ring.contains("\"stable\":true"), "the revoked member's peers stay out: "
          + ring);
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
  void mistakesGetOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    cli("ca", "issue", "alpha", "--dir", ca.toString());
    cli("ca", "issue", "gone", "--dir", ca.toString());
    cli("ca", "revoke", "gone", "--dir", ca.toString());
    Path secret = Files.writeString(dir.resolve("secret"), "s3cret");
    String d = ca.toString();
    String[][] cases = {
        {"ca"},
        {"ca", "init", "--dir", d},
        {"ca", "issue", "Alpha", "--dir", d},
        {"ca", "issue", "alpha", "--dir", d},
        {"ca", "issue", "beta", "--dir", d, "--days", "0"},
        {"ca", "revoke", "nobody", "--dir", d},
        {"ca", "list", "--dir", dir.resolve("none").toString()},
        {"node", "--http-port", "0", "--ca", d},
        {"node", "--http-port", "0", "--member", "alpha"},
        {"node", "--http-port", "0", "--ca", d, "--member", "alpha", "--secret-file", secret.toString()},
        {"node", "--http-port", "0", "--ca", d, "--member", "gone"},
        {"node", "--http-port", "0", "--ca", dir.resolve("none").toString(), "--member", "alpha"}};
    String[] mentions = {"subcommand", "already holds", "DNS label", "already has", "--days", "nobody", "no ring authority",
        "--member", "--ca", "--secret-file", "gone", "--ca"};
    for (int i = 0; i < cases.length; i++) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code = BloomchordCli.execute(cases[i], new PrintWriter(out), new PrintWriter(err));
      assertEquals(BloomchordCli.EXIT_USAGE, code, String.join(" ", cases[i]) + ": " + err);
      List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
      assertEquals(1, lines.size(), lines.toString());
      assertTrue(lines.get(0).startsWith("bloomchord: ") && lines.get(0).contains(mentions[i]), lines.toString());
      assertFalse(err.toString().contains("\tat "), "no stack trace");
      assertEquals("", out.toString());
    }
  }

  /** Runs the CLI in this JVM, expecting success; returns its output. */
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
