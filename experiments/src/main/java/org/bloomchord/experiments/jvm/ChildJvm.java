package org.bloomchord.experiments.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.bloomchord.overlay.vertx.ClusterNode;

/**
 * A child JVM running {@code bloomchord worker}, driven by one command line at a time on its
 * standard input and answering one line on its standard output ({@code ok ...} or
 * {@code error ...}); its standard error goes to a log file in the temporary directory, deleted
 * when the child is stopped unless an error message named it.
 *
 * <p>No orphan: {@link #close()} asks it to quit and kills it after a grace period; a JVM-wide
 * shutdown hook kills every child still running (Ctrl-C, failure); and a worker quits by itself
 * when its standard input closes, which happens when this JVM dies, even by SIGKILL.
 */
final class ChildJvm implements AutoCloseable {

  private static final long GRACE_MS = 10_000;
  private static final List<ChildJvm> RUNNING = new ArrayList<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      List<ChildJvm> all;
      synchronized (RUNNING) {
        all = new ArrayList<>(RUNNING);
      }
      all.forEach(ChildJvm::kill);
    }, "child-jvm-reaper"));
  }

  private final String name;
  private final Process process;
  private final PrintWriter in;
  private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final Path log;
  /** Whether an error message named the log, which is then kept. */
  private volatile boolean keepLog;

  private ChildJvm(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          lines.add(line);
        }
      } catch (IOException e) {
        // the child is gone; waiting callers time out or see its exit
      }
      lines.add("error exited");
    }, "child-jvm-" + name);
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code bloomchord worker ARGS} in a new JVM with this JVM's class path, the Hazelcast
   * JDK flags and a heap of {@code heapMb} MiB.
   */
  static ChildJvm start(String name, List<String> workerArgs, int heapMb) {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heapMb + "m"));
    cmd.addAll(ClusterNode.JDK_FLAGS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BloomchordCli.class.getName(), "worker"));
    cmd.addAll(workerArgs);
    try {
      Path log = Files.createTempFile("bloomchord-" + name + "-", ".log");
      Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
      ChildJvm child = new ChildJvm(name, p, log);
      synchronized (RUNNING) {
        RUNNING.add(child);
      }
      return child;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start JVM " + name, e);
    }
  }

  String name() {
    return name;
  }

  long pid() {
    return process.pid();
  }

  /** Waits for the next line, which must start with "ok"; returns the rest of it. */
  String await(long timeoutMs) {
    String line;
    try {
      line = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for JVM " + name, e);
    }
    if (line == null) {
      keepLog = true;
      throw new IllegalStateException("JVM " + name + " did not answer within " + timeoutMs + " ms (log: " + log + ")");
    }
    if (!line.startsWith("ok")) {
      keepLog = true;
      throw new IllegalStateException("JVM " + name + ": " + line + " (log: " + log + ")");
    }
    return line.substring(2).trim();
  }

  /** Sends one command without waiting; collect the answer with {@link #await}. */
  void send(String command) {
    in.println(command);
  }

  /** Sends one command and returns its answer. */
  String call(String command, long timeoutMs) {
    in.println(command);
    return await(timeoutMs);
  }

  /**
   * SIGKILL: the JVM stops at once, telling nobody; waits until it is gone. Its log file is deleted
   * unless an error message named it (a JVM that did not answer, or answered with an error).
   */
  void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (RUNNING) {
      RUNNING.remove(this);
    }
    if (!keepLog && !process.isAlive()) {
      try {
        Files.deleteIfExists(log);
      } catch (java.io.IOException e) {
        // a log left behind in the temporary directory is harmless
      }
    }
  }

  /** Asks the worker to quit, and kills it if it has not after the grace period. */
  @Override
  public void close() {
    if (process.isAlive()) {
      in.println("quit");
      in.close();
      try {
        process.waitFor(GRACE_MS, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    kill();
  }
}
