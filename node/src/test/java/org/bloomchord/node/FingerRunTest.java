package org.bloomchord.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Equal consecutive fingers are grouped into runs, which expand back to the fingers. */
class FingerRunTest {

  @Test
  void aTableOfARingOfAHundredPeersReadsAsFourLines() {
    List<String> fingers = new ArrayList<>(Collections.nCopies(52, "p115"));
    fingers.addAll(Collections.nCopies(5, "p7"));
    fingers.add(null);
    fingers.add(null);
    fingers.addAll(Collections.nCopies(5, "p7"));
    fingers.add("p40");
    assertEquals(List.of("1-52: p115", "53-57: p7", "58-59: -", "60-64: p7", "65: p40"),
        FingerRun.of(fingers).stream().map(FingerRun::label).toList());
  }

  @Test
  void noFingersNoRuns() {
    assertEquals(List.of(), FingerRun.of(List.of()));
    assertEquals(List.of(new FingerRun(1, 1, "a")), FingerRun.of(List.of("a")));
  }

  @Test
  void runsCoverEveryFingerOnceAndNeighboursDiffer() {
    Random random = new Random(30);
    for (int trial = 0; trial < 500; trial++) {
      List<String> fingers = new ArrayList<>();
      int size = random.nextInt(65);
      for (int i = 0; i < size; i++) {
        int pick = random.nextInt(4);
        fingers.add(pick == 0 ? null : "p" + pick);
      }
      List<FingerRun> runs = FingerRun.of(fingers);
      List<String> expanded = new ArrayList<>();
      int next = 1;
      for (int r = 0; r < runs.size(); r++) {
        FingerRun run = runs.get(r);
        assertEquals(next, run.first(), "runs are contiguous: " + runs);
        for (int i = run.first(); i <= run.last(); i++) {
          expanded.add(run.peer());
        }
        next = run.last() + 1;
        if (r > 0) {
          assertNotEquals(true, Objects.equals(runs.get(r - 1).peer(), run.peer()), "neighbouring runs differ: " + runs);
        }
      }
      assertEquals(fingers, expanded);
    }
  }
}
