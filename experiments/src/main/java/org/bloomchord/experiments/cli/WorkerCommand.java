package org.bloomchord.experiments.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.jvm.JvmWorker;
import org.bloomchord.experiments.runner.PeerSetup;
import org.bloomchord.experiments.scenario.ChordSettings;
import org.bloomchord.routing.repair.RepairMode;
import org.bloomchord.experiments.ring.MaintenancePeriods;
import org.bloomchord.experiments.runner.ScenarioRunner;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.overlay.vertx.ClusterOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord worker}: the hidden command a child JVM of {@code ring --jvms} or {@code run --jvms} runs. It joins
 * the cluster as one node and obeys the commands its parent writes to its standard input (see
 * {@link JvmWorker}); it exits when told to or when its standard input closes.
 */
@Command(name = "worker", hidden = true, description = "Host peers for a parent JVM (started by ring --jvms and run --jvms).")
public final class WorkerCommand implements Callable<Integer> {

  @Mixin
  ClusterMixin cluster;

  @Option(names = "--node", required = true, paramLabel = "NAME", description = "This JVM's node name.")
  String node;

  @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the peers' random draws.")
  long seed;

  @Option(names = "--id-bits", defaultValue = "64", paramLabel = "B", description = "Ring width in bits.")
  int idBits;

  @Option(names = "--successors", defaultValue = "8", paramLabel = "R", description = "Successor-list length.")
  int successors;

  @Option(names = "--replicas", defaultValue = "3", paramLabel = "R", description = "Copies of each key.")
  int replicas;

  @Option(names = "--stabilize-ms", defaultValue = "500", paramLabel = "MS", description = "Stabilize period.")
  long stabilizeMs;

  @Option(names = "--fix-fingers-ms", defaultValue = "0", paramLabel = "MS",
      description = "Fix-fingers period (0: the stabilize period).")
  long fixFingersMs;

  @Option(names = "--stabilize-max", defaultValue = "0", paramLabel = "MS",
      description = "Adaptive stabilize ceiling (0: fixed).")
  long stabilizeMaxMs;

  @Option(names = "--fix-fingers-max", defaultValue = "0", paramLabel = "MS",
      description = "Adaptive fix-fingers ceiling (0: fixed).")
  long fixFingersMaxMs;

  @Option(names = "--chord", paramLabel = "YAML",
      description = "The peers' chord settings as a YAML flow mapping (a child of run --jvms); replaces the flags above.")
  String chord;

  @Option(names = "--location", paramLabel = "D,BITS,K,REFRESH_MS,LEASE_MS,QUERY_MS",
      description = "The peers carry the location layer with these routing settings (a child of run --jvms).")
  String location;

  @Override
  public Integer call() {
    ClusterOptions options;
    ChordConfig config;
    PeerSetup setup;
    BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try {
      options = cluster.options().withNodeName(node);
      if (cluster.tlsSeedOnStdin()) {
        // on standard input rather than the command line, which other users of the host can read
        options = options.withTlsSeed(commands.readLine());
      }
      ChordSettings settings = chord != null ? ScenarioLoader.chordSettings("--chord", chord) : null;
      config = settings != null ? ScenarioRunner.chordConfig(settings)
          : new MaintenancePeriods(stabilizeMs, fixFingersMs, stabilizeMaxMs, fixFingersMaxMs)
              .applyTo(ChordConfig.defaults().withIdBits(idBits).withSuccessors(successors, replicas));
      // a worker's ring spans JVMs: its peers confirm failures, as the coordinator's do
      config = config.withConfirmFailures(true);
      setup = PeerSetup.of(config, settings != null ? settings.repair() : RepairMode.PUSH,
          location == null ? null : ScenarioRunner.locationConfig(JvmRun.routingOf("--location", location)));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return JvmWorker.run(options, config, setup, seed, commands);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
