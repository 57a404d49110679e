package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.admission.SharedSecret;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The secret names the cluster and keys its TLS: on the default plane (JGroups) a JVM given another
 * secret is refused at the cluster port and never starts; on Hazelcast (loopback, by hand) it never
 * joins the cluster, so its peers cannot join the ring or reach its peers. A member with the same
 * secret joins at once.
 */
class ClusterSecretTest {

  private static final String RIGHT = "8f3a9d0c41b7e2f65a0d9c3b7e1f4a26";
  private static final String WRONG = "0c1d2e3f405162738495a6b7c8d9eafb";
  private static final ChordConfig CONFIG = ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(300, 1500);

  private static ClusterOptions fromSecret(Path dir, String file, String secret, List<String> members)
      throws Exception {
    return fromSecret(dir, file, secret, members, "auto");
  }

  private static ClusterOptions fromSecret(Path dir, String file, String secret, List<String> members, String manager)
      throws Exception {
    Path f = dir.resolve(file);
    Files.writeString(f, secret, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    ClusterMixin mixin = new ClusterMixin();
    new CommandLine(mixin).parseArgs("--cluster-manager", manager, "--secret-file", f.toString(), "--members",
        String.join(",", members.isEmpty() ? List.of("127.0.0.1:1") : members));
    ClusterOptions o = mixin.options().withPort(0);
    return members.isEmpty() ? o.withMembers(List.of()) : o;
  }

  private static PeerRef ref(String address) {
    return new PeerRef(address, new IdRing(CONFIG.idBits()).hash(address));
  }

  @Test
  void theClusterNameAndTlsSeedAreDerivedFromTheSecretAlone(@TempDir Path dir) throws Exception {
    ClusterOptions a = fromSecret(dir, "a", RIGHT + "\n", List.of());
    SharedSecret secret = SharedSecret.of(RIGHT.getBytes(StandardCharsets.UTF_8));
    assertEquals(secret.clusterName(), a.clusterName());
    assertEquals(secret.tlsSeed(), a.tlsSeed());
    assertNotEquals(a.clusterName(), fromSecret(dir, "b", WRONG, List.of()).clusterName());
  }

  @Test
  void onTheDefaultPlaneAJvmWithTheWrongSecretIsRefusedAtTheClusterPortWhileOneWithTheRightSecretJoins(
      @TempDir Path dir) throws Exception {
    try (ClusterNode a = ClusterNode.start(fromSecret(dir, "a", RIGHT, List.of()).withNodeName("a"), 1)) {
      assertEquals(ClusterManagerKind.JGROUPS, a.options().manager(), "a secret puts the membership on JGroups");
      IllegalStateException refused = assertThrows(IllegalStateException.class, () -> ClusterNode.start(
          fromSecret(dir, "b", WRONG, List.of(a.memberAddress())).withNodeName("b").withJoinAttempts(1), 1));
      assertTrue(refused.getMessage().contains("none answered over TLS"), refused.getMessage());
      assertTrue(a.clusterRefusals().values().stream().mapToLong(Long::longValue).sum() > 0,
          "the ring's member counted the outsider's handshakes: " + a.clusterRefusals());
      assertEquals(1, a.members(), "the outsider never entered the membership");
      try (ClusterNode insider = ClusterNode.start(
          fromSecret(dir, "c", RIGHT, List.of(a.memberAddress())).withNodeName("c"), 1)) {
        assertEquals(2, a.members(), "the member with the right secret joined");
        assertEquals(2, insider.members());
      }
    }
  }

  @Test
  void onHazelcastAJvmWithTheWrongSecretCannotJoinWhileOneWithTheRightSecretCan(@TempDir Path dir)
      throws Exception {
    try (ClusterNode a = ClusterNode.start(fromSecret(dir, "a", RIGHT, List.of(), "hazelcast").withNodeName("a"), 1);
         ClusterNode outsider = ClusterNode.start(
             fromSecret(dir, "b", WRONG, List.of(a.memberAddress()), "hazelcast").withNodeName("b"), 1);
         ClusterNode insider = ClusterNode.start(
             fromSecret(dir, "c", RIGHT, List.of(a.memberAddress()), "hazelcast").withNodeName("c"), 1);
         VertxNetwork<ChordPeer> ringNet = new VertxNetwork<>(List.of(a), NetworkOptions.defaults(), ChordWire.registry(CONFIG));
         VertxNetwork<ChordPeer> outNet = new VertxNetwork<>(List.of(outsider), NetworkOptions.defaults(),
             ChordWire.registry(CONFIG));
         VertxNetwork<ChordPeer> inNet = new VertxNetwork<>(List.of(insider), NetworkOptions.defaults(),
             ChordWire.registry(CONFIG))) {
      assertEquals(2, a.members(), "the member with the right secret joined");
      assertEquals(1, outsider.members(), "the member with the wrong secret stays alone");

      PeerRef first = ref("p0@a");
      PeerHandle<ChordPeer> host = ringNet.launch(first, new ChordPeer(CONFIG, null));
      ringNet.call(host, ChordPeer::joined, 10_000);

      PeerHandle<ChordPeer> intruder = outNet.launch(ref("x@b"), new ChordPeer(CONFIG, first));
      List<Network.Outcome<Void>> tried = outNet.callAll(List.of(intruder), ChordPeer::joined, CONFIG.joinWaitMs() + 5_000);
      assertFalse(tried.get(0).succeeded(), "the intruder's join must fail");
      assertEquals(0, ringNet.traffic().messages(), "no message of the intruder reached the ring's peer");
      assertEquals(first, ringNet.inspect(host, p -> p.links().successor()), "the ring is still the one peer");

      PeerHandle<ChordPeer> member = inNet.launch(ref("p1@c"), new ChordPeer(CONFIG, first));
      inNet.call(member, ChordPeer::joined, CONFIG.joinWaitMs() + 5_000);
      assertTrue(ringNet.awaitUntil(() -> ringNet.inspect(host, p -> p.links().successor()).equals(member.ref()),
          10_000, 100), "the member with the right secret is on the ring");
    }
  }
}
