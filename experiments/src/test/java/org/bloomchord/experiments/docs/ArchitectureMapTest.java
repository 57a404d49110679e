package org.bloomchord.experiments.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md is a true map of the main code: it names every package that holds main
 * code, and every main class longer than the style's 400 lines says in its Javadoc why it is kept
 * whole, with no size it states further than a tenth from its length.
 */
class ArchitectureMapTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final List<String> MODULES = List.of("overlay", "chord", "routing", "node", "experiments", "benchmarks");
  private static final int LONG = 400;
  /** A size a Javadoc states: "about 420 lines", "~300 lines". */
  private static final Pattern STATED = Pattern.compile("(?:about|~)\\s*(\\d+) lines");

  @Test
  void everyMainPackageIsNamedOnTheMap() throws IOException {
    String map = Files.readString(ROOT.resolve("docs/ARCHITECTURE.md"), StandardCharsets.UTF_8);
    TreeSet<String> missing = new TreeSet<>();
    int packages = 0;
    for (Path source : mainSources()) {
      String pkg = ROOT.resolve(source.getName(0)).resolve("src/main/java/org/bloomchord")
          .relativize(ROOT.resolve(source).getParent()).toString().replace('/', '.');
      packages++;
      if (!map.contains("| `" + pkg + "`")) {
        missing.add(pkg + " (" + source.getName(0) + ")");
      }
    }
    assertTrue(packages > 50, "packages found: " + packages);
    assertEquals(new TreeSet<>(), missing, "main packages with no row in docs/ARCHITECTURE.md");
  }

  @Test
  void longClassesSayWhyAndStateNoStaleSize() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (Path source : mainSources()) {
      List<String> lines = Files.readAllLines(ROOT.resolve(source), StandardCharsets.UTF_8);
      String javadoc = classJavadoc(lines);
      Matcher m = STATED.matcher(javadoc);
      while (m.find()) {
        int stated = Integer.parseInt(m.group(1));
        boolean lowerBound = javadoc.regionMatches(true, Math.max(0, m.start() - 12), "longer than", 0, 11);
        if (!lowerBound && Math.abs(stated - lines.size()) > lines.size() / 10) {
          wrong.add(source + ": states about " + stated + " lines, has " + lines.size());
        }
      }
      if (lines.size() > LONG && !javadoc.matches("(?s).*\\b([Ll]onger than|long because|[0-9]+ lines)\\b.*")) {
        wrong.add(source + ": " + lines.size() + " lines and no word in its Javadoc on why it is kept whole");
      }
    }
    assertEquals(List.of(), wrong);
  }

  /** The Javadoc comment just before the first top-level type declaration, or "". */
  private static String classJavadoc(List<String> lines) {
    StringBuilder doc = new StringBuilder();
    boolean in = false;
    String last = "";
    for (String line : lines) {
      String t = line.strip();
      if (t.startsWith("/**")) {
        in = true;
        doc.setLength(0);
      }
      if (in) {
        doc.append(t.replaceFirst("^/?\\*+/?", "").strip()).append(' ');
        in = !t.endsWith("*/");
        last = doc.toString();
        continue;
      }
      if (t.matches("(public |final |abstract |sealed )*(class|interface|record|enum) .*")) {
        return last;
      }
      if (!t.isEmpty() && !t.startsWith("@")) {
        last = "";
      }
    }
    return "";
  }

  private static List<Path> mainSources() throws IOException {
    List<Path> out = new ArrayList<>();
    for (String module : MODULES) {
      Path main = ROOT.resolve(module).resolve("src/main/java");
      if (!Files.isDirectory(main)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(main)) {
        walk.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java"))
            .map(ROOT::relativize).sorted().forEach(out::add);
      }
    }
    return out;
  }
}
