package org.bloomchord.experiments.cli;

import picocli.CommandLine.Command;

/** {@code bloomchord sketch ...}: measurements of the Bloom filter family. */
@Command(
    name = "sketch",
    mixinStandardHelpOptions = true,
    description = "Measure the Bloom filter family: false-positive rates, compressed sizes.",
    subcommands = {SketchBloomCommand.class, CompressedTableCommand.class, SketchHeavyHittersCommand.class})
public final class SketchCommand implements Runnable {

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(),
        "missing sketch subcommand (try: bloomchord sketch --help)");
  }
}
