package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.GraphicsEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  private static LineChart pathLength() {
    double[] n = {8, 64, 512, 4096};
    double[] published = Arrays.stream(n).map(x -> 0.5 * Math.log(x) / Math.log(2)).toArray();
    return new LineChart("Path length vs N", "peers", "mean hops", List.of(
        Series.measured("measured", n, new double[] {1.6, 3.1, 4.4, 6.1}),
        Series.published("Stoica et al. 2001", n, published)), true);
  }

  @Test
  void plotsAreWrittenHeadlessAsPngAndSvg(@TempDir Path dir) throws Exception {
    PlotWriter.Files files = PlotWriter.write(pathLength(), dir, "path-length");
    assertTrue(GraphicsEnvironment.isHeadless());
    byte[] png = Files.readAllBytes(files.png());
    assertTrue(png.length > 1000);
    assertArrayEquals(PNG_MAGIC, Arrays.copyOf(png, 8));
    String svg = Files.readString(files.svg(), StandardCharsets.UTF_8);
    assertTrue(svg.contains("<svg"), "SVG root element");
    assertTrue(svg.length() > 1000);
  }

  @Test
  void reportStandsAloneWithItsSections(@TempDir Path dir) throws Exception {
    Summary summary = Summary.of("run", "sim", 1L).withPeers(new PeerCounts(64, 64, 64, 0, 0));
    Report report = new Report("path-length <sim>", "Chord path length versus N.",
        List.of(new Report.Labelled("peers=64", summary)),
        List.of(new Report.Figure(pathLength(), "Dashed: the published curve.")),
        List.of(new Comparison("N = 4096", "mean hops", 6.0, 6.1)));
    Path file = dir.resolve("report.html");
    ReportWriter.write(report, file);
    String html = Files.readString(file, StandardCharsets.UTF_8);
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(html.contains("<style>"));
    assertTrue(html.contains("<title>path-length &lt;sim&gt;</title>"));
    assertTrue(html.contains("<section id=\"summary\">"));
    assertTrue(html.contains("<h3>peers=64</h3>"));
    assertTrue(html.contains("<td>launched</td><td class=\"num\">64</td>"));
    assertTrue(html.contains("<section id=\"figures\">"));
    assertTrue(html.contains("<figcaption>Dashed: the published curve.</figcaption>"));
    assertTrue(html.contains("<section id=\"published-vs-measured\">"));
    assertTrue(html.contains("<td>N = 4096</td><td>mean hops</td><td class=\"num\">6</td><td class=\"num\">6.1</td>"
        + "<td class=\"num\"></td><td class=\"num\">1.017</td>"));
    assertFalse(html.matches("(?s).*(src|href)=\"(http|/|\\.)[^\"]*\".*"), "no external resources");
    Matcher m = Pattern.compile("data:image/png;base64,([A-Za-z0-9+/=]+)").matcher(html);
    assertTrue(m.find());
    assertArrayEquals(PNG_MAGIC, Arrays.copyOf(Base64.getDecoder().decode(m.group(1)), 8));
  }

  @Test
  void reportWithoutComparisonsOmitsThatSection() {
    String html = ReportWriter.html(new Report("t", "", List.of(), List.of(), List.of()));
    assertFalse(html.contains("published-vs-measured"));
    assertEquals(1, html.split("<section id=\"summary\">", -1).length - 1);
  }
}
