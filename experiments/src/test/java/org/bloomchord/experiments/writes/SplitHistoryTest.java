package org.bloomchord.experiments.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Map;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;
import org.junit.jupiter.api.Test;

/** The judge of split histories on hand-made histories whose fates are known. */
class SplitHistoryTest {

  private static final int A = 0;
  private static final int B = 1;
  private static final int WHOLE = Operation.WHOLE;
  private static final int MERGED = Operation.MERGED;

  private static Version v(long ms) {
    return new Version(ms << Version.LOGICAL_BITS, 7);
  }

  private static Map<String, SplitHistory.FinalRead> finals(String key, String value, long versionMs) {
    Map<String, SplitHistory.FinalRead> m = new HashMap<>();
    m.put(key, new SplitHistory.FinalRead(value, v(versionMs)));
    return m;
  }

  private static Operation read(int client, String key, int side, long at, String value, Long versionMs) {
    ReadResult r = versionMs == null ? new ReadResult(key, null, null, ReadOutcome.NOT_FOUND, 1)
        : new ReadResult(key, value, v(versionMs), ReadOutcome.FOUND, 1);
    return Operation.get(client, key, side, at, at + 10, r);
  }

  @Test
  void theWriteWhoseValueTheKeyHoldsIsPresentAndOneOverwrittenOnItsOwnSideToo() {
    SplitHistory h = new SplitHistory();
    Operation first = Operation.acked(0, "k", "a1", A, 100, 150, v(120));
    Operation second = Operation.acked(1, "k", "a2", A, 200, 250, v(220));
    h.add(first);
    h.add(second);
    SplitHistory.Judgement j = h.judge(finals("k", "a2", 220));
    assertEquals(WriteFate.PRESENT, j.verdicts().get(0).fate());
    assertSame(second, j.verdicts().get(0).by(), "replaced by the later write of its side");
    assertEquals(WriteFate.PRESENT, j.verdicts().get(1).fate());
    assertNull(j.verdicts().get(1).by());
    assertEquals(2, j.count(WriteFate.PRESENT));
  }

  @Test
  void aWriteReplacedByVersionOrderByTheOtherSideIsSupersededAndNamesThatWrite() {
    SplitHistory h = new SplitHistory();
    Operation onA = Operation.acked(0, "k", "a1", A, 100, 150, v(120));
    // later in real time, but on the other side of the split: it could not have seen onA
    Operation onB = Operation.acked(3, "k", "b1", B, 300, 350, v(320));
    h.add(onA);
    h.add(onB);
    SplitHistory.Judgement j = h.judge(finals("k", "b1", 320));
    assertEquals(WriteFate.SUPERSEDED, j.verdicts().get(0).fate());
    assertSame(onB, j.verdicts().get(0).by());
    assertEquals(WriteFate.PRESENT, j.verdicts().get(1).fate());
    assertEquals(1, j.count(WriteFate.SUPERSEDED));
  }

  @Test
  void aWriteOnTheMergedRingAfterTheSplitOrdersAfterEveryWriteOfTheSplit() {
    SplitHistory h = new SplitHistory();
    h.add(Operation.acked(0, "k", "a1", A, 100, 150, v(120)));
    h.add(Operation.acked(3, "k", "b1", B, 300, 350, v(320)));
    Operation after = Operation.acked(1, "k", "w1", MERGED, 900, 950, v(920));
    h.add(after);
    SplitHistory.Judgement j = h.judge(finals("k", "w1", 920));
    assertEquals(3, j.count(WriteFate.PRESENT), "each replaced by a write ordered after it: " + j.verdicts());
  }

  @Test
  void aKeyHoldingAnOlderValueThanAnAcknowledgedWriteLosesIt() {
    SplitHistory h = new SplitHistory();
    h.add(Operation.acked(0, "k", "old", WHOLE, 10, 20, v(15)));
    h.add(Operation.acked(0, "k", "a1", A, 100, 150, v(120)));
    h.add(Operation.acked(0, "other", "x", A, 100, 150, v(130)));
    SplitHistory.Judgement j = h.judge(finals("k", "old", 15));
    assertEquals(WriteFate.PRESENT, j.verdicts().get(0).fate(), "the key holds the old value");
    assertEquals(WriteFate.LOST, j.verdicts().get(1).fate(), "the key holds a value older than a1");
    assertEquals(WriteFate.LOST, j.verdicts().get(2).fate(), "a key that could not be read after the merge");
    assertEquals(1, j.finalReadsFailed());
  }

  @Test
  void anUnacknowledgedPutThatTookEffectOnTheOtherSideSupersedes() {
    SplitHistory h = new SplitHistory();
    Operation onA = Operation.acked(0, "k", "a1", A, 100, 150, v(120));
    Operation unconfirmed = Operation.put(4, "k", "b1", B, 200, 900,
        new WriteResult("k", null, 1, WriteOutcome.UNCONFIRMED, 3));
    h.add(onA);
    h.add(unconfirmed);
    SplitHistory.Judgement j = h.judge(finals("k", "b1", 220));
    assertEquals(WriteFate.SUPERSEDED, j.verdicts().get(0).fate());
    assertEquals("b1", j.verdicts().get(0).by().value());
    assertEquals(1, j.unacknowledged());
  }

  @Test
  void readsAreJudgedByTheSideOfTheWritesTheyHadToSee() {
    SplitHistory h = new SplitHistory();
    h.add(Operation.acked(0, "k", "w0", WHOLE, 0, 10, v(5)));
    h.add(Operation.acked(0, "k", "a1", A, 100, 110, v(105)));
    h.add(read(1, "k", A, 200, "w0", 5L));     // misses a1 of its own side: stale
    h.add(read(1, "k", A, 210, null, null));   // nothing found on its own side: lost
    h.add(read(2, "k", B, 220, "w0", 5L));     // a1 is on the other side: fine
    h.add(read(2, "k", B, 230, null, null));   // misses w0, written before the split: hidden by it
    h.add(read(2, "k", MERGED, 900, "w0", 5L)); // on the merged ring, misses a1: across the merge
    h.add(read(2, "k", MERGED, 905, null, null)); // misses w0 from before the split too: across the merge
    h.add(read(2, "k", MERGED, 910, "a1", 105L)); // sees everything
    h.add(Operation.get(2, "k", MERGED, 920, 930, null)); // no answer
    SplitHistory.Judgement j = h.judge(finals("k", "a1", 105));
    assertEquals(1, j.staleReads());
    assertEquals(1, j.lostReads());
    assertEquals(1, j.hiddenBySplit());
    assertEquals(2, j.staleAcrossMerge());
    assertEquals(7, j.readsJudged());
    assertEquals(2, j.ownSideMisses().size());
    assertEquals(1, j.readsFailed());
  }
}
