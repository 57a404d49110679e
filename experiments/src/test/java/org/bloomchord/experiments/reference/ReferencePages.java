package org.bloomchord.experiments.reference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The reference pages of the checkout the tests run in. */
final class ReferencePages {

  private ReferencePages() {
  }

  /** The text of docs/reference/{@code name}. */
  static String read(String name) throws IOException {
    return readRepo("docs/reference/" + name);
  }

  /** The text of a file of the repository, by its path from the root (found from the module's folder upwards). */
  static String readRepo(String path) throws IOException {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs").resolve("reference"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IOException("no docs/reference folder above " + Path.of("").toAbsolutePath());
    }
    return Files.readString(dir.resolve(path), StandardCharsets.UTF_8);
  }

  /** The first line where {@code expected} and {@code actual} differ, both shown, for a failure message. */
  static String firstDifference(String expected, String actual) {
    String[] e = expected.split("\n", -1);
    String[] a = actual.split("\n", -1);
    for (int i = 0; i < Math.max(e.length, a.length); i++) {
      String el = i < e.length ? e[i] : "(end of block)";
      String al = i < a.length ? a[i] : "(end of block)";
      if (!el.equals(al)) {
        return "line " + (i + 1) + " of the block:\n  the code writes: " + el + "\n  the page has:    " + al;
      }
    }
    return "no difference";
  }
}
