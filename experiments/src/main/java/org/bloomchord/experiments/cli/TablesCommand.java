package org.bloomchord.experiments.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomchord.experiments.report.tables.ExperimentPages;
import org.bloomchord.experiments.report.tables.MarkedBlocks;
import org.bloomchord.experiments.report.tables.ReproductionData;
import org.bloomchord.experiments.report.tables.ReproductionTables;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bloomchord tables}: writes the published-against-measured tables of bundled reproductions
 * in markdown, from run folders ({@code summaries.json}) or recorded-figures files. It prints them,
 * writes them between the markers of one page ({@code --write}), or rewrites every page of an
 * experiments folder from its {@code data/} and the README's "What it measured" figures from the
 * same data ({@code --docs}); {@code --check} changes nothing and exits with 1 when a page or the
 * README differs from what its data gives.
 */
@Command(
    name = "tables",
    mixinStandardHelpOptions = true,
    description = "Write the published-against-measured tables of reproductions (markdown) from runs' summaries.")
public final class TablesCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "SOURCE", arity = "0..*",
      description = "Run folders of bundled reproductions (holding summaries.json) or NAME.recorded.json files.")
  List<Path> sources = new ArrayList<>();

  @Option(names = "--write", paramLabel = "PAGE",
      description = "Replace each source's block (between '<!-- tables NAME: begin' and '<!-- tables NAME: end -->') in PAGE.")
  Path write;

  @Option(names = "--docs", paramLabel = "DIR",
      description = "Rewrite every block of the pages DIR/*.md from DIR/data/NAME/, DIR/data/NAME.recorded.json or,"
          + " for a block PAGE.PART, DIR/data/PAGE/PART.json (a command's --json output), and the figures of the"
          + " README two folders up.")
  Path docs;

  @Option(names = "--check", description = "With --write or --docs: change nothing; exit 1 when a page differs.")
  boolean check;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (docs != null && (write != null || !sources.isEmpty())) {
      throw new UsageException("--docs takes no SOURCE and no --write");
    }
    if (docs == null && sources.isEmpty()) {
      throw new UsageException("name at least one SOURCE (a run folder or a .recorded.json file), or --docs DIR");
    }
    if (check && docs == null && write == null) {
      throw new UsageException("--check needs --write PAGE or --docs DIR");
    }
    try {
      if (docs != null) {
        if (!Files.isDirectory(docs)) {
          throw new UsageException("--docs: " + docs + " is not a directory");
        }
        return apply(ExperimentPages.regenerate(docs), out);
      }
      if (write == null) {
        for (Path s : sources) {
          ReproductionData data = ReproductionData.load(s);
          out.print(MarkedBlocks.begin(data.scenario()) + " -->\n" + ReproductionTables.markdown(data)
              + MarkedBlocks.end(data.scenario()) + "\n");
        }
        out.flush();
        return 0;
      }
      if (!Files.isRegularFile(write)) {
        throw new UsageException("--write: " + write + " is not a file");
      }
      String page = Files.readString(write, StandardCharsets.UTF_8);
      for (Path s : sources) {
        ReproductionData data = ReproductionData.load(s);
        page = MarkedBlocks.replace(page, data.scenario(), ReproductionTables.markdown(data));
      }
      return apply(Map.of(write, page), out);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private int apply(Map<Path, String> pages, PrintWriter out) throws IOException {
    int differ = 0;
    for (Map.Entry<Path, String> e : pages.entrySet()) {
      String now = Files.readString(e.getKey(), StandardCharsets.UTF_8);
      if (now.equals(e.getValue())) {
        continue;
      }
      differ++;
      if (check) {
        out.println(e.getKey() + ": tables differ from what their data gives");
      } else {
        Files.writeString(e.getKey(), e.getValue(), StandardCharsets.UTF_8);
        out.println(e.getKey() + ": tables written");
      }
    }
    out.flush();
    return check && differ > 0 ? 1 : 0;
  }
}
