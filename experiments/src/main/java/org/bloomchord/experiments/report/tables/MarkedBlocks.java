package org.bloomchord.experiments.report.tables;

/**
 * Generated text between two marker lines of a markdown page:
 * <pre>
 * &lt;!-- tables NAME: begin (written by bloomchord tables; do not edit) --&gt;
 * ...
 * &lt;!-- tables NAME: end --&gt;
 * </pre>
 * The begin line may say more after {@code begin} (the command that writes the block); the lines
 * between the markers are replaced whole, everything else on the page is kept byte for byte.
 */
public final class MarkedBlocks {

  private MarkedBlocks() {
  }

  /** The begin marker's start for block {@code name}. */
  public static String begin(String name) {
    return "<!-- tables " + name + ": begin";
  }

  /** The end marker line for block {@code name}. */
  public static String end(String name) {
    return "<!-- tables " + name + ": end -->";
  }

  /** Whether {@code page} has the markers of block {@code name}. */
  public static boolean has(String page, String name) {
    return beginLine(page, name) >= 0;
  }

  /**
   * {@code page} with the lines between the markers of block {@code name} replaced by {@code content}
   * (which ends with a newline).
   *
   * @throws IllegalArgumentException when the page lacks either marker, or has the begin marker twice
   */
  public static String replace(String page, String name, String content) {
    int b = beginLine(page, name);
    if (b < 0) {
      throw new IllegalArgumentException("no line starting with '" + begin(name) + "'");
    }
    if (page.indexOf("\n" + begin(name), b + 1) >= 0) {
      throw new IllegalArgumentException("the marker '" + begin(name) + "' appears twice");
    }
    int afterBegin = page.indexOf('\n', b);
    int e = page.indexOf("\n" + end(name), afterBegin - 1);
    if (afterBegin < 0 || e < 0) {
      throw new IllegalArgumentException("no line '" + end(name) + "' after '" + begin(name) + "'");
    }
    return page.substring(0, afterBegin + 1) + content + page.substring(e + 1);
  }

  /** The text between the markers of block {@code name}, or null without them. */
  public static String content(String page, String name) {
    int b = beginLine(page, name);
    if (b < 0) {
      return null;
    }
    int afterBegin = page.indexOf('\n', b);
    int e = page.indexOf("\n" + end(name), afterBegin - 1);
    return afterBegin < 0 || e < 0 ? null : page.substring(afterBegin + 1, e + 1);
  }

  private static int beginLine(String page, String name) {
    if (page.startsWith(begin(name))) {
      return 0;
    }
    int i = page.indexOf("\n" + begin(name));
    return i < 0 ? -1 : i + 1;
  }
}
