package org.bloomchord.experiments.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ leads to a file that exists and, with a fragment, to a
 * heading of that page (GitHub's anchors); links inside code blocks are not links.
 */
class DocsLinksTest {

  /** Matches [text](target): the target up to a space or the closing parenthesis. */
  private static final Pattern LINK = Pattern.compile("\\[[^\\]\\n]*\\]\\(([^)\\s]+)\\)");

  /**
   * Reference pages written on other branches at the same time as the book: a link to one of them
   * is checked once it exists, and tolerated while it does not.
   */
  static final Set<String> WRITTEN_ELSEWHERE = Set.of("docs/reference/cli.md", "docs/reference/scenario.md",
      "docs/reference/http-api.md", "docs/reference/metrics.md", "docs/grafana");

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyRelativeLinkOfTheDocsLeadsToAnExistingPageAndHeading() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    assertTrue(pages.size() > 10, "README.md and the pages of docs/");
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages) {
      Matcher m = LINK.matcher(withoutCode(Files.readString(page, StandardCharsets.UTF_8)));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue;
        }
        checked++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String fromRoot = ROOT.relativize(resolved).toString().replace('\\', '/');
        if (!Files.exists(resolved)) {
          if (!WRITTEN_ELSEWHERE.contains(fromRoot.replaceAll("/$", ""))) {
            broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
          }
          continue;
        }
        if (hash >= 0 && resolved.toString().endsWith(".md")) {
          Set<String> headings = anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf);
          if (!headings.contains(target.substring(hash + 1))) {
            broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
          }
        }
      }
    }
    assertTrue(checked > 100, "links checked: " + checked);
    assertEquals(List.of(), broken);
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals("right-after-a-mass-failure-ton-2003-table-ii", slug("Right after a mass failure (ToN 2003, Table II)"));
    assertEquals("path-length-against-n-path-length-simulator", slug("Path length against N (`path-length`, simulator)"));
    assertEquals("the-stores-guarantees", slug("The store's guarantees"));
  }

  /** The text without fenced code blocks and inline code spans. */
  private static String withoutCode(String text) {
    return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\\n]*`", "");
  }

  private static Set<String> anchorsOf(Path page) {
    Set<String> out = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    try {
      String text = Files.readString(page, StandardCharsets.UTF_8).replaceAll("(?s)```.*?```", "");
      for (String line : text.split("\n")) {
        if (line.matches("^#{1,6} .*")) {
          String s = slug(line.replaceFirst("^#+ ", ""));
          int n = seen.merge(s, 1, Integer::sum);
          out.add(n == 1 ? s : s + "-" + (n - 1));
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
    return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
