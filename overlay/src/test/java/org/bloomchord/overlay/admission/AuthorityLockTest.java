package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authority's directory lock across processes: 20 JVMs started at once on one authority, 12
 * revoking a member each and 8 issuing new members, lose nothing: every revocation is on the final
 * list, whose CRL number counts them all, and every member issued has its certificate. Without the
 * lock, two revocations reading list N would both write N+1 and one would be lost.
 */
class AuthorityLockTest {

  private static final int REVOKES = 12;
  private static final int ISSUES = 8;

  /** One authority operation in a JVM of its own: {@code DIR revoke|issue NAME}. */
  public static void main(String[] args) {
    RingAuthority ca = RingAuthority.open(Path.of(args[0]));
    if (args[1].equals("revoke")) {
      ca.revoke(args[2]);
    } else {
      ca.issue(args[2], RingAuthority.DEFAULT_MEMBER_VALIDITY);
    }
  }

  @Test
  void twentyProcessesAtOnceLoseNoRevocation(@TempDir Path dir) throws Exception {
    Path caDir = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(caDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    Set<BigInteger> toRevoke = new HashSet<>();
    for (int i = 0; i < REVOKES; i++) {
      toRevoke.add(ca.issue("old" + i, RingAuthority.DEFAULT_MEMBER_VALIDITY).getSerialNumber());
    }
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = System.getProperty("java.class.path");
    List<Process> started = new ArrayList<>();
    try {
      for (int i = 0; i < REVOKES + ISSUES; i++) {
        String op = i % 5 < 3 ? "revoke" : "issue";
        String name = op.equals("revoke") ? "old" + (i / 5 * 3 + i % 5) : "new" + i;
        started.add(new ProcessBuilder(javaBin, "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", classPath,
            AuthorityLockTest.class.getName(), caDir.toString(), op, name)
            .redirectErrorStream(true).redirectOutput(dir.resolve("p" + i + ".log").toFile()).start());
      }
      for (int i = 0; i < started.size(); i++) {
        Process p = started.get(i);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "process " + i + " finished");
        assertEquals(0, p.exitValue(), "process " + i + ": " + Files.readString(dir.resolve("p" + i + ".log")));
      }
    } finally {
      started.forEach(Process::destroyForcibly);
    }
    X509CRL crl = Pem.readCrl(caDir.resolve("crl.pem"));
    crl.verify(ca.certificate().getPublicKey());
    Set<BigInteger> listed = new HashSet<>();
    for (X509CRLEntry e : crl.getRevokedCertificates()) {
      listed.add(e.getSerialNumber());
    }
    assertEquals(toRevoke, listed, "every revocation is on the final list");
    assertEquals(BigInteger.valueOf(1 + REVOKES), RingAuthority.crlNumber(crl), "one list number per revocation");
    assertEquals(ISSUES, ca.list().stream().filter(m -> m.name().startsWith("new") && !m.revoked()).count());
  }
}
