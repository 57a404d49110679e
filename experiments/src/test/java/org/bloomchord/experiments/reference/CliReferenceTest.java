package org.bloomchord.experiments.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/reference/cli.md against the command line as picocli has it: every visible command and flag
 * is on the page, the page names none that is gone, and its generated block is what
 * {@code bloomchord docs cli} writes today. A failure names each command or flag and the command
 * that rewrites the block.
 */
class CliReferenceTest {

  private static final String PAGE = "docs/reference/cli.md";
  private static final String FIX = "run `" + GeneratedBlocks.regenerate(CliReference.BLOCK) + "` from the repository's root";

  @Test
  void everyCommandAndFlagIsOnThePageAndNoOther() throws Exception {
    Set<String> model = CliReference.of(BloomchordCli.commandLine()).entries();
    Set<String> page = CliReference.documented(ReferencePages.read("cli.md"));
    assertEquals(Set.of(), difference(model, page), "commands and flags missing from " + PAGE + "; " + FIX);
    assertEquals(Set.of(), difference(page, model), "commands and flags in " + PAGE + " that the CLI no longer has; " + FIX);
  }

  @Test
  void theGeneratedBlockIsWhatTheModelWritesToday() throws Exception {
    String expected = CliReference.of(BloomchordCli.commandLine()).markdown().strip();
    String actual = GeneratedBlocks.extract(ReferencePages.read("cli.md"), CliReference.BLOCK);
    assertTrue(actual != null, PAGE + " has no generated block; " + FIX);
    // not assertEquals: the message names the first line that differs instead of printing both blocks
    assertTrue(expected.equals(actual), PAGE + " differs from the CLI at " + ReferencePages.firstDifference(expected, actual)
        + "\n" + FIX);
  }

  /** An oracle apart from the model's own lists: each flag that {@code --help} prints is on the page. */
  @Test
  void everyFlagThatHelpPrintsIsOnThePage() throws Exception {
    Set<String> page = CliReference.documented(ReferencePages.read("cli.md"));
    Pattern flag = Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]*)");
    int checked = 0;
    for (List<String> command : List.<List<String>>of(List.of(), List.of("run"), List.of("ring"), List.of("node"),
        List.of("sketch", "bloom"), List.of("docs", "scenario"))) {
      CommandLine cl = BloomchordCli.commandLine();
      for (String sub : command) {
        cl = cl.getSubcommands().get(sub);
      }
      StringWriter help = new StringWriter();
      cl.usage(new PrintWriter(help), CommandLine.Help.Ansi.OFF);
      String name = "bloomchord" + (command.isEmpty() ? "" : " " + String.join(" ", command));
      // the options list of the help: lines that start with a flag, after the synopsis
      for (String line : help.toString().split("\n")) {
        String t = line.strip();
        if (!t.startsWith("-")) {
          continue;
        }
        Matcher m = flag.matcher(t.split("\\s{2,}")[0]);
        while (m.find()) {
          assertTrue(page.contains(name + " " + m.group(1)), name + " " + m.group(1) + " is in --help but not in "
              + PAGE + "; " + FIX);
          checked++;
        }
      }
    }
    assertTrue(checked > 40, "flags read from the help texts: " + checked);
  }

  @Test
  void aRowTakenOutOfThePageIsReportedMissing() throws Exception {
    String page = ReferencePages.read("cli.md");
    String row = page.lines().filter(l -> l.startsWith("| `--stabilize-ms`")).findFirst().orElseThrow();
    Set<String> documented = CliReference.documented(page.replaceFirst(Pattern.quote(row) + "\n", ""));
    assertEquals(Set.of("bloomchord ring --stabilize-ms"), difference(CliReference.documented(page), documented));
  }

  private static Set<String> difference(Set<String> a, Set<String> b) {
    Set<String> out = new TreeSet<>(a);
    out.removeAll(new LinkedHashSet<>(b));
    return out;
  }
}
