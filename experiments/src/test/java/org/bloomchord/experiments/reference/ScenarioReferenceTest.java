package org.bloomchord.experiments.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.bloomchord.experiments.scenario.ScenarioException;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/scenario.md against the scenario binder: every key the binder accepts is on the
 * page and described, every key on the page is accepted, and the accepted values and defaults are
 * what the binder reads today. A failure names each key and the command that rewrites the block.
 */
class ScenarioReferenceTest {

  private static final String PAGE = "docs/reference/scenario.md";
  private static final String FIX = "run `" + GeneratedBlocks.regenerate(ScenarioReference.BLOCK)
      + "` from the repository's root, then describe new keys in the page's last column";

  private static ScenarioReference binder;
  private static String page;

  @BeforeAll
  static void read() throws Exception {
    binder = ScenarioReference.fromBinder();
    page = ReferencePages.read("scenario.md");
  }

  @Test
  void everyAcceptedKeyIsOnThePageAndNoOther() {
    Set<String> accepted = binder.entries();
    Set<String> documented = ScenarioReference.documented(page).keySet();
    assertEquals(Set.of(), minus(accepted, documented), "keys the binder accepts that " + PAGE + " does not list; " + FIX);
    assertEquals(Set.of(), minus(documented, accepted), "keys " + PAGE + " lists that the binder no longer accepts; " + FIX);
  }

  @Test
  void everyKeyIsDescribed() {
    Set<String> undescribed = ScenarioReference.documented(page).entrySet().stream()
        .filter(e -> e.getValue().isBlank() || e.getValue().equals(ScenarioReference.UNDESCRIBED))
        .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of(), undescribed, "keys of " + PAGE + " without a description; write one in the last column");
  }

  @Test
  void acceptedValuesAndDefaultsAreWhatTheBinderReadsToday() {
    String expected = binder.markdown(page).strip();
    String actual = GeneratedBlocks.extract(page, ScenarioReference.BLOCK);
    assertTrue(actual != null, PAGE + " has no generated block; " + FIX);
    // not assertEquals: the message names the first line that differs instead of printing both blocks
    assertTrue(expected.equals(actual), PAGE + " differs from the binder at " + ReferencePages.firstDifference(expected, actual)
        + "\n" + FIX);
  }

  @Test
  void everyKeyWasReadByAnExercise() {
    // a key with no accepted values was never read by a typed getter, a phase kind without a
    // section never bound: the exercises miss a branch of the binder, and the page would too
    Set<String> unread = new TreeSet<>();
    binder.sections().forEach((section, keys) -> keys.forEach(k -> {
      String path = ScenarioReference.qualified(section, k.key());
      boolean bound = section.equals("phases[]") ? binder.sections().containsKey("phases[]." + k.key())
          : !k.accepted().isEmpty() || binder.sections().containsKey(path) || binder.sections().containsKey(path + "[]");
      if (!bound) {
        unread.add(path);
      }
    }));
    // read by hand, not by a typed getter: a list of behaviour names, and a partition's groups (a
    // list of shares or a list of lists of JVM indexes)
    assertEquals(Set.of("rogue.behaviours", "phases[].partition.groups"), unread,
        "keys that no scenario of ScenarioReference.EXERCISES uses: add one that does");
  }

  /**
   * An oracle apart from the recording: the binder's own message for a misspelt key lists the keys
   * it allows in each settings section, and they are the page's.
   */
  @Test
  void theBindersUnknownKeyMessagesListThePagesKeys() {
    Map<String, String> documented = ScenarioReference.documented(page);
    for (String section : List.of("", "chord", "routing", "rogue", "latency")) {
      String yaml = section.isEmpty()
          ? "peers: 4\nmisspelt: 1\nphases: [ { join: {} } ]\n"
          : "peers: 4\nruntime: sim\n" + section + ": { misspelt: 1 }\nphases: [ { join: {} } ]\n";
      assertEquals(keysOf(documented, section), allowedIn(yaml), "keys of " + (section.isEmpty() ? "the top level" : section));
    }
    assertEquals(keysOf(documented, "phases[]"), allowedIn("peers: 4\nphases: [ { misspelt: {} } ]\n"), "phase kinds");
    assertEquals(keysOf(documented, "phases[].churn"),
        allowedIn("peers: 4\nphases: [ { churn: { misspelt: 1 } } ]\n"), "keys of a churn phase");
  }

  private static Set<String> keysOf(Map<String, String> documented, String section) {
    String prefix = section.isEmpty() ? "" : section + ".";
    return documented.keySet().stream().filter(k -> k.startsWith(prefix))
        .map(k -> k.substring(prefix.length())).filter(k -> !k.contains(".")).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> allowedIn(String yaml) {
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.parse("probe.yaml", yaml, List.of(), Path.of(".")));
    String m = e.getMessage();
    assertTrue(m.contains("misspelt") && m.contains("expected one of: "), m);
    String list = m.substring(m.indexOf("expected one of: ") + "expected one of: ".length(), m.lastIndexOf(')'));
    return new TreeSet<>(Arrays.asList(list.split(", ")));
  }

  private static Set<String> minus(Set<String> a, Set<String> b) {
    Set<String> out = new TreeSet<>(a);
    out.removeAll(b);
    return out;
  }
}
