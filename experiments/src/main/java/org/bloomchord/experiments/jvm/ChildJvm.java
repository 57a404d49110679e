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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.bloomchord.overlay.log.CappedLog;
import org.bloomchord.overlay.vertx.ClusterNode;

/**
 * A child JVM running {@code bloomchord worker}, driven by command lines on its standard input,
 * each tagged with a number ({@code 17 snapshots}) that its answer on standard output repeats
 * ({@code 17 ok ...} or {@code 17 error ...}), so that several threads may have commands under way
 * at once; lines {@code event ...} report what the child noticed by itself (a churn join that
 * ended) and go to the {@link #onEvent listener}. The first answer, {@code 0 ok ADDRESS}, says the
 * child joined the cluster. Its standard error goes to a {@link CappedLog} in the temporary
 * directory (two parts of {@link CappedLog#CHILD_PART_BYTES} at most), deleted when the child is
 * stopped unless an error message named it; a failure is a {@link ChildJvmException}, one line
 * naming the child, why (exit code, or silent while running) and the log.
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
  private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);
  private volatile Consumer<String> events = e -> { };
  private volatile boolean exited;
  /** The first answer (number 0): the child joined the cluster, or the line saying why not. */
  private final CompletableFuture<String> started = new CompletableFuture<>();
  private final CappedLog log;
  /** Whether an error message named the log, which is then kept. */
  private volatile boolean keepLog;

  private ChildJvm(String name, Process process, CappedLog log) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
    pending.put(0L, started);
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          dispatch(line);
        }
      } catch (IOException e) {
        // the child is gone; waiting callers see its exit
      }
      exited = true;
      pending.values().forEach(f -> f.complete("error exited"));
    }, "child-jvm-" + name);
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code bloomchord worker ARGS} in a new JVM with this JVM's class path, the Hazelcast
   * JDK flags, this JVM's temporary folder and a heap of {@code heapMb} MiB.
   */
  static ChildJvm start(String name, List<String> workerArgs, int heapMb) {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // the child's temporary files (Vert.x' cache, RocksDB's native library) go where this JVM's do
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heapMb + "m",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
    cmd.addAll(ClusterNode.JDK_FLAGS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BloomchordCli.class.getName(), "worker"));
    cmd.addAll(workerArgs);
    try {
      CappedLog log = new CappedLog(Files.createTempFile("bloomchord-" + name + "-", ".log"), CappedLog.CHILD_PART_BYTES);
      Process p = new ProcessBuilder(cmd).start();
      log.pump(p.getErrorStream(), "child-log-" + name);
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

  /** One line from the child: an event for the listener, or the answer to a command by its number. */
  private void dispatch(String line) {
    if (line.startsWith("event ")) {
      try {
        events.accept(line.substring("event ".length()));
      } catch (RuntimeException e) {
        // a listener's failure must not stop the reading of answers
      }
      return;
    }
    int space = line.indexOf(' ');
    try {
      CompletableFuture<String> f = pending.remove(Long.parseLong(space < 0 ? line : line.substring(0, space)));
      if (f != null) {
        f.complete(space < 0 ? "" : line.substring(space + 1));
      }
    } catch (NumberFormatException e) {
      // not a line of the protocol (a library writing to standard output): ignored
    }
  }

  /** Sets who hears the child's {@code event} lines (without the word {@code event}), on the reading thread. */
  void onEvent(Consumer<String> listener) {
    this.events = listener;
  }

  /** A command under way: {@link #await(Reply, long)} collects its answer. */
  record Reply(long id, String command, CompletableFuture<String> answer) {
  }

  /** Waits for the child's first answer: it joined the cluster. */
  String awaitStarted(long timeoutMs) {
    return await(new Reply(0, "start", started), timeoutMs);
  }

  /** Waits for the answer to {@code reply}, which must start with "ok"; returns the rest of it. */
  String await(Reply reply, long timeoutMs) {
    String line;
    try {
      line = reply.answer().get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for JVM " + name, e);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      line = null;
    }
    if (line == null) {
      pending.remove(reply.id());
      throw failure("did not answer '" + reply.command() + "' within " + timeoutMs + " ms");
    }
    if (line.equals("error exited")) {
      throw failure("exited during '" + reply.command() + "'");
    }
    if (!line.startsWith("ok")) {
      throw failure("answered '" + reply.command() + "' with: " + line);
    }
    return line.substring(2).trim();
  }

  /** The one-line failure of this child, which keeps its log: who, what, its state and where the log is. */
  private ChildJvmException failure(String what) {
    keepLog = true;
    String state;
    if (process.isAlive()) {
      state = "still running (pid " + process.pid() + ")";
    } else {
      int code = process.exitValue();
      state = "exited with code " + code + (code == 137 ? " (killed: SIGKILL, e.g. out of memory)" : "");
    }
    String parts = log.rotations() > 0 ? ", earlier part " + log.previousPart() : "";
    return new ChildJvmException("JVM " + name + " " + what + ", " + state + " (log: " + log.file() + parts + ")");
  }

  /** Sends one command without waiting (from any thread); collect the answer with {@link #await(Reply, long)}. */
  Reply send(String command) {
    long id = nextId.getAndIncrement();
    CompletableFuture<String> f = new CompletableFuture<>();
    pending.put(id, f);
    synchronized (in) {
      in.println(id + " " + command);
    }
    if (exited) {
      f.complete("error exited");
    }
    int space = command.indexOf(' ');
    return new Reply(id, space < 0 ? command : command.substring(0, space), f);
  }

  /** Writes one line that is no command (the TLS seed, read before any command). */
  void sendLine(String line) {
    synchronized (in) {
      in.println(line);
    }
  }

  /** Sends one command and returns its answer. */
  String call(String command, long timeoutMs) {
    return await(send(command), timeoutMs);
  }

  /** Whether the process is still running. */
  boolean alive() {
    return !exited && process.isAlive();
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
      log.delete();
    }
  }

  /** Asks the worker to quit, and kills it if it has not after the grace period. */
  @Override
  public void close() {
    if (process.isAlive()) {
      synchronized (in) {
        in.println("quit");
        in.close();
      }
      try {
        process.waitFor(GRACE_MS, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    kill();
  }
}
