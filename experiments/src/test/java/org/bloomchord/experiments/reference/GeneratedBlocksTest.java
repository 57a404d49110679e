package org.bloomchord.experiments.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Regenerating a block replaces only the block: the prose around it stays, byte for byte. */
class GeneratedBlocksTest {

  @Test
  void spliceReplacesTheBlockAndKeepsTheProse() {
    String page = "# Title\n\nProse before.\n\n" + GeneratedBlocks.begin("cli") + "\nold table\n"
        + GeneratedBlocks.end("cli") + "\n\nProse after.\n";
    String next = GeneratedBlocks.splice(page, "cli", "new table\n");
    assertEquals("# Title\n\nProse before.\n\n" + GeneratedBlocks.begin("cli") + "\nnew table\n"
        + GeneratedBlocks.end("cli") + "\n\nProse after.\n", next);
    assertEquals("new table", GeneratedBlocks.extract(next, "cli"));
    assertEquals(next, GeneratedBlocks.splice(next, "cli", "new table"));
  }

  @Test
  void aPageWithoutTheBlockGetsItAtTheEnd() {
    String next = GeneratedBlocks.splice("# Title\n\nProse.\n", "scenario", "table");
    assertEquals("# Title\n\nProse.\n\n" + GeneratedBlocks.begin("scenario") + "\ntable\n"
        + GeneratedBlocks.end("scenario") + "\n", next);
    assertNull(GeneratedBlocks.extract("# Title\n", "scenario"));
    // another block's markers are not this block's
    assertNull(GeneratedBlocks.extract(next, "cli"));
  }
}
