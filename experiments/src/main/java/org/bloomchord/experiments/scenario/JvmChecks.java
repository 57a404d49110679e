package org.bloomchord.experiments.scenario;

import java.util.List;
import org.bloomchord.overlay.RuntimeKind;

/**
 * What a scenario run over several JVMs ({@code run --jvms J}) cannot do, rejected at bind time
 * with one line at the key or phase: the simulator, the {@code rogue} section, virtual nodes,
 * phases other than {@link #JVM_PHASES}, and a join phase that is not the first and only one.
 */
final class JvmChecks {

  /** Phases a ring over several JVMs runs ({@code run --jvms}). */
  static final List<String> JVM_PHASES = List.of("join", "wait", "measure", "fail", "leave", "churn", "workload",
      "maintenance", "publish", "partition");

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
    if (top.has("rogue")) {
      throw new ScenarioException(top.keyPosition("rogue"), "the rogue section is not supported with"
          + " --jvms (rogue peers run in one JVM only)");
    }
    if (chord.virtualNodes() != 1) {
      throw new ScenarioException(top.keyPosition("chord"), "chord.virtualNodes must be 1 with --jvms");
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
      if (j.peers() < jvms) {
        throw new ScenarioException(at, path + ": peers must be at least --jvms (" + j.peers() + " < " + jvms + ")");
      }
    } else if (index == 0) {
      throw new ScenarioException(at, path + ": with --jvms the first phase must be the join phase");
    }
  }
}
