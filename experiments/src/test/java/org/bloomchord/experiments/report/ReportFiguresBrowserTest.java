package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a run with churn, a 2-minute partition and a measure phase, as headless Chromium
 * (Debian's {@code chromium}) shows it: every time-series chart shades and names the six phases
 * in order, the mean-hops line breaks over the partition (no lookups there), dense series carry no
 * markers, and the number of rings over time is drawn: 2 during the split by the oracle, 1 after
 * the heal. The DOM is the one the browser parsed ({@code --dump-dom}); the screenshot shows the
 * partition's tint. Skipped when Chromium is not installed.
 */
class ReportFiguresBrowserTest {

  private static final String SCENARIO = """
      name: phases
      seed: 3
      runtime: sim
      peers: 60
      chord: { successors: 8, replicas: 3, stabilize: 500ms, fixFingers: 500ms }
      phases:
        - join:      { over: 0s }
        - wait:      { for: 5s }
        - churn:     { for: 40s, rate: 0.2/s, crashes: 0.5 }
          workload:  { lookups: 20/s }
        - partition: { groups: [0.5, 0.5], for: 2min }
        - wait:      { for: 10s }
        - measure:   { lookups: 300, pace: 20/s }
      """;

  private static final List<String> PHASES = List.of("join", "wait", "churn", "partition", "wait", "measure");

  @Test
  void theTimeSeriesChartsShowThePhasesTheGapsAndTheRings(@TempDir Path dir) throws Exception {
    Optional<Path> chromium = executable("chromium", "chromium-browser");
    Assumptions.assumeTrue(chromium.isPresent(), "headless Chromium is not installed (apt-get install chromium)");
    Path scenario = dir.resolve("phases.yaml");
    Files.writeString(scenario, SCENARIO);
    Path run = dir.resolve("run");
    StringWriter err = new StringWriter();
    assertEquals(0, BloomchordCli.execute(new String[] {"run", scenario.toString(), "--out", run.toString()},
        new PrintWriter(Writer.nullWriter()), new PrintWriter(err)), err::toString);

    List<Band> bands = Band.read(run.resolve(Band.FILE));
    assertEquals(PHASES, bands.stream().map(Band::name).toList());
    Band partition = bands.get(3);
    // the phase is the 2-minute split and then the wait for one correct ring after the heal
    double heal = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.resolve("summary.json").toFile())
        .path("partitions").path(0).path("healToOneRingSeconds").asDouble(Double.NaN);
    assertEquals(120 + heal, partition.to() - partition.from(), 0.1, "the split's 2 minutes and the heal's " + heal + " s");

    String dom = browser(chromium.get(), dir, "--dump-dom", run.resolve("report.html"));
    List<String> charts = all(dom, "(?s)(<svg class=\"chart\".*?</svg>)");
    assertEquals(5, charts.size(), "peers alive, rings, lookups, hops and traffic against time");
    for (String chart : charts) {
      assertEquals(PHASES, all(chart, "<rect class=\"phase\" data-phase=\"([a-z]+)\""), chart.substring(0, 200));
      assertEquals(PHASES, all(chart, "<text class=\"phase-name\"[^>]*>([a-z]+)</text>"));
      assertEquals(List.of(), all(chart, "(<circle class=\"marker\")"), "a second-by-second series has no markers");
    }
    String hops = charts.stream().filter(c -> c.contains(": mean lookup hops\"")).findFirst()
        .orElseThrow();
    String d = all(hops, "<path class=\"line\"[^>]* d=\"([^\"]*)\"").get(0);
    assertTrue(d.chars().filter(c -> c == 'M').count() >= 2, "the hops line breaks where no lookup ran: " + d);
    assertTrue(charts.stream().anyMatch(c -> c.contains(": rings\"")), "the rings are drawn");

    // the rings drawn are the oracle's: 2 at the end of the split, 1 at the end of the run
    List<String> csv = Files.readAllLines(run.resolve("timeseries.csv"));
    int col = List.of(csv.get(0).split(",")).indexOf("rings");
    assertEquals(2, ringsAt(csv, col, partition.to() - 1));
    assertEquals(1, ringsAt(csv, col, bands.get(5).to()));

    browser(chromium.get(), dir, "--screenshot=" + dir.resolve("shot.png"), run.resolve("report.html"));
    BufferedImage shot = ImageIO.read(dir.resolve("shot.png").toFile());
    int tinted = 0;
    for (int y = 0; y < shot.getHeight(); y++) {
      for (int x = 0; x < shot.getWidth(); x++) {
        int rgb = shot.getRGB(x, y);
        // #db4437 at 14% over white, the partition's shade
        if (near((rgb >> 16) & 255, 250) && near((rgb >> 8) & 255, 229) && near(rgb & 255, 227)) {
          tinted++;
        }
      }
    }
    assertTrue(tinted > 20_000, "pixels of the partition's shade on screen: " + tinted);
  }

  private static int ringsAt(List<String> csv, int col, double seconds) {
    String best = null;
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",", -1);
      if (Double.parseDouble(f[0]) <= seconds + 1e-9) {
        best = f[col];
      }
    }
    return (int) Double.parseDouble(best);
  }

  private static boolean near(int value, int target) {
    return Math.abs(value - target) <= 3;
  }

  private static String browser(Path chromium, Path dir, String what, Path page) throws Exception {
    Path out = dir.resolve("chromium.out");
    Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--hide-scrollbars", "--window-size=1000,2400", "--user-data-dir=" + dir.resolve("profile"), what,
        page.toUri().toString())
        .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("Chromium did not finish within 120 s");
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  private static List<String> all(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static Optional<Path> executable(String... names) {
    for (String dirName : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : names) {
        Path p = Path.of(dirName, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }
}
