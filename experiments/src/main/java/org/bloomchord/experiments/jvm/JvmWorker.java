package org.bloomchord.experiments.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.CrossTraffic;
import org.bloomchord.overlay.vertx.VertxNetwork;

/**
 * The body of a child JVM ({@code bloomchord worker}): joins the cluster as one node, hosts the
 * peers the coordinator names, and answers its commands, one line each, on standard input:
 *
 * <pre>
 *   launch BOOT_ADDRESS BOOT_ID_HEX ADDRESS...  -> ok JOINED FAILED   (peers join through BOOT)
 *   snapshots                                   -> ok TOKEN...         (see {@link SnapshotText})
 *   traffic                                     -> ok MESSAGES BYTES FRAMES FRAME_BYTES PAYLOAD_BYTES TCP_BYTES
 *   maintenance paused|running                  -> ok PEERS            (pauses or resumes every peer's maintenance)
 *   quit, or end of input                       -> leaves the cluster and exits
 * </pre>
 *
 * Standard output carries only these answers; logs go to standard error.
 */
public final class JvmWorker {

  private final ClusterOptions options;
  private final ChordConfig config;
  private final long seed;
  private final PrintStream out;

  /** A worker joining the cluster of {@code options}, its peers configured by {@code config}. */
  public JvmWorker(ClusterOptions options, ChordConfig config, long seed, PrintStream out) {
    this.options = options;
    this.config = config;
    this.seed = seed;
    this.out = out;
  }

  /** Runs until told to quit or until standard input closes; returns the exit code. */
  public int run(BufferedReader commands) throws IOException {
    try (ClusterNode node = ClusterNode.start(options, Math.max(1, Runtime.getRuntime().availableProcessors()));
         VertxNetwork<ChordPeer> net = new VertxNetwork<>(List.of(node),
             NetworkOptions.defaults().withSeed(seed), ChordWire.registry(config))) {
      answer("ok " + node.memberAddress());
      for (String line; (line = commands.readLine()) != null; ) {
        String[] words = line.trim().split("\\s+");
        if (words[0].equals("quit")) {
          break;
        }
        try {
          answer("ok " + handle(words, net, node));
        } catch (RuntimeException e) {
          answer("error " + e.getMessage());
        }
      }
    }
    return 0;
  }

  /** The command line's entry: reads commands from {@code commands} (standard input), answers on standard output. */
  public static int run(ClusterOptions options, ChordConfig config, long seed, BufferedReader commands)
      throws IOException {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    return new JvmWorker(options, config, seed, out).run(commands);
  }

  private void answer(String line) {
    out.println(line);
    out.flush();
  }

  private String handle(String[] words, VertxNetwork<ChordPeer> net, ClusterNode node) {
    switch (words[0]) {
      case "launch" -> {
        PeerRef boot = new PeerRef(words[1], Long.parseUnsignedLong(words[2], 16));
        IdRing ring = new IdRing(config.idBits());
        List<PeerRef> refs = new ArrayList<>();
        for (int i = 3; i < words.length; i++) {
          if (!new PeerRef(words[i], 0).node().equals(node.name())) {
            throw new IllegalArgumentException("peer " + words[i] + " does not belong to node " + node.name());
          }
          refs.add(new PeerRef(words[i], ring.hash(words[i])));
        }
        return launch(net, config, boot, refs);
      }
      case "snapshots" -> {
        StringBuilder b = new StringBuilder();
        for (PeerHandle<ChordPeer> h : net.alive()) {
          b.append(SnapshotText.encode(net.inspect(h, PeerSnapshot::of))).append(' ');
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
      default -> throw new IllegalArgumentException("unknown command '" + words[0] + "'");
    }
  }

  /** Launches {@code refs} joining through {@code boot}; peers whose join failed are removed. */
  static String launch(Network<ChordPeer> net, ChordConfig config, PeerRef boot, List<PeerRef> refs) {
    List<PeerHandle<ChordPeer>> started = net.launchAll(refs, r -> new ChordPeer(config, boot));
    List<Network.Outcome<Void>> joins = net.callAll(started, ChordPeer::joined, config.joinWaitMs());
    int failed = 0;
    for (int i = 0; i < started.size(); i++) {
      if (!joins.get(i).succeeded()) {
        failed++;
        net.crash(started.get(i));
      }
    }
    return (started.size() - failed) + " " + failed;
  }

  /** The traffic answer's fields for one JVM. */
  static String traffic(VertxNetwork<ChordPeer> net, ClusterNode node) {
    Traffic t = net.traffic();
    CrossTraffic c = net.crossTraffic();
    return t.messages() + " " + t.bytes() + " " + c.frames() + " " + c.frameBytes() + " " + c.payloadBytes() + " "
        + node.wireBytesWritten();
  }
}
