package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bloomchord.chord.ChordConfig;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class PeriodsMixinTest {

  @Command(name = "periods")
  static final class Periods {
    @Mixin
    PeriodsMixin periods;
  }

  /** The periods after parsing {@code args} and making the ceilings not given adaptive, as a node does. */
  private static ChordConfig nodePeriods(String... args) {
    Periods p = new Periods();
    CommandLine cl = new CommandLine(p);
    cl.parseArgs(args);
    p.periods.adaptiveUnlessGiven(cl.getParseResult(), PeriodsMixin.NODE_STABILIZE_FACTOR,
        PeriodsMixin.NODE_FIX_FINGERS_FACTOR);
    return p.periods.apply(ChordConfig.defaults());
  }

  @Test
  void aNodeBacksOffUnlessTheCeilingsAreGiven() {
    ChordConfig d = nodePeriods();
    assertEquals(500, d.stabilizeMs());
    assertEquals(16_000, d.stabilizeCeilingMs(), "32 stabilize periods");
    assertEquals(64_000, d.fixFingersCeilingMs(), "128 fix-fingers periods");
    ChordConfig longer = nodePeriods("--stabilize-ms", "1000", "--fix-fingers-ms", "4000");
    assertEquals(32_000, longer.stabilizeCeilingMs());
    assertEquals(512_000, longer.fixFingersCeilingMs());
    ChordConfig fixed = nodePeriods("--stabilize-max", "0", "--fix-fingers-max", "0");
    assertEquals(0, fixed.stabilizeCeilingMs(), "0 given keeps stabilize fixed");
    assertEquals(0, fixed.fixFingersCeilingMs());
    ChordConfig mixed = nodePeriods("--stabilize-max", "2000");
    assertEquals(2_000, mixed.stabilizeCeilingMs(), "a given ceiling stays");
    assertEquals(64_000, mixed.fixFingersCeilingMs());
  }

  @Test
  void aRingKeepsItsPeriodsFixedUnlessTold() {
    Periods p = new Periods();
    new CommandLine(p).parseArgs();
    ChordConfig c = p.periods.apply(ChordConfig.defaults());
    assertEquals(0, c.stabilizeCeilingMs());
    assertEquals(0, c.fixFingersCeilingMs());
  }
}
