package org.bloomchord.experiments.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Names, not positions: no constructor call in main code passes more than {@value #MAX_POSITIONAL}
 * arguments by position. The main sources of every module are parsed with the JDK's compiler tree
 * API (no regular expressions); a call counts unless it is the one call a record's own builder
 * makes ({@code new T(...)} inside {@code T.Builder} or {@code TBuilder}, every argument a plain
 * name). The calls written before this rule are listed, per file and type, in
 * {@code positional-constructor-calls.txt}: the test fails on any call beyond that list, and the
 * list only shrinks: after building some of them by name, rewrite it with
 * {@code -Dpositional.list=src/test/resources/org/bloomchord/experiments/code/positional-constructor-calls.txt}.
 */
class PositionalConstructorCallsTest {

  static final int MAX_POSITIONAL = 8;
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String HEADER = """
      # Constructor calls of main code that pass more than 8 arguments by position, written before the rule
      # of PositionalConstructorCallsTest: "path Type count". The list only shrinks.
      """;
  private static final List<String> MODULES = List.of("overlay", "chord", "routing", "node", "experiments", "benchmarks");

  @Test
  void noNewConstructorCallPassesMoreThanEightArgumentsByPosition() throws IOException {
    Map<String, Integer> found = positionalCalls(mainSources());
    String rewrite = System.getProperty("positional.list");
    if (rewrite != null) {
      StringBuilder list = new StringBuilder(HEADER);
      found.forEach((where, n) -> list.append(where).append(' ').append(n).append('\n'));
      Files.writeString(Path.of(rewrite), list);
    }
    Map<String, Integer> allowed = allowed();
    List<String> beyond = new ArrayList<>();
    found.forEach((where, n) -> {
      int ok = allowed.getOrDefault(where, 0);
      if (n > ok) {
        beyond.add(where + ": " + n + " calls, " + ok + " listed");
      }
    });
    assertEquals(List.of(), beyond, "constructor calls with more than " + MAX_POSITIONAL
        + " positional arguments; build these records by name (a builder or smaller records)");
  }

  @Test
  void theCheckSeesACallAndExemptsOnlyABuildersOwnCall() throws IOException {
    Path dir = Files.createTempDirectory("positional");
    try {
      Path file = dir.resolve("Wide.java");
      Files.writeString(file, """
          record Wide(int a, int b, int c, int d, int e, int f, int g, int h, int i) {
            static Wide zero() {
              return new Wide(0, 0, 0, 0, 0, 0, 0, 0, 0);
            }
            static Wide eight() {
              return new Wide(8, 0, 0, 0, 0, 0, 0, 0);
            }
            static final class Builder {
              int a, b, c, d, e, f, g, h, i;
              Wide build() {
                return new Wide(a, b, c, d, e, f, g, h, i);
              }
              Wide shifted() {
                return new Wide(a + 1, b, c, d, e, f, g, h, i);
              }
            }
            Wide(int a, int b, int c, int d, int e, int f, int g, int h) {
              this(a, b, c, d, e, f, g, h, 0);
            }
          }
          """);
      Map<String, Integer> found = positionalCalls(List.of(file));
      assertEquals(List.of(2), List.copyOf(found.values()), "the nine-argument call and the builder's shifted copy");
      assertTrue(found.keySet().iterator().next().endsWith("Wide.java Wide"), found.toString());
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static List<Path> mainSources() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String module : MODULES) {
      Path main = ROOT.resolve(module).resolve("src/main/java");
      if (Files.isDirectory(main)) {
        try (Stream<Path> s = Files.walk(main)) {
          s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
        }
      }
    }
    assertTrue(files.size() > 100, "the main sources of " + MODULES);
    return files;
  }

  /** Per "path Type" (path relative to the project), the calls that pass too many arguments by position. */
  static Map<String, Integer> positionalCalls(List<Path> files) throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    Map<String, Integer> found = new TreeMap<>();
    try (StandardJavaFileManager fm = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      JavacTask task = (JavacTask) compiler.getTask(null, fm, d -> { }, List.of("-proc:none"), null,
          fm.getJavaFileObjectsFromPaths(files));
      for (CompilationUnitTree unit : task.parse()) {
        Path path = Path.of(unit.getSourceFile().toUri());
        String where = (path.startsWith(ROOT) ? ROOT.relativize(path) : path).toString().replace('\\', '/');
        new TreePathScanner<Void, Void>() {
          @Override
          public Void visitNewClass(NewClassTree call, Void unused) {
            if (call.getArguments().size() > MAX_POSITIONAL && !buildersOwnCall(getCurrentPath(), call)) {
              found.merge(where + " " + simpleName(call.getIdentifier()), 1, Integer::sum);
            }
            return super.visitNewClass(call, unused);
          }
        }.scan(unit, null);
      }
    }
    return found;
  }

  private static boolean buildersOwnCall(TreePath path, NewClassTree call) {
    String type = simpleName(call.getIdentifier());
    if (!call.getArguments().stream().allMatch(a -> a instanceof IdentifierTree)) {
      return false;
    }
    List<String> enclosing = new ArrayList<>();
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      Tree t = p.getLeaf();
      if (t instanceof ClassTree c) {
        enclosing.add(c.getSimpleName().toString());
      }
    }
    return enclosing.size() >= 2 && enclosing.get(0).equals("Builder") && enclosing.get(1).equals(type)
        || !enclosing.isEmpty() && enclosing.get(0).equals(type + "Builder");
  }

  private static String simpleName(ExpressionTree type) {
    String s = type.toString();
    int generic = s.indexOf('<');
    s = generic < 0 ? s : s.substring(0, generic);
    return s.substring(s.lastIndexOf('.') + 1);
  }

  private static Map<String, Integer> allowed() throws IOException {
    Map<String, Integer> allowed = new TreeMap<>();
    try (InputStream in = PositionalConstructorCallsTest.class.getResourceAsStream("positional-constructor-calls.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          int space = line.lastIndexOf(' ');
          allowed.put(line.substring(0, space), Integer.parseInt(line.substring(space + 1)));
        }
      }
    }
    return allowed;
  }
}
