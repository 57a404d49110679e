package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two programs of docs/guides/protocol-extension.md, taken from the page, compiled against the
 * modules and run on both runtimes: every probed key's owner is the oracle's, and agrees.
 */
class ExtensionGuideTest {

  private static final Pattern LINE = Pattern.compile(
      "key-\\d from (\\S+): owner (\\S+) \\(oracle: (\\S+)\\), (\\d+) hops, agrees (true|false)");

  @TempDir
  static Path classes;

  @BeforeAll
  static void compileTheGuide() throws Exception {
    String page = Files.readString(Path.of("..", "docs", "guides", "protocol-extension.md"), StandardCharsets.UTF_8);
    Path extension = classes.resolve("OwnerProbe.java");
    Path demo = classes.resolve("OwnerProbeDemo.java");
    Files.writeString(extension, block(page, "public final class OwnerProbe "));
    Files.writeString(demo, block(page, "public class OwnerProbeDemo "));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "a JDK with javac runs the tests");
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int rc = javac.run(null, diagnostics, diagnostics, "-d", classes.toString(),
        "-cp", System.getProperty("java.class.path"), extension.toString(), demo.toString());
    assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));
  }

  private static String block(String page, String declaration) {
    Matcher m = Pattern.compile("```java\n((?:(?!```).)*?" + Pattern.quote(declaration) + ".*?)```", Pattern.DOTALL)
        .matcher(page);
    assertTrue(m.find(), "the guide has a Java block with " + declaration);
    return m.group(1);
  }

  private URLClassLoader loader() throws Exception {
    return new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
  }

  @ParameterizedTest
  @ValueSource(strings = {"sim", "vertx"})
  void theGuidesProgramFindsTheOraclesOwnerOnEitherRuntime(String runtime) throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    try (URLClassLoader loader = loader()) {
      Method main = loader.loadClass("OwnerProbeDemo").getMethod("main", String[].class);
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[] {runtime});
    } finally {
      System.setOut(original);
    }
    List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("key-")).toList();
    assertEquals(5, lines.size(), lines::toString);
    for (String line : lines) {
      Matcher m = LINE.matcher(line);
      assertTrue(m.matches(), line);
      assertEquals(m.group(3), m.group(2), "the lookup names the oracle's owner: " + line);
      assertEquals("true", m.group(5), "the owner agrees on a stable ring: " + line);
      assertTrue(Integer.parseInt(m.group(4)) < 8, "fewer hops than peers: " + line);
    }
  }

  @Test
  void aTruncatedProbeIsRejectedByTheRegistry() throws Exception {
    try (URLClassLoader loader = loader()) {
      Method register = loader.loadClass("OwnerProbe").getMethod("register", WireRegistry.class);
      WireRegistry registry = (WireRegistry) register.invoke(null, ChordCluster.wireRegistry(ChordConfig.defaults()));
      Class<?> probe = loader.loadClass("OwnerProbe$Probe");
      byte[] frame = registry.encode((org.bloomchord.overlay.Message) probe.getConstructor(long.class).newInstance(42L));
      assertEquals(probe, registry.decode(frame).getClass());
      byte[] truncated = java.util.Arrays.copyOf(frame, frame.length - 3);
      assertThrows(MalformedMessageException.class, () -> registry.decode(truncated));
    }
  }
}
