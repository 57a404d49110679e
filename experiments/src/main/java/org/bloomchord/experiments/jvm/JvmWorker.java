package org.bloomchord.experiments.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.runner.PeerSetup;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.CrossTraffic;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.routing.location.LocationService;

/**
 * The body of a child JVM ({@code bloomchord worker}): joins the cluster as one node, hosts the
 * peers the coordinator names, and answers its commands on standard input. Each command line starts
 * with a number that its answer repeats ({@code N ok ...} or {@code N error ...}); commands run one
 * at a time, in order, and those that would wait for the ring (a churn join, a leave) only start it:
 *
 * <pre>
 *   launch BOOT_ADDRESS|- BOOT_ID_HEX|- ADDRESS...  -> ok JOINED FAILED FAILED_ADDRESS...  (peers join through BOOT; - : the first peer)
 *   join ADDRESS BOOT_ADDRESS BOOT_ID_HEX       -> ok  (starts; later "event joined ADDRESS" or "event joinFailed ADDRESS")
 *   leave ADDRESS | crash ADDRESS               -> ok  (the graceful leave or the crash runs on its own thread)
 *   publish ADDRESS OBJECT;OBJECT... ...        -> ok FAILED  (each peer publishes its objects; peers whose publications failed)
 *   snapshots                                   -> ok TOKEN...         (see {@link SnapshotText})
 *   traffic                                     -> ok MESSAGES BYTES FRAMES FRAME_BYTES PAYLOAD_BYTES TCP_BYTES
 *   maintenance paused|running                  -> ok PEERS            (pauses or resumes every peer's maintenance)
 *   cut NODE=GROUP,NODE=GROUP...                -> ok                  (cuts this JVM's links to nodes of other groups: {@link BusCut})
 *   heal                                        -> ok DROPPED          (ends the cut; messages it dropped so far)
 *   offer ADDRESS,ID_HEX;...                    -> ok OFFERS           (each peer is offered contacts for the ring merge)
 *   put KEY...                                  -> ok STORED_KEY...    (puts from random peers; runs beside other commands)
 *   versions                                    -> ok KEY,COUNTER_HEX,WRITER_HEX ...  (newest version of each key held)
 *   quit, or end of input                       -> leaves the cluster and exits
 * </pre>
 *
 * The first answer, {@code 0 ok MEMBER_ADDRESS}, says the worker joined the cluster. Peers carry
 * the extensions of the worker's {@link PeerSetup} (the location layer and replica repair of
 * {@code run --jvms}). Standard output carries only these answers and events; logs go to standard
 * error.
 */
public final class JvmWorker {

  private final ClusterOptions options;
  private final ChordConfig config;
  private final PeerSetup setup;
  private final long seed;
  private final PrintStream out;
  /** This JVM's cut of the ring's traffic (partitions of {@code run --jvms}); set once the node runs. */
  private BusCut cut;
  /**
   * Graceful leaves, the crash of failed joiners and the puts of a partition phase, which no command
   * and no peer thread may wait for.
   */
  private final ExecutorService background = Executors.newFixedThreadPool(4, r -> {
    Thread t = new Thread(r, "worker-departures");
    t.setDaemon(true);
    return t;
  });

  /**
   * A worker joining the cluster of {@code options}, its peers configured by {@code config} and
   * carrying the extensions of {@code setup}.
   */
  public JvmWorker(ClusterOptions options, ChordConfig config, PeerSetup setup, long seed, PrintStream out) {
    this.options = options;
    this.config = config;
    this.setup = setup;
    this.seed = seed;
    this.out = out;
  }

  /** Runs until told to quit or until standard input closes; returns the exit code. */
  public int run(BufferedReader commands) throws IOException {
    try (ClusterNode node = ClusterNode.start(options, Math.max(1, Runtime.getRuntime().availableProcessors()));
         VertxNetwork<ChordPeer> net = new VertxNetwork<>(List.of(node),
             JvmCluster.networkOptions(seed), setup.registry())) {
      cut = BusCut.install(node);
      answer("0 ok " + node.memberAddress());
      for (String line; (line = commands.readLine()) != null; ) {
        String[] tagged = line.trim().split("\\s+");
        if (tagged[0].equals("quit")) {
          break;
        }
        String id = tagged[0];
        String[] words = java.util.Arrays.copyOfRange(tagged, Math.min(1, tagged.length), tagged.length);
        try {
          if (words.length == 0) {
            throw new IllegalArgumentException("no command after the number " + id);
          }
          if (words[0].equals("put")) {
            // puts across a cut may wait for timeouts: they must not hold up the commands behind them
            String[] keys = java.util.Arrays.copyOfRange(words, 1, words.length);
            background.execute(() -> {
              try {
                answer(id + " ok " + String.join(" ", SplitOps.put(net, List.of(keys), node.name(), config,
                    new java.util.SplittableRandom(seed ^ id.hashCode()))));
              } catch (RuntimeException e) {
                answer(id + " error " + e.getMessage());
              }
            });
            continue;
          }
          answer(id + " ok " + handle(words, net, node));
        } catch (RuntimeException e) {
          answer(id + " error " + e.getMessage());
        }
      }
    } finally {
      background.shutdownNow();
    }
    return 0;
  }

  /** The command line's entry: reads commands from {@code commands} (standard input), answers on standard output. */
  public static int run(ClusterOptions options, ChordConfig config, PeerSetup setup, long seed,
      BufferedReader commands) throws IOException {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    return new JvmWorker(options, config, setup, seed, out).run(commands);
  }

  /** One line on standard output, whole (peer threads report events while the command loop answers). */
  private void answer(String line) {
    synchronized (out) {
      out.println(line);
      out.flush();
    }
  }

  private String handle(String[] words, VertxNetwork<ChordPeer> net, ClusterNode node) {
    switch (words[0]) {
      case "launch" -> {
        PeerRef boot = words[1].equals("-") ? null : new PeerRef(words[1], Long.parseUnsignedLong(words[2], 16));
        List<PeerRef> refs = new ArrayList<>();
        for (int i = 3; i < words.length; i++) {
          refs.add(own(words[i], node));
        }
        return launch(net, config, setup.extensions(), boot, refs);
      }
      case "join" -> {
        arguments(words, 4);
        join(net, own(words[1], node), new PeerRef(words[2], Long.parseUnsignedLong(words[3], 16)));
        return "";
      }
      case "leave", "crash" -> {
        arguments(words, 2);
        PeerHandle<ChordPeer> h = handle(net, words[1]);
        boolean crash = words[0].equals("crash");
        // both on their own thread: an undeploy on a loaded machine may take seconds, and the
        // commands behind it (other departures, snapshots) must not wait for it
        background.execute(() -> {
          try {
            if (crash) {
              net.crash(h);
            } else {
              net.leave(h);
            }
          } catch (IllegalStateException gone) {
            // removed meanwhile
          }
        });
        return "";
      }
      case "publish" -> {
        return Integer.toString(publish(net, words));
      }
      case "snapshots" -> {
        StringBuilder b = new StringBuilder();
        for (PeerSnapshot snap : JvmRing.localSnapshots(net)) {
          b.append(SnapshotText.encode(snap)).append(' ');
        }
        return b.toString().trim();
      }
      case "traffic" -> {
        return traffic(net, node);
      }
      case "maintenance" -> {
        if (words.length != 2 || !(words[1].equals("paused") || words[1].equals("running"))) {
          throw new IllegalArgumentException("maintenance takes paused or running");
        }
        boolean paused = words[1].equals("paused");
        List<PeerHandle<ChordPeer>> alive = net.alive();
        net.callAll(alive, p -> {
          p.pauseMaintenance(paused);
          return io.vertx.core.Future.succeededFuture(null);
        }, 60_000);
        return Integer.toString(alive.size());
      }
      case "cut" -> {
        arguments(words, 2);
        cut.cut(groupsOf(words[1]));
        return "";
      }
      case "heal" -> {
        cut.heal();
        return Long.toString(cut.dropped());
      }
      case "offer" -> {
        arguments(words, 2);
        return Integer.toString(SplitOps.offer(net, SplitOps.refsOf(words[1]), new java.util.SplittableRandom(seed)));
      }
      case "versions" -> {
        return SplitOps.versionsText(SplitOps.newest(net));
      }
      default -> throw new IllegalArgumentException("unknown command '" + words[0] + "'");
    }
  }

  /**
   * Launches {@code refs} joining through {@code boot} (null: the first peer of the ring), each
   * with the extensions {@code extensions} gives it; peers whose join failed are removed. Returns
   * {@code JOINED FAILED FAILED_ADDRESS...}.
   */
  static String launch(Network<ChordPeer> net, ChordConfig config, Function<PeerRef, List<ChordExtension>> extensions,
      PeerRef boot, List<PeerRef> refs) {
    List<PeerHandle<ChordPeer>> started = net.launchAll(refs, r -> new ChordPeer(config, boot, extensions.apply(r)));
    List<Network.Outcome<Void>> joins = net.callAll(started, ChordPeer::joined, config.joinWaitMs());
    int failed = 0;
    StringBuilder failures = new StringBuilder();
    for (int i = 0; i < started.size(); i++) {
      if (!joins.get(i).succeeded()) {
        failed++;
        failures.append(' ').append(started.get(i).ref().address());
        net.crash(started.get(i));
      }
    }
    return (started.size() - failed) + " " + failed + failures;
  }

  /** A churn join: starts the peer and reports how its join ended by an event line, without waiting. */
  private void join(VertxNetwork<ChordPeer> net, PeerRef ref, PeerRef boot) {
    PeerHandle<ChordPeer> h = net.launchAll(List.of(ref), r -> new ChordPeer(config, boot, setup.extensions().apply(r)))
        .get(0);
    net.call(h, p -> {
      p.joined().onComplete(ar -> {
        if (ar.succeeded()) {
          answer("event joined " + ref.address());
        } else {
          // a driver call cannot run on the peer's own thread
          background.execute(() -> {
            try {
              net.crash(h);
            } catch (IllegalStateException gone) {
              // removed meanwhile
            }
            answer("event joinFailed " + ref.address());
          });
        }
      });
      return io.vertx.core.Future.succeededFuture(null);
    }, Math.max(config.requestTimeoutMs() + 5_000, config.joinWaitMs()));
  }

  /** {@code publish ADDRESS OBJECTS ...}: each named peer publishes its objects; returns the peers that failed. */
  private int publish(VertxNetwork<ChordPeer> net, String[] words) {
    if (words.length % 2 != 1) {
      throw new IllegalArgumentException("publish takes pairs of ADDRESS OBJECT;OBJECT...");
    }
    Map<String, List<String>> objects = new HashMap<>();
    List<PeerHandle<ChordPeer>> holders = new ArrayList<>();
    for (int i = 1; i < words.length; i += 2) {
      holders.add(handle(net, words[i]));
      objects.put(words[i], List.of(words[i + 1].split(";")));
    }
    List<Network.Outcome<Object>> outcomes = net.callAll(holders, p -> {
      LocationService s = p.extension(LocationService.class);
      if (s == null) {
        return io.vertx.core.Future.failedFuture("the peers of this JVM carry no location layer");
      }
      List<io.vertx.core.Future<Void>> fs = new ArrayList<>();
      for (String key : objects.get(p.self().address())) {
        fs.add(s.publish(key));
      }
      return io.vertx.core.Future.join(fs).map(x -> (Object) null);
    }, config.operationAttempts() * (config.lookupTimeoutMs() + 3 * config.requestTimeoutMs()));
    int failed = 0;
    for (Network.Outcome<Object> o : outcomes) {
      if (!o.succeeded()) {
        failed++;
      }
    }
    return failed;
  }

  /** The peer at {@code address} on this node. */
  private PeerRef own(String address, ClusterNode node) {
    if (!new PeerRef(address, 0).node().equals(node.name())) {
      throw new IllegalArgumentException("peer " + address + " does not belong to node " + node.name());
    }
    return new PeerRef(address, new IdRing(config.idBits()).hash(address));
  }

  /** The running peer at {@code address}. */
  private static PeerHandle<ChordPeer> handle(VertxNetwork<ChordPeer> net, String address) {
    for (PeerHandle<ChordPeer> h : net.alive()) {
      if (h.ref().address().equals(address)) {
        return h;
      }
    }
    throw new IllegalArgumentException("no running peer " + address);
  }

  /** {@code NODE=GROUP,NODE=GROUP...} as a map. */
  static Map<String, Integer> groupsOf(String text) {
    Map<String, Integer> out = new HashMap<>();
    for (String pair : text.split(",")) {
      String[] kv = pair.split("=");
      if (kv.length != 2) {
        throw new IllegalArgumentException("cut takes NODE=GROUP,NODE=GROUP... (found '" + pair + "')");
      }
      out.put(kv[0], Integer.parseInt(kv[1]));
    }
    return out;
  }

  private static void arguments(String[] words, int n) {
    if (words.length != n) {
      throw new IllegalArgumentException(words[0] + " takes " + (n - 1) + " arguments");
    }
  }

  /** The traffic answer's fields for one JVM. */
  static String traffic(VertxNetwork<ChordPeer> net, ClusterNode node) {
    Traffic t = net.traffic();
    CrossTraffic c = net.crossTraffic();
    return t.messages() + " " + t.bytes() + " " + c.frames() + " " + c.frameBytes() + " " + c.payloadBytes() + " "
        + node.wireBytesWritten() + " " + node.membersRemoved();
  }
}
