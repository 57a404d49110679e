package org.bloomchord.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedding example of the README, taken from the README itself, compiled against the modules
 * and run: what a reader copies works, and its output says what the README says it does; the
 * embedding guide holds the same code.
 */
class ReadmeExampleTest {

  @Test
  void theReadmeExampleCompilesAndRuns(@TempDir Path dir) throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("```java\n(.*?public class Example.*?)```", Pattern.DOTALL).matcher(readme);
    assertTrue(m.find(), "the README has a Java block with class Example");
    String guide = Files.readString(Path.of("..", "docs", "guides", "embedding.md"), StandardCharsets.UTF_8);
    Matcher g = Pattern.compile("```java\n(.*?public class Example.*?)```", Pattern.DOTALL).matcher(guide);
    assertTrue(g.find() && g.group(1).equals(m.group(1)), "docs/guides/embedding.md holds the README's example");
    Path source = dir.resolve("Example.java");
    Files.writeString(source, m.group(1));

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "a JDK with javac runs the tests");
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int rc = javac.run(null, diagnostics, diagnostics, "-d", dir.toString(),
        "-cp", System.getProperty("java.class.path"), source.toString());
    assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));

    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass("Example").getMethod("main", String[].class);
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(original);
    }
    List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("colour = green (version ")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("successor of colour: p")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.equals("song.ogg: PROBABILISTIC at p3")
        || l.equals("song.ogg: FALLBACK at p3")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.equals("added [p8, p9]")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.equals("ring event: JOINED p8")), lines.toString());
  }
}
