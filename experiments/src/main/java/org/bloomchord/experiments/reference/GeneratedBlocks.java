package org.bloomchord.experiments.reference;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generated parts of a hand-maintained page: each lies between {@code <!-- BEGIN GENERATED name -->}
 * and {@code <!-- END GENERATED name -->} on lines of their own; everything outside the markers is
 * prose that regeneration keeps as it is.
 */
public final class GeneratedBlocks {

  private GeneratedBlocks() {
  }

  /** The opening marker of block {@code name}. */
  public static String begin(String name) {
    return "<!-- BEGIN GENERATED " + name + ": `" + regenerate(name) + "` rewrites this block from the code -->";
  }

  /** The closing marker of block {@code name}. */
  public static String end(String name) {
    return "<!-- END GENERATED " + name + " -->";
  }

  /**
   * {@code page} with the text of block {@code name} replaced by {@code body}; a page without the
   * block gets it appended (a new page: {@code page} empty).
   */
  public static String splice(String page, String name, String body) {
    String block = begin(name) + "\n" + body.strip() + "\n" + end(name) + "\n";
    Matcher m = pattern(name).matcher(page);
    if (m.find()) {
      return page.substring(0, m.start()) + block + page.substring(m.end());
    }
    return page.isEmpty() || page.endsWith("\n\n") ? page + block : page.stripTrailing() + "\n\n" + block;
  }

  /** The text of block {@code name} in {@code page} (without its markers), or null when it has none. */
  public static String extract(String page, String name) {
    Matcher m = pattern(name).matcher(page);
    if (!m.find()) {
      return null;
    }
    String block = m.group();
    int from = block.indexOf('\n') + 1;
    int to = block.lastIndexOf(end(name));
    return from > to ? "" : block.substring(from, to).strip();
  }

  private static Pattern pattern(String name) {
    // from the opening marker (whatever its note says) to the closing one and the end of its line
    return Pattern.compile("<!-- BEGIN GENERATED " + Pattern.quote(name) + "[ :][^\\n]*-->\\n.*?"
        + Pattern.quote(end(name)) + "\\n?", Pattern.DOTALL);
  }

  /** The command, run from the repository's root, that rewrites block {@code name} of its page. */
  public static String regenerate(String name) {
    return "./bloomchord docs " + name + " --write";
  }
}
