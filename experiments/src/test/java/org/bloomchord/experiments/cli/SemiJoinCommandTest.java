package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.routing.join.SemiJoinService;
import org.bloomchord.routing.join.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bloomchord semijoin --over store}: at selectivities 1%, 10% and 50% the join over the
 * owners equals the local join and its bytes are within 5% of the per-owner formula; relations from
 * CSV files join as the local join does, both forms; a malformed row is one line naming the file and
 * line, exit code 2.
 */
class SemiJoinCommandTest {

  @Test
  void overTheStoreTheJoinIsExactAndWithinFivePercentOfTheFormula() {
    JsonObject doc = run(0, "semijoin", "--over", "store", "--peers", "8", "--left-rows", "4000", "--right-rows",
        "40000", "--selectivity", "0.01,0.1,0.5", "--seed", "7", "--json");
    JsonArray rows = doc.getJsonArray("semijoin");
    assertEquals(3, rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject r = rows.getJsonObject(i);
      assertTrue(r.getBoolean("exact"), r.encode());
      double over = r.getDouble("overFormula");
      assertTrue(Math.abs(over) <= 0.05, "bytes " + r.getLong("bytes") + " vs formula " + r.getLong("formulaBytes"));
      int owners = r.getInteger("owners");
      assertTrue(owners >= 1 && owners <= 7, r.encode());
      assertEquals(2L * owners, r.getLong("messages"), "one filter and one answer per owner asked by message");
      // the formula prefers the filter to the column here, and so does the measurement
      assertTrue(r.getBoolean("formulaBelowColumn") && r.getBoolean("belowColumn"), r.encode());
      assertTrue(r.getLong("columnBytes") < r.getLong("wholeBytes"), r.encode());
    }
  }

  @Test
  void relationsFromCsvFilesJoinAsTheLocalJoin(@TempDir Path dir) throws Exception {
    SplittableRandom random = new SplittableRandom(3);
    List<Tuple> r = new ArrayList<>();
    List<Tuple> s = new ArrayList<>();
    StringBuilder left = new StringBuilder("a,b\n");
    StringBuilder right = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      r.add(new Tuple(i, random.nextInt(200)));
      left.append(i).append(", ").append(r.get(i).second()).append('\n');
    }
    for (int i = 0; i < 2000; i++) {
      s.add(new Tuple(random.nextInt(2000), -random.nextInt(1000)));
      right.append(s.get(i).first()).append(',').append(s.get(i).second()).append('\n');
    }
    Path rf = Files.writeString(dir.resolve("r.csv"), left);
    Path sf = Files.writeString(dir.resolve("s.csv"), right.append('\n'));
    int joined = SemiJoinService.localJoin(r, s).size();
    for (String over : List.of("peer", "store")) {
      JsonObject row = run(0, "semijoin", "--over", over, "--peers", "6", "--left", rf.toString(), "--right",
          sf.toString(), "--json").getJsonObject("semijoin");
      assertTrue(row.getBoolean("exact"), over + ": " + row.encode());
      assertEquals(300, row.getInteger("leftRows"));
      assertEquals(2000, row.getInteger("rightRows"));
      assertEquals(joined, row.getInteger("joinedRows"), over);
    }
  }

  @Test
  void aMalformedRowIsOneLineNamingFileAndLine(@TempDir Path dir) throws Exception {
    Path rf = Files.writeString(dir.resolve("r.csv"), "a,b\n1,2\n3;4\n");
    Path sf = Files.writeString(dir.resolve("s.csv"), "2,9\n");
    Path wide = Files.writeString(dir.resolve("wide.csv"), "2,9\n3,4,5\n");
    assertUsage(rf + ":3:", "semijoin", "--left", rf.toString(), "--right", sf.toString());
    assertUsage(wide + ":2:", "semijoin", "--left", sf.toString(), "--right", wide.toString());
    assertUsage("--right", "semijoin", "--left", sf.toString());
    assertUsage("not both", "semijoin", "--left", sf.toString(), "--right", sf.toString(), "--left-rows", "5");
    assertUsage("--over", "semijoin", "--over", "ring", "--left-rows", "5", "--right-rows", "5", "--selectivity", "1");
  }

  private static void assertUsage(String mention, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(BloomchordCli.EXIT_USAGE, code, String.join(" ", args) + ": " + err);
    List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("bloomchord: ") && lines.get(0).contains(mention), lines.toString());
    assertFalse(err.toString().contains("\tat "), "no stack trace");
  }

  private static JsonObject run(int expectedCode, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(expectedCode, code, String.join(" ", args) + ": " + err);
    return new JsonObject(out.toString().strip());
  }
}
