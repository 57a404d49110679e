package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.util.List;
import org.bloomchord.experiments.live.RunLiveSource;
import org.bloomchord.experiments.runner.RunHooks;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.node.live.LiveServer;
import org.bloomchord.overlay.RuntimeKind;

/**
 * {@code run --live PORT}: the live view's server on 127.0.0.1 for the runs of one command, from
 * before the first run starts until the last one ended (the run's peers stop with it, so there is
 * nothing left to show afterwards; the run folder has the figures). The simulator is refused: it runs
 * in virtual time on the driver's thread, where the page's requests cannot read peers, and a paced
 * replay in simulated time is not offered.
 */
final class LiveRun implements AutoCloseable {

  private final RunLiveSource source;
  private final LiveServer server;

  private LiveRun(RunLiveSource source, LiveServer server) {
    this.source = source;
    this.server = server;
  }

  /** Starts the server and prints {@code live view on http://127.0.0.1:P} on {@code err} once it listens. */
  static LiveRun start(List<Scenario> runs, int port, PrintWriter err) {
    for (Scenario s : runs) {
      if (s.runtime() != RuntimeKind.VERTX) {
        throw new UsageException("--live shows runs on the vertx runtime, and scenario '" + s.name()
            + "' runs on " + s.runtime().label() + " (use --runtime vertx)");
      }
    }
    RunLiveSource source = new RunLiveSource();
    LiveServer server;
    try {
      server = LiveServer.start(source, "127.0.0.1", port);
    } catch (IllegalStateException e) {
      source.close();
      throw new UsageException("--live " + port + ": " + e.getMessage());
    }
    RunHooks.observe(source::attach);
    err.println("live view on http://127.0.0.1:" + server.port());
    err.flush();
    return new LiveRun(source, server);
  }

  @Override
  public void close() {
    RunHooks.observe(null);
    server.close();
    source.close();
  }
}
