package org.bloomchord.experiments.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bloomchord demo}: the bundled quickstart. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Run the bundled quickstart.")
public final class DemoCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().println("bloomchord demo: the quickstart scenario is not bundled yet.");
    return 0;
  }
}
