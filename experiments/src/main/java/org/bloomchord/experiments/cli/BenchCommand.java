package org.bloomchord.experiments.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bloomchord bench ...}: speed benchmarks of the runtimes. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Measure the runtimes' speed on reference workloads.",
    subcommands = {BenchRelayCommand.class, BenchRingCommand.class, BenchIdleCommand.class})
public final class BenchCommand implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing bench subcommand (try: bloomchord bench --help)");
  }
}
