package org.bloomchord.node.store;

import java.nio.file.Path;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;

/**
 * The writer process of {@code DurableRestartTest}: starts a node on a data directory, prints
 * {@code ready} and its peers, then puts keys {@code k0, k1, ...} one after another and prints
 * {@code acked <key>} after each write a quorum acknowledged, until it is killed.
 */
public final class DurableWriterMain {

  public static void main(String[] args) throws Exception {
    Node node = Node.start(new NodeOptions().setPeers(Integer.parseInt(args[1])).setSeed(11)
        .setDataDir(Path.of(args[0])).setEventLoopThreads(2));
    System.out.println("ready " + String.join(",", node.peerNames()));
    System.out.flush();
    for (int i = 0; ; i++) {
      String key = "k" + i;
      WriteResult w = node.put(key, "value-" + i).toCompletionStage().toCompletableFuture().get();
      if (w.stored()) {
        System.out.println("acked " + key);
        System.out.flush();
      }
    }
  }
}
