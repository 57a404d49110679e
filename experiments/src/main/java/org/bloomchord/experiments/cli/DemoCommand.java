package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bloomchord demo}: the bundled quickstart. Until the quickstart scenario is bundled it runs
 * the sketch measurements instead: one compressed filter ({@code sketch bloom --n 100000
 * --bits-per-element 10 --compressed}) and the compressed-filter table, and says so on its first
 * line.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Run the bundled quickstart (for now: the sketch demo).")
public final class DemoCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    out.println("bloomchord demo: this is the sketch demo, because the quickstart scenario is not bundled yet.");
    out.println();
    out.println("$ bloomchord sketch bloom --n 100000 --bits-per-element 10 --compressed");
    out.flush();
    int rc = BloomchordCli.execute(
        new String[] {"sketch", "bloom", "--n", "100000", "--bits-per-element", "10", "--compressed"}, out, err);
    if (rc != 0) {
      return rc;
    }
    out.println();
    out.println("$ bloomchord sketch compressed-table");
    out.flush();
    return BloomchordCli.execute(new String[] {"sketch", "compressed-table"}, out, err);
  }
}
