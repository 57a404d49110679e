package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReconcileCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void oneDiffGivesOneObjectWithTheContractKeys() throws Exception {
    int rc = run("reconcile", "--size", "2000", "--diff", "40", "--method", "iblt", "--runtime", "sim", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertTrue(json.isObject());
    assertEquals("reconcile", json.get("command").asText());
    assertEquals("sim", json.get("runtime").asText());
    JsonNode r = json.get("reconcile");
    for (String key : new String[] {"method", "size", "diff", "bytes", "bytesPerDiff", "rounds", "exact", "missed",
        "encodeMs", "decodeMs"}) {
      assertTrue(r.has(key), key);
    }
    assertEquals("iblt", r.get("method").asText());
    assertEquals(2000, r.get("size").asLong());
    assertEquals(40, r.get("diff").asLong());
    assertTrue(r.get("exact").asBoolean());
    assertEquals(0, r.get("missed").asLong());
    assertEquals(r.get("bytes").asDouble() / 40, r.get("bytesPerDiff").asDouble(), 1e-9);
    assertEquals(r.get("bytes").asLong(), json.get("traffic").get("bytes").asLong());
    assertEquals("", err.toString());
  }

  @Test
  void aDiffListGivesAnArrayWithOneObjectPerValueOnTheDefaultRuntime() throws Exception {
    int rc = run("reconcile", "--size", "1000", "--diff", "0,1,10", "--method", "riblt", "--element-bytes", "16", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertTrue(json.isArray());
    assertEquals(3, json.size());
    assertEquals("vertx", json.get(0).get("runtime").asText());
    int i = 0;
    for (long d : new long[] {0, 1, 10}) {
      JsonNode r = json.get(i++).get("reconcile");
      assertEquals(d, r.get("diff").asLong());
      assertTrue(r.get("exact").asBoolean());
      assertEquals(16, r.get("elementBytes").asInt());
    }
    assertTrue(json.get(0).get("reconcile").get("bytesPerDiff").isNull(), "no difference, no bytes per difference");
  }

  @Test
  void bloomReportsItsMissesAndTheTableNamesTheColumns() {
    assertEquals(0, run("reconcile", "--size", "5000", "--diff", "2000", "--method", "bloom", "--runtime", "sim"));
    String text = out.toString();
    for (String col : new String[] {"bytesPerDiff", "rounds", "exact", "missed", "encodeMs", "decodeMs"}) {
      assertTrue(text.contains(col), col);
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--size 0 --diff 1|--size",
      "--size 10 --diff 21|--diff",
      "--size 10 --diff 1,x|--diff",
      "--size 10 --diff 1 --method fast|--method",
      "--size 10 --diff 1 --element-bytes 4|--element-bytes",
      "--size 10 --diff 1 --runtime cloud|--runtime",
      "--size 10 --diff 1 --rateless sideways|--rateless",
      "--size 10 --diff 1 --first-flight 0|--first-flight",
      "--size 10 --diff 1 --probe 70000|--probe",
      "--size 10 --diff 1 --reply-probe -1|--reply-probe"})
  void badValuesGiveOneLineNamingTheFlagAndExitTwo(String args, String flag) {
    String[] argv = ("reconcile " + args).split(" ");
    assertEquals(2, run(argv));
    String msg = err.toString().trim();
    assertEquals(1, msg.lines().count(), msg);
    assertTrue(msg.contains(flag), msg);
    assertEquals("", out.toString());
  }
}
