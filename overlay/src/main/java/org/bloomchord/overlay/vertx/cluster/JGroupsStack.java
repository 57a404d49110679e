package org.bloomchord.overlay.vertx.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.JChannel;
import org.jgroups.protocols.COUNTER;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

/**
 * The JGroups protocol stack of the cluster plane, built in code (no XML on the class path to
 * override it), bottom to top:
 *
 * <pre>
 * TCP             bound to the cluster host and port, every socket from {@link PlaneSockets} (TLS,
 *                 client certificates required); its diagnostics (a multicast probe) off
 * TCPPING         discovery by the listed members and every member seen since (no multicast)
 * MERGE3          looks for other halves every 2 to 5 s and merges them after a partition heals
 * FD_ALL3         a member that sent nothing for the heartbeat timeout is suspected
 * VERIFY_SUSPECT2 a suspect is asked once more (1 s) before it is excluded
 * IndirectVerify  ... and two other members are asked to reach it (2 s): one that does keeps it in
 *                 the view, so a cut between two hosts that a third reaches splits nothing
 * NAKACK2, UNICAST3, STABLE   reliable, ordered multicast and unicast
 * GMS             views; a joiner waits 3 s for a coordinator (joinAttempts times, 5 by default,
 *                 when it was given members to contact) before it starts a cluster or gives up
 * UFC, MFC, FRAG4 flow control, fragmentation
 * COUNTER         the cluster-wide counters of {@code sharedData().getCounter}
 * </pre>
 */
final class JGroupsStack {

  /** How often each member sends a heartbeat to every other. */
  static final long HEARTBEAT_MS = 1_000;
  /** How long a joiner looks for a coordinator before it starts a cluster of its own. */
  static final long JOIN_TIMEOUT_MS = 3_000;
  /** The bounds of MERGE3's interval between two looks for other halves. */
  static final long MERGE_MIN_MS = 2_000;
  static final long MERGE_MAX_MS = 5_000;

  private JGroupsStack() {
  }

  /**
   * A channel (not connected) bound to {@code host:port}, discovering {@code members} (HOST:PORT),
   * suspecting a member after {@code suspectAfterMs} without a heartbeat.
   */
  static JChannel channel(String host, int port, List<String> members, long suspectAfterMs, PlaneSockets sockets)
      throws Exception {
    InetAddress bind = InetAddress.getByName(host);
    TCP tcp = new TCP();
    tcp.setBindAddress(bind);
    tcp.setBindPort(port);
    tcp.setPortRange(0);
    tcp.setSocketFactory(sockets);
    tcp.logAcceptError(false);
    List<InetSocketAddress> initial = new ArrayList<>();
    initial.add(new InetSocketAddress(bind, port));
    for (String m : members) {
      int colon = m.lastIndexOf(':');
      initial.add(new InetSocketAddress(InetAddress.getByName(m.substring(0, colon)),
          Integer.parseInt(m.substring(colon + 1))));
    }
    TCPPING ping = new TCPPING();
    ping.setInitialHosts(initial);
    ping.setPortRange(0);
    MERGE3 merge = new MERGE3().setMinInterval(MERGE_MIN_MS).setMaxInterval(MERGE_MAX_MS);
    FD_ALL3 fd = new FD_ALL3().setTimeout(suspectAfterMs).setInterval(HEARTBEAT_MS);
    VERIFY_SUSPECT2 verify = new VERIFY_SUSPECT2().setTimeout(HEARTBEAT_MS);
    NAKACK2 nakack = new NAKACK2();
    nakack.useMcastXmit(false);
    GMS gms = new GMS().setJoinTimeout(JOIN_TIMEOUT_MS).printLocalAddress(false);
    JChannel channel = new JChannel(List.<Protocol>of(tcp, ping, merge, fd, verify, new IndirectVerify(), nakack,
        new UNICAST3(), new STABLE(), gms, new UFC(), new MFC(), new FRAG4(), new COUNTER()));
    tcp.getDiagnosticsHandler().setEnabled(false);
    return channel.setDiscardOwnMessages(true);
  }
}
