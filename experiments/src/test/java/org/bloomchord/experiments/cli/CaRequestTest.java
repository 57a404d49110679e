package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.bloomchord.overlay.admission.Pem;
import org.bloomchord.overlay.admission.RingAuthority;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bloomchord ca request} and {@code ca sign} as operators on two hosts run them: each member
 * makes its key in a directory of its own, the authority signs the requests, and two node JVMs
 * started from those directories form one ring as members of {@code ca issue} do, while the
 * authority's directory never holds a member's key. {@code ca revoke} and {@code ca issue} run by
 * 20 threads at once through the CLI lose nothing.
 */
class CaRequestTest {

  @Test
  void membersFromSignedRequestsFormOneRingAndTheAuthorityHoldsNoMemberKey(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    for (String member : List.of("alpha", "beta")) {
      Path host = dir.resolve(member + "-host");
      String requested = cli("ca", "request", member, "--dir", host.toString());
      assertTrue(requested.contains("ca sign " + member), requested);
      Path csr = host.resolve("members/" + member + ".csr");
      // the request travels to the authority's host; the signed certificate and public files travel back
      Path received = Files.copy(csr, dir.resolve(member + ".csr"));
      assertTrue(cli("ca", "sign", member, "--dir", ca.toString(), "--request", received.toString())
          .startsWith("signed " + member + ": CN=" + member));
      for (String f : List.of("ca.crt", "crl.pem", "members/" + member + ".crt")) {
        Files.copy(ca.resolve(f), host.resolve(f));
      }
    }
    try (Stream<Path> files = Files.walk(ca)) {
      assertEquals(List.of("ca.key"), files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".key")).toList(),
          "no member key on the authority's host");
    }
    String listed = cli("ca", "list", "--dir", ca.toString());
    assertEquals(2, listed.lines().filter(l -> l.endsWith("valid")).count(), listed);

    int clusterPort = freePort();
    List<Process> started = new ArrayList<>();
    try {
      Process first = NodeProcesses.start(started, dir.resolve("alpha.err"), "--peers", "3", "--http-port", "0",
          "--cluster-port", Integer.toString(clusterPort), "--ca", dir.resolve("alpha-host").toString(),
          "--member", "alpha");
      String a = NodeProcesses.awaitListening(first, dir.resolve("alpha.err"));
      Process second = NodeProcesses.start(started, dir.resolve("beta.err"), "--peers", "3", "--http-port", "0",
          "--members", "127.0.0.1:" + clusterPort, "--ca", dir.resolve("beta-host").toString(), "--member", "beta");
      String b = NodeProcesses.awaitListening(second, dir.resolve("beta.err"));
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      for (String base : List.of(a, b)) {
        String ring = send(http, HttpRequest.newBuilder(URI.create(base + "/api/ring"))).body();
        assertTrue(ring.contains("\"peers\":6") && ring.contains("\"stable\":true"), base + ": " + ring);
      }
      for (int i = 0; i < 6; i++) {
        HttpResponse<String> put = send(http, HttpRequest.newBuilder(URI.create(a + "/api/keys/k" + i))
            .PUT(HttpRequest.BodyPublishers.ofString("v" + i)));
        assertEquals(200, put.statusCode(), put.body());
      }
      for (int i = 0; i < 6; i++) {
        assertEquals("v" + i, send(http, HttpRequest.newBuilder(URI.create(b + "/api/keys/k" + i))).body());
      }
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
  void twentyRevokesAndIssuesAtOnceLoseNothing(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    int revokes = 12;
    int issues = 8;
    Set<BigInteger> issued = new HashSet<>();
    for (int i = 0; i < revokes; i++) {
      cli("ca", "issue", "old" + i, "--dir", ca.toString());
      issued.add(Pem.readCertificate(ca.resolve("members/old" + i + ".crt")).getSerialNumber());
    }
    ExecutorService pool = Executors.newFixedThreadPool(revokes + issues);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<String>> runs = new ArrayList<>();
    try {
      for (int i = 0; i < revokes + issues; i++) {
        String[] args = i < revokes ? new String[] {"ca", "revoke", "old" + i, "--dir", ca.toString()}
            : new String[] {"ca", "issue", "new" + i, "--dir", ca.toString()};
        runs.add(pool.submit(() -> {
          go.await();
          return cli(args);
        }));
      }
      go.countDown();
      for (Future<String> run : runs) {
        run.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    X509CRL crl = Pem.readCrl(ca.resolve("crl.pem"));
    crl.verify(Pem.readCertificate(ca.resolve("ca.crt")).getPublicKey());
    Set<BigInteger> listed = new HashSet<>();
    for (X509CRLEntry e : crl.getRevokedCertificates()) {
      listed.add(e.getSerialNumber());
    }
    assertEquals(issued, listed, "every revocation is on the final list");
    List<RingAuthority.Member> members = RingAuthority.list(ca);
    assertEquals(revokes, members.stream().filter(RingAuthority.Member::revoked).count());
    assertEquals(issues, members.stream().filter(m -> m.name().startsWith("new") && !m.revoked()).count());
  }

  @Test
  void requestAndSignMistakesGetOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
    Path ca = dir.resolve("ca");
    cli("ca", "init", "--dir", ca.toString());
    Path host = dir.resolve("host");
    cli("ca", "request", "gamma", "--dir", host.toString());
    Path csr = host.resolve("members/gamma.csr");
    Path garbage = Files.writeString(dir.resolve("garbage.csr"), "not a request");
    Path weak = Files.writeString(dir.resolve("weak.secret"), "s3cret");
    Files.setPosixFilePermissions(weak, PosixFilePermissions.fromString("rw-------"));
    Path open = Files.writeString(dir.resolve("open.secret"), "00112233445566778899aabbccddeeff00112233");
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    cli("ca", "issue", "alpha", "--dir", ca.toString());
    Files.setPosixFilePermissions(ca.resolve("members/alpha.key"), PosixFilePermissions.fromString("rw-r-----"));
    String d = ca.toString();
    String[][] cases = {
        {"ca", "request", "gamma", "--dir", host.toString()},
        {"ca", "request", "Gamma", "--dir", host.toString()},
        {"ca", "sign", "delta", "--dir", d, "--request", csr.toString()},
        {"ca", "sign", "gamma", "--dir", d, "--request", garbage.toString()},
        {"ca", "sign", "gamma", "--dir", d},
        {"ca", "sign", "gamma", "--dir", d, "--request", dir.resolve("missing.csr").toString()},
        {"ca", "sign", "gamma", "--dir", host.toString(), "--request", csr.toString()},
        {"node", "--http-port", "0", "--secret-file", weak.toString()},
        {"node", "--http-port", "0", "--secret-file", open.toString()},
        {"node", "--http-port", "0", "--ca", d, "--member", "alpha"}};
    String[] mentions = {"already exists", "DNS label", "not of 'delta'", "not a certificate request", "--request",
        "no such file " + dir.resolve("missing.csr"),
        "no ring authority", "fewer than 128", "chmod 600 " + open, "chmod 600"};
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
    assertFalse(Files.exists(ca.resolve("members/gamma.crt")), "nothing was signed");
  }

  /** Runs the CLI in this JVM, expecting success; returns its output. */
  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, code, String.join(" ", args) + ": " + err);
    return out.toString();
  }

  private static HttpResponse<String> send(HttpClient http, HttpRequest.Builder request) throws Exception {
    return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
