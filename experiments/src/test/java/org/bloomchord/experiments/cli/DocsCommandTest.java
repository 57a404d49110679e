package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bloomchord.experiments.reference.CliReference;
import org.bloomchord.experiments.reference.GeneratedBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bloomchord docs cli}: prints the block, or writes it into a page and keeps the page's prose. */
class DocsCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void writesTheBlockIntoThePageAndKeepsTheProse(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("cli.md");
    Files.writeString(page, "# CLI\n\nHand-written prose.\n");
    assertEquals(0, run("docs", "cli", "--write", "--page", page.toString()), err::toString);
    String written = Files.readString(page);
    assertTrue(written.startsWith("# CLI\n\nHand-written prose.\n\n" + GeneratedBlocks.begin("cli")), written);
    assertEquals(CliReference.of(BloomchordCli.commandLine()).markdown().strip(),
        GeneratedBlocks.extract(written, "cli"));
    // prose after the block, then a second run: the block is rewritten in place, the prose stays
    Files.writeString(page, written + "\nMore prose.\n");
    assertEquals(0, run("docs", "cli", "--write", "--page", page.toString()), err::toString);
    assertEquals(written + "\nMore prose.\n", Files.readString(page));
    assertTrue(out.toString().contains("unchanged: " + page), out.toString());
  }

  @Test
  void withoutWriteItPrintsTheBlock() {
    assertEquals(0, run("docs", "cli"), err::toString);
    assertEquals(CliReference.of(BloomchordCli.commandLine()).markdown(), out.toString());
  }

  @Test
  void aPageThatCannotBeWrittenIsAUsageError(@TempDir Path dir) {
    assertEquals(BloomchordCli.EXIT_USAGE, run("docs", "cli", "--write", "--page", dir.toString()));
    assertTrue(err.toString().startsWith("bloomchord: cannot read " + dir), err.toString());
  }
}
