package org.bloomchord.experiments.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord demo}: runs the bundled quickstart ({@code bloomchord run quickstart}): 1,000
 * Vert.x peers join, live through churn with a lookup workload, lose a fifth of the ring, and are
 * measured; prints the summary and the path of the report.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Run the bundled quickstart: 1000 Vert.x peers join, publish, locate, churn and fail (about two minutes).")
public final class DemoCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", description = "Run folder (default: runs/quickstart-<timestamp>).")
  Path out;

  @Option(names = "--json", description = "Print the JSON summary instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    return RunCommand.execute(spec.commandLine(), "quickstart", out, null, null, List.of(), json);
  }
}
