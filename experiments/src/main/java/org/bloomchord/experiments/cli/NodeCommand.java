package org.bloomchord.experiments.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.http.HttpAccess;
import org.bloomchord.node.http.NodeHttpServer;
import org.bloomchord.overlay.log.LogFiles;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.bloomchord.routing.location.LocationConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord node}: a long-running process hosting N peers with the HTTP API, Prometheus
 * metrics and the live view on 127.0.0.1 (another interface only with a token for writes,
 * {@code --http-token-file}, or {@code --http-insecure}). Prints {@code listening on http://127.0.0.1:P} once the
 * ring is stable. On SIGTERM or Ctrl-C every peer leaves gracefully and the durable store is
 * flushed before the process exits.
 */
@Command(
    name = "node",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
        "Run N peers as a long-lived node with an HTTP API (JSON), Prometheus metrics at /metrics and a"
            + " live view of the ring at /, on 127.0.0.1 (elsewhere with --http-host and a token for writes).",
        "With --data-dir the peers' identities and stores survive restarts. Stops cleanly on SIGTERM or"
            + " Ctrl-C.",
        "With a cluster flag the node is one JVM of a ring spanning JVMs: without --members it starts the"
            + " ring, with --members its first peer joins through a running peer of another node."})
public final class NodeCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", paramLabel = "N", defaultValue = "16",
      description = "Peers started (1..100000; a restarted node starts those it had) (default: ${DEFAULT-VALUE}).")
  int peers;

  @Option(names = "--http-port", required = true, paramLabel = "P",
      description = "Port of the HTTP API on --http-host (0: any free port).")
  int httpPort;

  @Option(names = "--http-host", paramLabel = "HOST", defaultValue = "127.0.0.1",
      description = "Interface the HTTP API binds to; another than the loopback needs --http-token-file (or"
          + " --http-insecure) (default: ${DEFAULT-VALUE}).")
  String httpHost;

  @Option(names = "--http-token-file", paramLabel = "FILE",
      description = "File with the API's bearer token (owner-only, at least 128 bits): every PUT, POST and DELETE"
          + " needs 'Authorization: Bearer TOKEN' and is answered 401 without it. Open the live view as"
          + " http://HOST:PORT/#token=TOKEN.")
  Path httpTokenFile;

  @Option(names = "--http-token-reads",
      description = "With --http-token-file: reads need the token too (/metrics, /api/..., the event streams); the"
          + " live view's page and /api/openapi.json stay open.")
  boolean httpTokenReads;

  @Option(names = "--http-insecure",
      description = "Let --http-host name an interface other than the loopback without --http-token-file: anyone who"
          + " reaches the port may then change the node's data and peers.")
  boolean httpInsecure;

  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Directory of the durable store (RocksDB); without it everything is in memory.")
  Path dataDir;

  @Option(names = "--log-file", paramLabel = "FILE",
      description = "Write the log to FILE.0, FILE.1 and FILE.2, 10 MiB each, the oldest dropped, instead of standard"
          + " error; repeated warnings are rate-limited either way.")
  Path logFile;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--event-loops", paramLabel = "T", defaultValue = "0",
      description = "Vert.x event-loop threads (0: one per core) (default: ${DEFAULT-VALUE}).")
  int eventLoops;

  @Mixin
  PeriodsMixin periods;

  @Option(names = "--start-timeout", paramLabel = "SECONDS", defaultValue = "120",
      description = "How long the node waits for its peers to form a stable ring with the nodes it joins before it"
          + " gives up and exits; a node joining a large ring on a loaded machine may need more"
          + " (default: ${DEFAULT-VALUE}).")
  long startTimeoutSeconds;

  @Option(names = "--refresh-ms", paramLabel = "MS", defaultValue = "1000",
      description = "Period of the location layer's summary pulls from each link; filters a peer has not"
          + " refreshed for a few periods expire (default: ${DEFAULT-VALUE}).")
  long refreshMs;

  @Option(names = "--hot-keys-threshold", paramLabel = "RATE", defaultValue = "0",
      description = "Hot-key relief: gets per second at which a key's owner counts it as hot and leases it to the peers"
          + " on its lookup paths; reads through the API then go through relief, and /api/ring, the metrics and the"
          + " live view show the hot keys' owners. 0 is off (default: ${DEFAULT-VALUE}).")
  long hotKeysThreshold;

  @Option(names = "--hot-keys-lease-ms", paramLabel = "MS", defaultValue = "10000",
      description = "With --hot-keys-threshold: how long a leased copy of a hot key is served, 1..3600000"
          + " (default: ${DEFAULT-VALUE}).")
  long hotKeysLeaseMs;

  @Option(names = "--hot-keys-budget", paramLabel = "RATE", defaultValue = "2",
      description = "With --hot-keys-threshold: gets of other peers a peer answers per second from a leased key"
          + " before it hands further gets to its lease holders or replicas; 0 is no budget (default: ${DEFAULT-VALUE}).")
  long hotKeysBudget;

  /**
   * vertx-micrometer-metrics registers one event-bus gauge twice and Micrometer warns about it at
   * every start; held here so that the level set on it is not lost with the logger.
   */
  private static final java.util.logging.Logger METER_LOG =
      java.util.logging.Logger.getLogger("io.micrometer.core.instrument");

  @Mixin
  ClusterMixin cluster;

  /** The flags that make the node clustered; without any of them it runs a ring of its own. */
  private static final String[] CLUSTER_FLAGS = {"--cluster-host", "--cluster-port", "--members", "--secret-file",
      "--ca", "--member", "--cluster-manager"};

  private final CountDownLatch stopped = new CountDownLatch(1);

  @Override
  public Integer call() throws Exception {
    if (httpPort < 0 || httpPort > 65_535) {
      throw new UsageException("--http-port must be in 0..65535, got " + httpPort);
    }
    if (dataDir != null && Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
      throw new UsageException("--data-dir " + dataDir + " is not a directory");
    }
    if (startTimeoutSeconds < 1 || startTimeoutSeconds > 86_400) {
      throw new UsageException("--start-timeout must be in 1..86400 seconds, got " + startTimeoutSeconds);
    }
    HttpAccess access = httpAccess();
    if (logFile != null) {
      try {
        LogFiles.capTo(logFile, LogFiles.NODE_PART_BYTES, LogFiles.NODE_PARTS);
      } catch (IOException | IllegalArgumentException e) {
        throw new UsageException("--log-file " + logFile + ": " + e.getMessage());
      }
    }
    NodeOptions options;
    try {
      options = new NodeOptions().setPeers(peers).setSeed(seed).setDataDir(dataDir);
      options.setStartTimeoutMs(startTimeoutSeconds * 1000);
      if (eventLoops != 0) {
        options.setEventLoopThreads(eventLoops);
      }
      periods.adaptiveUnlessGiven(spec.commandLine().getParseResult(), PeriodsMixin.NODE_STABILIZE_FACTOR,
          PeriodsMixin.NODE_FIX_FINGERS_FACTOR);
      // a peer tells its predecessor when its successor list changed, and the peers whose fingers a
      // joiner takes, so the lists and fingers a join changes learn of it at once rather than at each
      // peer's next stabilize or fix-fingers round, which adaptive maintenance may have backed off
      // to 32 or 128 periods
      options.setChord(periods.apply(options.getChord()).withSuccessorPush(true).withFingerPush(true));
      if (refreshMs < 1) {
        throw new UsageException("--refresh-ms must be positive, got " + refreshMs);
      }
      LocationConfig location = options.getLocation();
      options.setLocation(location.withPeriods(refreshMs, location.leaseMs()));
      options.setHotKeys(hotKeys());
    } catch (IllegalArgumentException e) {
      throw new UsageException("--" + e.getMessage());
    }
    ClusterOptions clusterOptions = clusterOptions();
    if (clusterOptions != null) {
      options.setCluster(clusterOptions);
    }
    PrintWriter out = spec.commandLine().getOut();
    METER_LOG.setLevel(java.util.logging.Level.SEVERE);
    Node node;
    try {
      node = Node.start(options);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    } catch (IllegalStateException e) {
      // no cluster member reachable, no ring to join, or no stable ring in time: one line, exit 1
      spec.commandLine().getErr().println("bloomchord: " + e.getMessage());
      spec.commandLine().getErr().flush();
      return BloomchordCli.EXIT_FAILURE;
    }
    NodeHttpServer http;
    try {
      http = NodeHttpServer.start(node, httpHost, httpPort, access).toCompletionStage().toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      node.close();
      throw new UsageException("cannot listen on " + httpHost + ":" + httpPort + ": " + rootMessage(e));
    }
    Thread hook = new Thread(() -> {
      // graceful leave and store flush, within the leave timeout
      try {
        http.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // the HTTP server is closed with the Vert.x instance below anyway
      }
      node.close();
      stopped.countDown();
    }, "bloomchord-node-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    out.println("listening on http://" + httpHost + ":" + http.port());
    out.flush();
    stopped.await();
    return 0;
  }

  /**
   * Who may use the API, from --http-token-file and --http-token-reads; refuses a bind beyond the
   * loopback without a token unless --http-insecure says so. Checked before anything starts.
   */
  private HttpAccess httpAccess() {
    if (httpTokenFile == null && httpTokenReads) {
      throw new UsageException("--http-token-reads needs --http-token-file FILE");
    }
    if (httpTokenFile != null && httpInsecure) {
      throw new UsageException("give --http-token-file or --http-insecure, not both");
    }
    if (httpTokenFile == null) {
      if (!httpInsecure && !loopback(httpHost)) {
        throw new UsageException("--http-host " + httpHost + " is not the loopback: give --http-token-file FILE so that"
            + " only token holders change the node's data (or --http-insecure to serve everyone)");
      }
      return HttpAccess.open();
    }
    try {
      return HttpAccess.readTokenFile(httpTokenFile, httpTokenReads);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--http-token-file " + e.getMessage());
    }
  }

  /** Whether {@code host} names only loopback addresses (a name is resolved; one that does not resolve is not). */
  static boolean loopback(String host) {
    try {
      InetAddress[] all = InetAddress.getAllByName(host);
      for (InetAddress a : all) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return all.length > 0;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Relief's options from the --hot-keys flags, null when off; a setting out of range is a usage error. */
  private HotKeyOptions hotKeys() {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (hotKeysThreshold == 0) {
      if (parsed.hasMatchedOption("--hot-keys-lease-ms") || parsed.hasMatchedOption("--hot-keys-budget")) {
        throw new UsageException("--hot-keys-lease-ms and --hot-keys-budget need --hot-keys-threshold");
      }
      return null;
    }
    if (hotKeysThreshold < 0 || hotKeysThreshold > 1_000_000) {
      throw new UsageException("--hot-keys-threshold must be in 1..1000000 (0: off), got " + hotKeysThreshold);
    }
    if (hotKeysLeaseMs < 1 || hotKeysLeaseMs > 3_600_000) {
      throw new UsageException("--hot-keys-lease-ms must be in 1..3600000, got " + hotKeysLeaseMs);
    }
    if (hotKeysBudget < 0 || hotKeysBudget > 1_000_000) {
      throw new UsageException("--hot-keys-budget must be in 0..1000000, got " + hotKeysBudget);
    }
    return HotKeyOptions.defaults().with(hotKeysThreshold, hotKeysLeaseMs).withBudget(hotKeysBudget);
  }

  /** The cluster options of the flags given, null when none is; bad combinations are usage errors. */
  private ClusterOptions clusterOptions() {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (parsed.hasMatchedOption("--tls-seed-stdin") || parsed.hasMatchedOption("--cluster-name")) {
      throw new UsageException("--tls-seed-stdin and --cluster-name are for child JVMs; give --secret-file or --ca");
    }
    boolean any = false;
    for (String flag : CLUSTER_FLAGS) {
      any |= parsed.hasMatchedOption(flag);
    }
    if (!any) {
      return null;
    }
    ClusterOptions o = cluster.options();
    if (o.port() != 0 && o.port() == httpPort) {
      throw new UsageException("--cluster-port and --http-port must differ, both are " + httpPort);
    }
    if (o.port() != 0 && o.members().contains(o.host() + ":" + o.port())) {
      throw new UsageException("--members lists this node's own --cluster-host:--cluster-port " + o.host() + ":"
          + o.port() + "; list the members of the running ring");
    }
    return o.withNodeName(ClusterOptions.randomNodeName());
  }

  private static String rootMessage(Throwable t) {
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
