package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import org.bloomchord.experiments.churn.TraceFormatException;
import org.bloomchord.experiments.jvm.ChildJvmException;
import org.bloomchord.experiments.scenario.ScenarioException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bloomchord} command line. Exit codes: 0 success, 1 internal failure (the cause on one
 * line), 2 bad user input (one line naming the flag, value or file position; no stack trace).
 */
@Command(
    name = "bloomchord",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "A Chord overlay of Vert.x peers with attenuated Bloom filter location and set reconciliation.",
    subcommands = {RunCommand.class, DemoCommand.class, RingCommand.class, LocateCommand.class,
        ReconcileCommand.class, SketchCommand.class, FuzzCommand.class, WritesCommand.class, BenchCommand.class,
        WorkerCommand.class, NodeCommand.class, CaCommand.class,
        DocsCommand.class, TracebackCommand.class, TablesCommand.class, CacheCommand.class, HotKeysCommand.class,
        PartitionsCommand.class, SimilarCommand.class, SemiJoinCommand.class,
        CommandLine.HelpCommand.class})
public final class BloomchordCli implements Runnable {

  /** Exit code for bad user input. */
  public static final int EXIT_USAGE = 2;
  /** Exit code for an internal failure. */
  public static final int EXIT_FAILURE = 1;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (try: bloomchord --help)");
  }

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the CLI with the given streams and returns the exit code (used by tests). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = commandLine();
    cli.setOut(out);
    cli.setErr(err);
    return cli.execute(args);
  }

  /** The configured picocli command line. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new BloomchordCli());
    cli.setParameterExceptionHandler((ex, args) -> {
      ex.getCommandLine().getErr().println("bloomchord: " + ex.getMessage());
      return EXIT_USAGE;
    });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      if (ex instanceof UsageException || ex instanceof ScenarioException || ex instanceof TraceFormatException) {
        commandLine.getErr().println("bloomchord: " + ex.getMessage());
        return EXIT_USAGE;
      }
      ChildJvmException child = ChildJvmException.in(ex);
      if (child != null) {
        commandLine.getErr().println("bloomchord: " + child.getMessage());
        return EXIT_FAILURE;
      }
      commandLine.getErr().println("bloomchord: internal error: " + ex);
      return EXIT_FAILURE;
    });
    return cli;
  }
}
