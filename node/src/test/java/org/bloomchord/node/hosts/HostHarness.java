package org.bloomchord.node.hosts;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import io.vertx.core.json.JsonObject;
import org.bloomchord.overlay.vertx.ClusterOptions;

/**
 * A bench of hosts for tests: {@code scripts/hosts} makes J network namespaces on a bridge of their
 * own (addresses 10.231.X.1.. on a /24 the script picks free), this class starts one child JVM per
 * host running {@link HostNodeMain} bound to the host's address, reads their HTTP API from the root
 * namespace (10.231.X.254), and cuts and restores host pairs with the script's nftables sets.
 *
 * <p>Everything is torn down by {@link #close()} (the test's try-with-resources), and by a shutdown
 * hook if the test JVM is stopped first; a child JVM also quits when its standard input closes.
 * Without root, {@code ip} or {@code nft} the test is skipped ({@link #assumeAvailable}).
 */
public final class HostHarness implements AutoCloseable {

  private static final Path SCRIPT = Path.of("..", "scripts", "hosts").toAbsolutePath().normalize();

  private final String name;
  private final int hosts;
  private final List<Process> nodes = new ArrayList<>();
  /** The bench's TLS seed: its nodes' membership and event bus admit one another and no one else. */
  private final String tlsSeed = ClusterOptions.randomTlsSeed();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Thread hook;
  private boolean closed;

  private HostHarness(String name, int hosts) {
    this.name = name;
    this.hosts = hosts;
    this.hook = new Thread(this::down, "host-harness-teardown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** Skips the calling test, with one line saying why, unless this machine can make namespaces. */
  public static void assumeAvailable() {
    assumeTrue(Files.isExecutable(SCRIPT), "host harness: " + SCRIPT + " not found");
    assumeTrue("root".equals(System.getProperty("user.name")),
        "host harness: needs root for network namespaces (running as " + System.getProperty("user.name") + ")");
    assumeTrue(onPath("ip") && onPath("nft"), "host harness: needs ip (iproute2) and nft (nftables) on the PATH");
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool)) || Files.isExecutable(Path.of("/sbin", tool));
  }

  /** Makes {@code hosts} hosts; the bench is named after this JVM's pid so concurrent runs do not meet. */
  public static HostHarness up(int hosts) {
    assumeAvailable();
    String name = "j" + (ProcessHandle.current().pid() % 10_000_000);
    HostHarness h = new HostHarness(name, hosts);
    try {
      h.script("up", name, Integer.toString(hosts));
    } catch (RuntimeException e) {
      h.close();
      throw e;
    }
    return h;
  }

  /** Host {@code k}'s address. */
  public String address(int k) {
    return script("addr", name, Integer.toString(k)).trim();
  }

  /** Drops every packet between hosts {@code a} and {@code b}. */
  public void cut(int a, int b) {
    script("cut", name, Integer.toString(a), Integer.toString(b));
  }

  /** Drops packets from {@code a} to {@code b} only. */
  public void oneWay(int a, int b) {
    script("oneway", name, Integer.toString(a), Integer.toString(b));
  }

  /** Undoes the cuts between {@code a} and {@code b}, both ways. */
  public void restore(int a, int b) {
    script("restore", name, Integer.toString(a), Integer.toString(b));
  }

  /**
   * Starts a node of {@code peers} peers in host {@code k} (cluster port 5701, HTTP 8080 on the
   * host's address), joining through host 0 unless it is host 0; blocks until it prints
   * {@code listening} and returns its HTTP base URL.
   */
  public String startNode(int k, int peers, long timeoutMs) throws IOException, InterruptedException {
    String addr = address(k);
    List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", "bc-" + name + "-h" + k,
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
    cmd.addAll(org.bloomchord.overlay.vertx.ClusterNode.JDK_FLAGS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), HostNodeMain.class.getName(),
        addr, Integer.toString(peers), k == 0 ? "-" : address(0) + ":5701", "bc-" + name, tlsSeed));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    nodes.add(p);
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (line.startsWith("listening on ")) {
            return line.substring("listening on ".length());
          }
        }
        return null;
      } catch (IOException e) {
        return null;
      }
    });
    try {
      String u = url.get(timeoutMs, TimeUnit.MILLISECONDS);
      if (u == null) {
        throw new IllegalStateException("the node of host " + k + " exited before listening");
      }
      return u;
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the node of host " + k + " did not listen within " + timeoutMs + " ms", e);
    }
  }

  /** GET {@code url + path} from the root namespace as JSON; null when it does not answer in 10 s. */
  public JsonObject getJson(String url, String path) {
    String body = getText(url, path);
    return body == null ? null : new JsonObject(body);
  }

  /** GET {@code url + path} from the root namespace; null when it does not answer 200 in 10 s. */
  public String getText(String url, String path) {
    try {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(10))
          .GET().build(), HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? r.body() : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** How many hosts the bench has. */
  public int hosts() {
    return hosts;
  }

  private String script(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(SCRIPT.toString());
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException("scripts/hosts " + String.join(" ", args) + " failed: " + out.trim());
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + SCRIPT + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private synchronized void down() {
    if (closed) {
      return;
    }
    closed = true;
    for (Process p : nodes) {
      p.destroy();
    }
    for (Process p : nodes) {
      try {
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
      }
    }
    try {
      script("down", name);
    } catch (RuntimeException e) {
      System.err.println("host harness: teardown of bench " + name + " failed: " + e.getMessage());
    }
  }

  /** Stops the nodes and removes the namespaces, the bridge and the root link. */
  @Override
  public void close() {
    down();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: the hook runs (and finds the bench gone)
    }
  }

  /** The namespaces of this bench still present (for the teardown check). */
  public List<String> namespacesLeft() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(10, TimeUnit.SECONDS);
    List<String> left = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("bc-" + name + "-")) {
        left.add(line.split(" ")[0]);
      }
    }
    return left;
  }
}
