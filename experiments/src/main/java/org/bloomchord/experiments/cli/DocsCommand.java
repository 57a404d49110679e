package org.bloomchord.experiments.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.reference.CliReference;
import org.bloomchord.experiments.reference.GeneratedBlocks;
import org.bloomchord.experiments.reference.MetricsReference;
import org.bloomchord.experiments.reference.ScenarioReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord docs ...}: writes the generated blocks of the reference pages from the code
 * (the CLI from picocli's model, the scenario keys from the binder), keeping the hand-written prose
 * around them. Without {@code --write} it prints the block.
 */
@Command(
    name = "docs",
    mixinStandardHelpOptions = true,
    description = "Write the reference pages' generated tables from the code: docs cli, docs scenario, docs metrics.",
    subcommands = {DocsCommand.Cli.class, DocsCommand.Scenario.class, DocsCommand.Metrics.class})
public final class DocsCommand implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing docs subcommand (try: bloomchord docs --help)");
  }

  /** The flags both pages take. */
  abstract static class Page implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--write", description = "Rewrite the block in the page (the rest of the page is kept)"
        + " instead of printing it.")
    boolean write;

    /** The page the block is in. */
    abstract Path page();

    /** The block's name. */
    abstract String block();

    /** The block's text for the page's current text (empty for a new page). */
    abstract String generate(String current);

    @Override
    public Integer call() {
      Path page = page();
      PrintWriter out = spec.commandLine().getOut();
      String current = "";
      if (Files.exists(page)) {
        try {
          current = Files.readString(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new UsageException("cannot read " + page + " (" + e.getClass().getSimpleName() + ")");
        }
      }
      String body = generate(current);
      if (!write) {
        out.print(body);
        out.flush();
        return 0;
      }
      String next = GeneratedBlocks.splice(current, block(), body);
      try {
        if (page.getParent() != null) {
          Files.createDirectories(page.getParent());
        }
        Files.writeString(page, next, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UsageException("cannot write " + page + " (" + e.getClass().getSimpleName() + ")");
      }
      out.println((next.equals(current) ? "unchanged: " : "written: ") + page);
      return 0;
    }
  }

  /** {@code bloomchord docs cli}. */
  @Command(name = "cli", mixinStandardHelpOptions = true,
      description = "Write the CLI reference's block: every visible command and flag, from picocli's model.")
  static final class Cli extends Page {

    @Option(names = "--page", paramLabel = "FILE", defaultValue = "docs/reference/cli.md",
        description = "The page, from the repository's root (default: ${DEFAULT-VALUE}).")
    Path page;

    @Override
    Path page() {
      return page;
    }

    @Override
    String block() {
      return CliReference.BLOCK;
    }

    @Override
    String generate(String current) {
      return CliReference.of(BloomchordCli.commandLine()).markdown();
    }
  }

  /** {@code bloomchord docs scenario}. */
  @Command(name = "scenario", mixinStandardHelpOptions = true,
      description = "Write the scenario reference's block: every key, accepted values and default, from the"
          + " binder; the descriptions already in the page are kept.")
  static final class Scenario extends Page {

    @Option(names = "--page", paramLabel = "FILE", defaultValue = "docs/reference/scenario.md",
        description = "The page, from the repository's root (default: ${DEFAULT-VALUE}).")
    Path page;

    @Override
    Path page() {
      return page;
    }

    @Override
    String block() {
      return ScenarioReference.BLOCK;
    }

    @Override
    String generate(String current) {
      return ScenarioReference.fromBinder().markdown(current);
    }
  }

  /** {@code bloomchord docs metrics}. */
  @Command(name = "metrics", mixinStandardHelpOptions = true,
      description = "Write the metrics reference's block: every metric family of a live node's /metrics (a node"
          + " of a few peers started on 127.0.0.1 for the purpose), its type and labels; the meanings already in"
          + " the page are kept.")
  static final class Metrics extends Page {

    @Option(names = "--page", paramLabel = "FILE", defaultValue = "docs/reference/metrics.md",
        description = "The page, from the repository's root (default: ${DEFAULT-VALUE}).")
    Path page;

    @Override
    Path page() {
      return page;
    }

    @Override
    String block() {
      return MetricsReference.BLOCK;
    }

    @Override
    String generate(String current) {
      return MetricsReference.fromLiveNode().markdown(current);
    }
  }
}
