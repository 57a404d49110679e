package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad multi-JVM flags of {@code ring} get one line naming the flag and exit code 2, before any JVM starts. */
class RingJvmsFlagsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--jvms 0                                   | --jvms must be >= 1",
      "--jvms 2 --kill-jvm 2                      | --kill-jvm must be in 1..1",
      "--jvms 3 --peers 2                         | --peers must be at least --jvms",
      "--jvms 2 --virtual-nodes 2                 | --virtual-nodes must be 1",
      "--jvms 2 --runtime sim                     | --jvms runs on the vertx runtime",
      "--jvms 2 --fail-fraction 0.2               | does not take --fail-fraction",
      "--jvms 2 --join-jvm-peers -1               | --join-jvm-peers must be >= 0",
      "--jvms 2 --members nohost                  | member must be HOST:PORT",
      "--jvms 2 --cluster-port 70000              | cluster port must be in 0..65535",
      "--jvms 2 --secret-file /no/such/secret     | --secret-file /no/such/secret: cannot read it"})
  void isRejectedWithOneLine(String flags, String message) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] args = ("ring --peers 10 " + flags.strip()).split("\\s+");
    if (flags.contains("--peers 2")) {
      args = ("ring " + flags.strip()).split("\\s+");
    }
    int rc = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(BloomchordCli.EXIT_USAGE, rc, err::toString);
    assertTrue(err.toString().contains(message), err::toString);
    assertEquals(1, err.toString().strip().lines().count(), err::toString);
    assertFalse(err.toString().contains("Exception"), err::toString);
  }
}
