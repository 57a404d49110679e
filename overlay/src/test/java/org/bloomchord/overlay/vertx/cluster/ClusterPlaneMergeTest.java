package org.bloomchord.overlay.vertx.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.shareddata.AsyncMap;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.bloomchord.overlay.admission.MemberCredentials;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.RingAuthority;
import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.TCP;
import org.jgroups.stack.ProtocolStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition of the JGroups plane and its heal: two members cut apart (JGroups' DISCARD drops
 * everything either sends) each see the other leave within the detection period, and its
 * registrations go with it; each side writes the shared map; after the heal MERGE3 merges the two
 * views, each side's registrations and writes reach the other, and a request crosses again, well
 * within the 60 s the partition pages ask of one ring.
 */
class ClusterPlaneMergeTest {

  private static final long SUSPECT_AFTER_MS = 3_000;

  @Test
  void twoHalvesMergeAfterTheCutHeals(@TempDir Path dir) throws Exception {
    RingAuthority ca = RingAuthority.init(dir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("alpha", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    ca.issue("beta", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    String cluster = "merge-" + UUID.randomUUID();
    int portA = freePort();
    JGroupsClusterManager ma = manager(dir, "alpha", cluster, portA, List.of());
    Vertx a = clustered(ma);
    JGroupsClusterManager mb = manager(dir, "beta", cluster, freePort(), List.of("127.0.0.1:" + portA));
    Vertx b = clustered(mb);
    try {
      b.eventBus().<String>consumer("merge-test", m -> m.reply("pong " + m.body())).completion()
          .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      waitFor(() -> answered(a), 20_000, "a reaches b's consumer");
      AsyncMap<String, String> mapA = await(a.sharedData().getAsyncMap("m"));
      AsyncMap<String, String> mapB = await(b.sharedData().getAsyncMap("m"));

      DISCARD cutA = cut(ma);
      DISCARD cutB = cut(mb);
      waitFor(() -> ma.getNodes().size() == 1 && mb.getNodes().size() == 1, 4 * SUSPECT_AFTER_MS,
          "each side sees the other leave");
      assertTrue(!answered(a), "b's consumer left a's side with b");
      await(mapA.put("written-on-a", "a"));
      await(mapB.put("written-on-b", "b"));

      cutA.discardAll(false);
      cutB.discardAll(false);
      long healedAt = System.nanoTime();
      waitFor(() -> ma.getNodes().size() == 2 && mb.getNodes().size() == 2 && answered(a), 60_000,
          "one membership again after the heal");
      long mergedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - healedAt);
      assertTrue(mergedMs < 60_000, () -> "merged after " + mergedMs + " ms");
      Map<String, String> both = Map.of("written-on-a", "a", "written-on-b", "b");
      waitFor(() -> both.equals(awaitQuietly(mapA.entries())) && both.equals(awaitQuietly(mapB.entries())), 10_000,
          "each side's writes reached the other");
      assertEquals(both, await(mapB.entries()));
    } finally {
      await(b.close());
      await(a.close());
    }
  }

  private static JGroupsClusterManager manager(Path dir, String member, String cluster, int port, List<String> members) {
    PlaneSockets sockets = PlaneSockets.member(new MemberTrust(MemberCredentials.in(dir, member)));
    return new JGroupsClusterManager(new JGroupsSettings("127.0.0.1", port, members, cluster, SUSPECT_AFTER_MS,
        5, sockets));
  }

  private static Vertx clustered(JGroupsClusterManager manager) throws Exception {
    VertxOptions options = new VertxOptions().setEventLoopPoolSize(1);
    options.getEventBusOptions().setHost("127.0.0.1").setPort(0);
    return await(Vertx.builder().with(options).withClusterManager(manager).buildClustered());
  }

  /** Drops everything the member sends or receives, below its failure detection and discovery. */
  private static DISCARD cut(JGroupsClusterManager manager) throws Exception {
    ProtocolStack stack = manager.channel().getProtocolStack();
    DISCARD discard = stack.findProtocol(DISCARD.class);
    if (discard == null) {
      discard = new DISCARD();
      discard.setAddress(manager.channel().getAddress());
      stack.insertProtocol(discard, ProtocolStack.Position.ABOVE, TCP.class);
    }
    return discard.discardAll(true);
  }

  private static boolean answered(Vertx from) {
    try {
      return from.eventBus().<String>request("merge-test", "ping").toCompletionStage().toCompletableFuture()
          .get(2, TimeUnit.SECONDS).body().equals("pong ping");
    } catch (Exception e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static <T> T await(Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  private static <T> T awaitQuietly(Future<T> f) {
    try {
      return await(f);
    } catch (Exception e) {
      return null;
    }
  }

  private static void waitFor(BooleanSupplier condition, long maxMs, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + maxMs;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("not within " + maxMs + " ms: " + what);
      }
      Thread.sleep(200);
    }
  }
}
