package org.bloomchord.experiments.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every markdown table of docs/experiments/*.md is either generated from kept data (inside a
 * {@code <!-- tables NAME: begin -->} block that {@code bloomchord tables} writes) or marked by an
 * HTML comment on the line before it naming what it is: {@code <!-- table: settings -->} (not a
 * measurement: parameters, definitions, commands, what a design does), {@code <!-- table: published -->}
 * (figures read from a paper or another system's documentation) or {@code <!-- table: not kept -->}
 * (a measurement whose runs are not kept, which the page says in words, "not kept", within a few
 * lines of it or of the first of the not-kept tables that precede it in the same section with no
 * other table between). The kinds are described in docs/experiments/data/README.md.
 */
class ExperimentTablesMarkedTest {

  /** The kinds a hand table may be marked with. */
  static final Set<String> KINDS = Set.of("settings", "published", "not kept");

  /** How many lines above the marker or below the table the words "not kept" may be. */
  static final int NEAR = 10;

  private static final Pattern MARKER = Pattern.compile("^<!-- table: ([a-z ]+) -->$");
  private static final Pattern BEGIN = Pattern.compile("^<!-- tables ([A-Za-z0-9._-]+): begin.*");
  private static final Pattern SEPARATOR = Pattern.compile("^\\|\\s*:?-{3,}.*");

  private static final Path PAGES = Path.of("..", "docs", "experiments").toAbsolutePath().normalize();

  @Test
  void everyTableOfTheExperimentPagesIsGeneratedOrMarked() throws IOException {
    List<Path> pages;
    try (Stream<Path> files = Files.list(PAGES)) {
      pages = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
    assertTrue(pages.size() > 20, "pages under " + PAGES);
    List<String> wrong = new ArrayList<>();
    int generated = 0;
    for (Path page : pages) {
      List<String> lines = List.of(Files.readString(page, StandardCharsets.UTF_8).split("\n", -1));
      String name = page.getFileName().toString();
      for (String problem : problems(lines)) {
        wrong.add(name + ":" + problem);
      }
      generated += (int) lines.stream().filter(l -> BEGIN.matcher(l).matches()).count();
    }
    assertTrue(generated > 40, "generated blocks seen: " + generated);
    assertEquals(List.of(), wrong);
  }

  @Test
  void aHandTableNeedsAKnownMarkerAndANotKeptOneItsWords() {
    List<String> page = new ArrayList<>(List.of("# Page", "", "<!-- tables x: begin -->", "| a | b |", "|---|---|",
        "| 1 | 2 |", "<!-- tables x: end -->", "", "| c |", "|---|", "| 3 |", "", "<!-- table: settings -->", "| d |",
        "|---|", "", "<!-- table: measured -->", "| e |", "|---|", "", "```", "| f |", "|---|", "```", "",
        "<!-- table: not kept -->", "| g |", "|---|", "", "Runs of 2026-11-29, not kept."));
    page.addAll(Collections.nCopies(NEAR + 1, ""));
    page.addAll(List.of("<!-- table: not kept -->", "| g2 |", "|---|", "", "## Next"));
    page.addAll(Collections.nCopies(NEAR, ""));
    int i = page.size() + 2;
    page.addAll(List.of("<!-- table: not kept -->", "| i |", "|---|", "", "## Then"));
    int h = page.size() + 2;
    page.addAll(List.of("<!-- table: not kept -->", "| h |", "|---|"));
    page.addAll(Collections.nCopies(NEAR, ""));
    page.add("Not kept.");
    assertEquals(List.of("9: a table neither generated nor marked (| c |)",
        "18: marked 'measured', not one of " + KINDS.stream().sorted().toList() + " (| e |)",
        i + ": marked 'not kept' but no line within " + NEAR + " of it says \"not kept\" (| i |)",
        h + ": marked 'not kept' but no line within " + NEAR + " of it says \"not kept\" (| h |)"), problems(page));
  }

  /** The problems of a page's lines, each "LINE: what" with the table's first line number. */
  static List<String> problems(List<String> lines) {
    List<String> out = new ArrayList<>();
    boolean code = false;
    boolean said = false;
    String block = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("#")) {
        said = false;
      }
      if (line.startsWith("```")) {
        code = !code;
        continue;
      }
      if (code) {
        continue;
      }
      if (block != null) {
        if (line.equals("<!-- tables " + block + ": end -->")) {
          block = null;
        }
        continue;
      }
      Matcher begin = BEGIN.matcher(line);
      if (begin.matches()) {
        block = begin.group(1);
        said = false;
        continue;
      }
      if (!line.startsWith("|") || i + 1 >= lines.size() || !SEPARATOR.matcher(lines.get(i + 1)).matches()) {
        continue;
      }
      int end = i;
      while (end + 1 < lines.size() && lines.get(end + 1).startsWith("|")) {
        end++;
      }
      String where = (i + 1) + ": ";
      String head = " (" + line.substring(0, Math.min(60, line.length())) + ")";
      Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1)) : null;
      boolean notKept = marker != null && marker.matches() && marker.group(1).equals("not kept");
      if (marker == null || !marker.matches()) {
        out.add(where + "a table neither generated nor marked" + head);
      } else if (!KINDS.contains(marker.group(1))) {
        out.add(where + "marked '" + marker.group(1) + "', not one of " + KINDS.stream().sorted().toList() + head);
      } else if (notKept && !said && !saysNotKept(lines, i - 1, end)) {
        out.add(where + "marked 'not kept' but no line within " + NEAR + " of it says \"not kept\"" + head);
      }
      said = notKept && (said || saysNotKept(lines, i - 1, end));
      i = end;
    }
    return out;
  }

  private static boolean saysNotKept(List<String> lines, int marker, int end) {
    for (int j = Math.max(0, marker - NEAR); j <= Math.min(lines.size() - 1, end + NEAR); j++) {
      String line = lines.get(j);
      if ((j < marker || j > end) && !line.startsWith("<!--") && line.toLowerCase(Locale.ROOT).contains("not kept")) {
        return true;
      }
    }
    return false;
  }
}
