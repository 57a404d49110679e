package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SketchCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void bloomJsonIsOneObjectWithTheContractKeys() throws Exception {
    int rc = run("sketch", "bloom", "--n", "20000", "--bits-per-element", "12", "--queries", "100000",
        "--compressed", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertTrue(json.isObject());
    for (String key : new String[] {"n", "m", "k", "fpTheory", "fpMeasured", "compressedBitsPerElement",
        "entropyBitsPerElement"}) {
      assertTrue(json.has(key), key);
    }
    assertEquals(20_000, json.get("n").asLong());
    assertEquals(240_000, json.get("m").asLong());
    assertEquals(8, json.get("k").asInt(), "round(12 ln 2)");
    // 100,000 queries at a rate near 0.003: 5 standard deviations are about 0.0009
    assertEquals(json.get("fpTheory").asDouble(), json.get("fpMeasured").asDouble(), 0.0009);
    // at optimal k the array is half ones and does not compress: within 1% of m/n
    assertEquals(12, json.get("compressedBitsPerElement").asDouble(), 0.12);
    assertTrue(json.get("compressedBitsPerElement").asDouble() >= json.get("entropyBitsPerElement").asDouble());
    assertEquals("", err.toString());
  }

  @Test
  void bloomWithoutCompressedLeavesOutTheSizes() throws Exception {
    assertEquals(0, run("sketch", "bloom", "--n", "1000", "--bits-per-element", "8", "--hashes", "3",
        "--queries", "1000", "--json"));
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertEquals(3, json.get("k").asInt());
    assertTrue(!json.has("compressedBitsPerElement"));
  }

  @Test
  void bloomTableNamesEveryQuantity() {
    assertEquals(0, run("sketch", "bloom", "--n", "1000", "--bits-per-element", "50", "--hashes", "1",
        "--queries", "1000", "--compressed"));
    String text = out.toString();
    for (String key : new String[] {"fpTheory", "fpMeasured", "compressedBitsPerElement", "entropyBitsPerElement"}) {
      assertTrue(text.contains(key), key);
    }
  }

  @Test
  void compressedTableJsonHasOneObjectPerPublishedColumn() throws Exception {
    int rc = run("sketch", "compressed-table", "--n", "5000", "--seeds", "1", "--queries", "10000", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertTrue(json.isArray());
    assertEquals(12, json.size());
    for (JsonNode row : json) {
      for (String key : new String[] {"view", "bitsPerElement", "k", "paperCompressedBitsPerElement",
          "measuredCompressedBitsPerElement", "paperFalsePositiveRate", "measuredFalsePositiveRate",
          "predictedFalsePositiveRate", "optimiserBitsPerElement", "optimiserK"}) {
        assertTrue(row.has(key), key);
      }
      // 5,000 keys: the header is 0.03 bits per key, within 1% of every published z/n
      assertEquals(row.get("paperCompressedBitsPerElement").asDouble(),
          row.get("measuredCompressedBitsPerElement").asDouble(),
          0.01 * row.get("paperCompressedBitsPerElement").asDouble());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "sketch bloom --n 0 --bits-per-element 10",
      "sketch bloom --n -5 --bits-per-element 10",
      "sketch bloom --n 100 --bits-per-element 0",
      "sketch bloom --n 100 --bits-per-element -1.5",
      "sketch bloom --n 100 --bits-per-element 10 --hashes 0",
      "sketch bloom --n 100 --bits-per-element 10 --hashes 65",
      "sketch bloom --n 100 --bits-per-element 10 --queries 0",
      "sketch bloom --n 100 --bits-per-element 10 --frobnicate",
      "sketch bloom --n abc --bits-per-element 10",
      "sketch bloom --bits-per-element 10",
      "sketch compressed-table --n 0",
      "sketch compressed-table --wat"})
  void badInputGivesExitTwoAndOneLineNamingTheFlag(String line) {
    String[] args = line.split(" ");
    assertEquals(BloomchordCli.EXIT_USAGE, run(args));
    String message = err.toString().strip();
    assertEquals(1, message.lines().count(), message);
    String flag = line.contains("frobnicate") ? "--frobnicate" : line.contains("wat") ? "--wat"
        : line.contains("--hashes") ? "--hashes" : line.contains("--queries") ? "--queries"
        : line.contains("--bits-per-element 0") || line.contains("-1.5") ? "--bits-per-element" : "--n";
    assertTrue(message.contains(flag), message);
    assertEquals("", out.toString());
  }
}
