package org.bloomchord.experiments.report.tables;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The experiment pages of a documentation folder and the data their tables are written from: every
 * block {@code <!-- tables NAME: begin ... -->} of a page {@code DIR/*.md} is written from
 * {@code DIR/data/NAME/} (a run folder's {@code summaries.json}) or, for figures recorded from
 * earlier runs, {@code DIR/data/NAME.recorded.json}; the block {@code compressed-table} from
 * {@code DIR/data/compressed-table.json}, the output of {@code bloomchord sketch compressed-table --json}.
 */
public final class ExperimentPages {

  /** The folder of the data, under the pages' folder. */
  public static final String DATA = "data";

  /** The suffix of a recorded-figures file. */
  public static final String RECORDED = ".recorded.json";

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  private static final Pattern BEGIN = Pattern.compile("(?m)^<!-- tables ([A-Za-z0-9._-]+): begin");

  private ExperimentPages() {
  }

  /** The block names of {@code page}, in order. */
  public static List<String> blocks(String page) {
    List<String> out = new ArrayList<>();
    Matcher m = BEGIN.matcher(page);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** The data source of block {@code name} under {@code dir}: the run folder if there is one, else the recorded file. */
  public static Path source(Path dir, String name) {
    if (name.equals(CompressedTableMarkdown.NAME)) {
      return dir.resolve(DATA).resolve(name + ".json");
    }
    Path runs = dir.resolve(DATA).resolve(name);
    return Files.isDirectory(runs) ? runs : dir.resolve(DATA).resolve(name + RECORDED);
  }

  /** The markdown of one source's tables. */
  public static String tables(Path source) {
    return ReproductionTables.markdown(ReproductionData.load(source));
  }

  /**
   * Every page of {@code dir} that has blocks, with its blocks written anew from the data.
   *
   * @return the pages' new texts by path, in file-name order (unchanged pages included)
   * @throws IllegalArgumentException naming the page and block whose data is missing or wrong
   */
  public static Map<Path, String> regenerate(Path dir) {
    Map<Path, String> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path page : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        List<String> names = blocks(text);
        if (names.isEmpty()) {
          continue;
        }
        for (String name : names) {
          Path source = source(dir, name);
          if (!Files.exists(source)) {
            throw new IllegalArgumentException(page + ": block '" + name + "' has no data (" + dir.resolve(DATA)
                .resolve(name) + "/ or " + name + RECORDED + ")");
          }
          try {
            if (name.equals(CompressedTableMarkdown.NAME)) {
              text = MarkedBlocks.replace(text, name, CompressedTableMarkdown.markdown(JSON.readTree(source.toFile())));
              continue;
            }
            ReproductionData data = ReproductionData.load(source);
            if (!data.scenario().equals(name)) {
              throw new IllegalArgumentException("block '" + name + "' is written from " + source + ", whose runs are of '"
                  + data.scenario() + "'");
            }
            text = MarkedBlocks.replace(text, name, ReproductionTables.markdown(data));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(page + ": " + e.getMessage());
          }
        }
        out.put(page, text);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the pages of " + dir, e);
    }
    return out;
  }
}
