package org.bloomchord.experiments.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.WriteFates;
import org.junit.jupiter.api.Test;

/**
 * Writes across a split on the simulator: a small ring split in halves while clients on both sides
 * write the same keys, healed and merged; every acknowledged write is judged and none is lost, and
 * every superseded write is explained by a concurrent write of the other side above it by version.
 */
class SplitWriteTrialTest {

  private static SplitWriteOptions small(List<Double> shares) {
    return SplitWriteOptions.defaults()
        .withPeers(24)
        .withSplit(shares, 30_000)
        .withPhases(10_000, 20_000, 300_000, 30_000)
        .withClients(2, 4, 500, 0.6)
        .withSeed(7);
  }

  @Test
  void withTheMinorityRefusalNoAcknowledgedWriteIsSupersededNorLost() {
    SplitWriteTrial trial = new SplitWriteTrial(small(List.of(0.7, 0.3)).withRefusal(3_600_000));
    WriteFates f = trial.run().writes().fates();
    SplitHistory.Judgement j = trial.judgement();
    assertEquals(j.acknowledged(), f.present(), () -> "every acknowledged write present: "
        + j.verdicts().stream().filter(v -> v.fate() != WriteFate.PRESENT).map(Verdict::describe).toList());
    assertTrue(f.refused() > 0, "writes of keys whose stable replicas are across the split were refused");
    assertTrue(j.acknowledged() > 30, "the sides still acknowledged writes: " + j.acknowledged());
  }

  @Test
  void aTwoWaySplitWithWritesOfTheSameKeysOnBothSidesLosesNoAcknowledgedWrite() {
    SplitWriteOptions o = small(List.of(0.5, 0.5));
    SplitWriteTrial trial = new SplitWriteTrial(o);
    Summary s = trial.run();
    SplitHistory.Judgement j = trial.judgement();
    WriteFates f = s.writes().fates();
    assertNotNull(f);
    assertTrue(j.acknowledged() > 50, "enough acknowledged writes to judge: " + j.acknowledged());
    assertEquals(j.acknowledged(), f.present() + f.superseded() + f.lost(), "every acknowledged write classified");
    assertEquals(0, f.lost(), () -> "lost: " + j.with(WriteFate.LOST).stream().map(Verdict::describe).toList());
    assertEquals(0, f.finalReadsFailed());
    assertTrue(f.superseded() > 0, "both sides wrote the same keys during the split: some writes were superseded");
    // at most one write per key and losing side can be superseded: the last of that side's writes
    assertTrue(f.superseded() <= (long) o.keys() * (o.shares().size() - 1), "superseded " + f.superseded());
    for (Verdict v : j.with(WriteFate.SUPERSEDED)) {
      Operation w = v.write();
      Operation by = v.by();
      assertNotEquals(Operation.WHOLE, w.side(), "only a write of the split is superseded: " + v.describe());
      assertNotEquals(w.side(), by.side(), "superseded from the other side: " + v.describe());
      assertEquals(w.key(), by.key());
      assertTrue(by.version() == null || by.version().newerThan(w.version()), v.describe());
    }
    assertEquals(2, s.fields().get("split") instanceof java.util.Map<?, ?> m ? m.get("ringsDuring") : null,
        "two rings during the split");
  }
}
