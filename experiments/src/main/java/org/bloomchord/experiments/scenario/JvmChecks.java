package org.bloomchord.experiments.scenario;

import java.util.List;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.routing.repair.RepairMode;

/**
 * What a scenario run over several JVMs ({@code run --jvms J}) cannot do, rejected at bind time
 * with one line at the key or phase: the simulator, the {@code routing} and {@code rogue}
 * sections, virtual nodes, repair by reconciliation, phases other than {@link #JVM_PHASES}, a join
 * phase that is not the first and only one, and locates.
 */
final class JvmChecks {

  /** Phases a ring over several JVMs runs ({@code run --jvms}). */
  static final List<String> JVM_PHASES = List.of("join", "wait", "measure", "fail", "leave", "churn", "workload",
      "maintenance");

  /** The JVMs of {@code run --jvms}. */
  private final int jvms;
  private int joins;

  JvmChecks(int jvms) {
    this.jvms = jvms;
  }

  /** Checks the top level of a scenario: its runtime, sections and Chord settings. */
  void checkTop(Fields top, RuntimeKind runtime, ChordSettings chord) {
    if (runtime != RuntimeKind.VERTX) {
      throw new ScenarioException(top.keyPosition("runtime"), "runtime sim: --jvms runs on the vertx runtime");
    }
    for (String section : List.of("routing", "rogue")) {
      if (top.has(section)) {
        throw new ScenarioException(top.keyPosition(section), "the " + section + " section is not supported with"
            + " --jvms (the location layer and rogue peers run in one JVM only)");
      }
    }
    if (chord.virtualNodes() != 1) {
      throw new ScenarioException(top.keyPosition("chord"), "chord.virtualNodes must be 1 with --jvms");
    }
    if (chord.repair() != RepairMode.PUSH) {
      throw new ScenarioException(top.keyPosition("chord"), "chord.repair must be push with --jvms");
    }
  }

  /** What a ring over several JVMs cannot run is an error at the phase, in one line. */
  void checkPhase(Phase phase, int index, YamlNode.Mapping item) {
    String path = "phases[" + index + "]." + phase.kind();
    Position at = item.keys().get(phase.kind());
    if (!JVM_PHASES.contains(phase.kind())) {
      throw new ScenarioException(at, path + ": " + phase.kind() + " phases are not supported with --jvms (supported: "
          + String.join(", ", JVM_PHASES) + ")");
    }
    if (phase instanceof Phase.Join j) {
      if (index != 0 || ++joins > 1) {
        throw new ScenarioException(at, path + ": with --jvms the ring is launched by one join phase, the first");
      }
      if (!j.over().isZero()) {
        throw new ScenarioException(at, path + ": with --jvms a join phase launches its peers in waves at once"
            + " (over must be 0s)");
      }
      if (j.peers() < jvms) {
        throw new ScenarioException(at, path + ": peers must be at least --jvms (" + j.peers() + " < " + jvms + ")");
      }
    } else if (index == 0) {
      throw new ScenarioException(at, path + ": with --jvms the first phase must be the join phase");
    }
    boolean locates = phase instanceof Phase.Measure m && m.counts().getOrDefault(OperationKind.LOCATE, 0) > 0
        || phase instanceof Phase.Workload w && w.operations().mix().rates().containsKey(OperationKind.LOCATE)
        || phase instanceof Phase.Churn c && c.workload() != null
            && c.workload().mix().rates().containsKey(OperationKind.LOCATE);
    if (locates) {
      throw new ScenarioException(at, path + ": locates are not supported with --jvms (lookups, gets and puts"
          + " are)");
    }
  }
}
