package org.bloomchord.experiments.reference;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The CLI reference (docs/reference/cli.md, block {@value #BLOCK}) written from picocli's own model
 * of the command line: every visible command with its synopsis and description, and a table of
 * its flags and parameters with their values, defaults and descriptions as {@code --help} shows
 * them. Hidden commands and options (what child JVMs are started with) are internal and left out.
 *
 * <p>Each flag is named in the page as {@code `bloomchord sub --flag`} in the first cell of its
 * row, which is what {@link #documented} reads back to tell which flags a page misses or names
 * without a command line that has them.
 */
public final class CliReference {

  /** The name of the generated block. */
  public static final String BLOCK = "cli";

  private static final Pattern HEADING = Pattern.compile("^### `([^`]+)`$");
  private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)`");

  private final List<Command> commands;

  /** One visible command: its full name ({@code bloomchord sketch bloom}), texts and arguments. */
  public record Command(String name, String synopsis, List<String> description, List<Argument> arguments) {
  }

  /**
   * One option or positional parameter as help shows it.
   *
   * @param names the option's names ({@code -h, --help}) or the parameter's label ({@code SCENARIO})
   * @param key the one name the page identifies it by: the longest option name, or the label
   * @param value the option's value label, empty for a flag without a value
   * @param defaultValue the default, empty when there is none
   */
  public record Argument(String names, String key, String value, String defaultValue, boolean required,
      List<String> description) {
  }

  private CliReference(List<Command> commands) {
    this.commands = List.copyOf(commands);
  }

  /** The reference of {@code root} and every visible subcommand under it, depth first in declaration order. */
  public static CliReference of(CommandLine root) {
    List<Command> out = new ArrayList<>();
    collect(root, out);
    return new CliReference(out);
  }

  public List<Command> commands() {
    return commands;
  }

  /** Every {@code "command key"} pair of the model: {@code "bloomchord run --out"}, {@code "bloomchord run SCENARIO"}. */
  public Set<String> entries() {
    Set<String> out = new LinkedHashSet<>();
    for (Command c : commands) {
      out.add(c.name());
      c.arguments().forEach(a -> out.add(c.name() + " " + a.key()));
    }
    return out;
  }

  /** The {@code "command key"} pairs a page's generated block names (its headings and first cells). */
  public static Set<String> documented(String page) {
    Set<String> out = new LinkedHashSet<>();
    String block = GeneratedBlocks.extract(page, BLOCK);
    if (block == null) {
      return out;
    }
    String command = null;
    for (String line : block.split("\n")) {
      Matcher h = HEADING.matcher(line);
      Matcher r = ROW.matcher(line);
      if (h.matches()) {
        command = h.group(1);
        out.add(command);
      } else if (r.find() && command != null) {
        out.add(command + " " + r.group(1));
      }
    }
    return out;
  }

  /** The generated block's text: an index of the commands, then a section per command. */
  public String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("| Command | What it does |\n| --- | --- |\n");
    for (Command c : commands) {
      b.append("| [`").append(c.name()).append("`](#").append(anchor(c.name())).append(") | ")
          .append(cell(c.description().isEmpty() ? "" : firstSentence(text(c.description().get(0))))).append(" |\n");
    }
    for (Command c : commands) {
      b.append("\n### `").append(c.name()).append("`\n\n");
      b.append("```\n").append(c.synopsis().strip()).append("\n```\n\n");
      for (String d : c.description()) {
        b.append(text(d)).append("\n\n");
      }
      if (c.arguments().isEmpty()) {
        continue;
      }
      b.append("| Flag or parameter | Value | Default | Description |\n| --- | --- | --- | --- |\n");
      for (Argument a : c.arguments()) {
        String names = a.names().equals(a.key()) ? "`" + a.key() + "`"
            : "`" + a.key() + "` (" + otherNames(a) + ")";
        b.append("| ").append(names).append(a.required() ? " **required**" : "").append(" | ")
            .append(a.value().isEmpty() ? "" : code(a.value())).append(" | ")
            .append(a.defaultValue().isEmpty() ? "" : code(a.defaultValue())).append(" | ")
            .append(cell(String.join(" ", a.description()))).append(" |\n");
      }
    }
    return b.toString();
  }

  private static void collect(CommandLine cl, List<Command> out) {
    CommandSpec spec = cl.getCommandSpec();
    if (spec.usageMessage().hidden()) {
      return;
    }
    List<Argument> args = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        args.add(new Argument(p.paramLabel(), p.paramLabel(), p.paramLabel(), defaultOf(p), p.required(),
            List.of(p.description())));
      }
    }
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        String value = o.typeInfo().isBoolean() || o.arity().max() == 0 ? "" : o.paramLabel();
        args.add(new Argument(String.join(", ", o.names()), o.longestName(), value, defaultOf(o), o.required(),
            List.of(o.description())));
      }
    }
    CommandLine.Help help = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
    out.add(new Command(spec.qualifiedName(), help.synopsis(0), List.of(spec.usageMessage().description()), args));
    cl.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, out));
  }

  private static String defaultOf(ArgSpec a) {
    String d = a.defaultValue();
    return d == null ? "" : d;
  }

  private static String otherNames(Argument a) {
    List<String> others = new ArrayList<>();
    for (String n : a.names().split(", ")) {
      if (!n.equals(a.key())) {
        others.add("`" + n + "`");
      }
    }
    return String.join(", ", others);
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  static String anchor(String heading) {
    return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
  }

  private static String firstSentence(String text) {
    int dot = text.indexOf(". ");
    return dot < 0 ? text.strip() : text.substring(0, dot + 1);
  }

  /** Text safe inside a table cell: no pipe and no line break. */
  static String cell(String text) {
    return text(text).replace("|", "\\|").replace("\n", " ");
  }

  /** A code span inside a table cell (entities would show literally in one; a pipe is escaped). */
  static String code(String text) {
    return "`" + text.replace("|", "\\|").replace("\n", " ").strip() + "`";
  }

  /**
   * Help text as markdown shows it: picocli's {@code %n} line breaks as spaces, and angle brackets
   * ({@code runs/<scenario>}) as an entity, which markdown would otherwise take for tags.
   */
  static String text(String help) {
    return help.replace("%n", " ").replace("\r", "").replace("<", "&lt;").strip()
        .replaceAll(" {2,}", " ");
  }
}
