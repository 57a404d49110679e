package org.bloomchord.experiments.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.RuntimeKind;

/**
 * Turns one sweep-free tree into a {@link Scenario}, validating every key and value: the top
 * level here, the settings sections in {@link SettingsBinder}, each phase in {@link PhaseBinder},
 * and what a run over several JVMs cannot do in {@link JvmChecks}.
 */
final class ScenarioBinder {

  private final String source;
  /** The JVMs of {@code run --jvms}, or 0 when not given. */
  private final int jvms;
  private final PhaseBinder phases;
  private final JvmChecks jvmChecks;

  ScenarioBinder(String source, Path baseDir, int jvms) {
    this.source = source;
    this.jvms = jvms;
    this.phases = new PhaseBinder(baseDir, jvms);
    this.jvmChecks = new JvmChecks(jvms);
  }

  Scenario bind(YamlNode root, Map<String, String> sweep) {
    Fields top = new Fields(root, "", Scenario.KEYS);
    String name = top.string("name", defaultName());
    String description = top.has("description") ? top.string("description", "") : "";
    long seed = top.longValue("seed", 1L);
    RuntimeKind runtime = top.choice("runtime", RuntimeKind.VERTX, Map.of("vertx", RuntimeKind.VERTX, "sim", RuntimeKind.SIM));
    int peers = top.integer("peers", null, 1, 10_000_000);
    ChordSettings chord = SettingsBinder.chord(top.map("chord", ChordSettings.KEYS));
    RoutingSettings routing = SettingsBinder.routing(top.map("routing", RoutingSettings.KEYS));
    RogueSettings rogue = SettingsBinder.rogue(top.map("rogue", RogueSettings.KEYS), peers);
    TracebackSettings traceback = SettingsBinder.traceback(top, rogue);
    if (traceback.enabled() && jvms > 0) {
      throw new ScenarioException(top.keyPosition("traceback"), "traceback: a run over several JVMs does not trace messages");
    }
    CacheSettings cache = SettingsBinder.cache(top, peers);
    if (cache.enabled() && jvms > 0) {
      throw new ScenarioException(top.keyPosition("cache"), "cache: a run over several JVMs does not measure caching");
    }
    if (chord.hotKeys().enabled() && jvms > 0) {
      throw new ScenarioException(top.keyPosition("chord"), "chord.hotKeys: a run over several JVMs does not measure served load");
    }
    if (top.has("latency") && runtime != RuntimeKind.SIM) {
      throw new ScenarioException(top.keyPosition("latency"), "latency: a latency model applies to runtime sim only");
    }
    if (jvms > 0) {
      jvmChecks.checkTop(top, runtime, chord);
    }
    if (!top.has("phases")) {
      throw top.missing("phases");
    }
    YamlNode list = top.raw("phases");
    if (!(list instanceof YamlNode.Sequence seq) || seq.items().isEmpty()) {
      throw new ScenarioException(list.position(), "phases must be a list of at least one phase, like - join: { peers: 100 }");
    }
    List<Phase> bound = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      Phase phase = phases.phase(seq.items().get(i), "phases[" + i + "]", peers);
      if (jvms > 0) {
        jvmChecks.checkPhase(phase, i, (YamlNode.Mapping) seq.items().get(i));
      }
      if (phase instanceof Phase.Partition && jvms == 0 && runtime != RuntimeKind.SIM) {
        YamlNode.Mapping item = (YamlNode.Mapping) seq.items().get(i);
        throw new ScenarioException(item.keys().get("partition"), "phases[" + i + "].partition: a partition of the peers"
            + " runs on the simulator only (runtime: sim), or over JVMs with run --jvms J and JVM index groups");
      }
      bound.add(phase);
    }
    return Scenario.builder().name(name).description(description).seed(seed).runtime(runtime).peers(peers)
        .chord(chord).routing(routing).rogue(rogue).phases(bound).sweep(sweep).source(source)
        .latency(LatencySpec.parse(top.map("latency", LatencySpec.KEYS))).traceback(traceback).cache(cache).build();
  }

  private String defaultName() {
    String file = Path.of(source).getFileName().toString();
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }
}
