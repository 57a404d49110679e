package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.Completable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.shareddata.AsyncMap;
import io.vertx.core.shareddata.Counter;
import io.vertx.core.shareddata.Lock;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.core.spi.cluster.NodeInfo;
import io.vertx.core.spi.cluster.NodeListener;
import io.vertx.core.spi.cluster.RegistrationInfo;
import io.vertx.core.spi.cluster.RegistrationListener;
import io.vertx.core.spi.cluster.RegistrationUpdateEvent;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.blocks.atomic.CounterService;

/**
 * A Vert.x {@link ClusterManager} on a JGroups channel whose every connection is mutual TLS
 * ({@link PlaneSockets}, {@link JGroupsStack}): only members of the ring authority (or holders of
 * the shared secret) are in its views, hold its state or hear its messages.
 *
 * <p>State, and who keeps it:
 * <ul>
 *   <li><b>Nodes</b>: the members of the current JGroups view whose state arrived. Each member
 *       owns its node info and its event-bus registrations and sends them whole (a state message)
 *       to every member after each view change that brings a member in (a join or a merge), then
 *       each registration added or removed as it happens. A member that leaves the view (a leave,
 *       FD_ALL3's suspicion, a split) takes its registrations with it on every other member: they
 *       are dropped, its node is reported left, and {@link #onMemberRemoved} hears its member
 *       address. After a partition heals, MERGE3 merges the views and every member sends its
 *       state again, so both halves learn each other's registrations at once.</li>
 *   <li><b>Maps</b> ({@code getAsyncMap}): {@link ReplicatedMaps}, a copy on every member, the
 *       newer version of an entry winning.</li>
 *   <li><b>Counters</b>: JGroups' COUNTER protocol (kept by the coordinator, backed up).</li>
 *   <li><b>Locks and synchronous maps</b> are not offered (Vert.x uses them for its HA mode
 *       only, which the ring does not use): asking for one fails.</li>
 * </ul>
 *
 * <p>Sends go through one thread, in the order the state changed, so a member's messages reach
 * each other member in order (JGroups keeps a sender's order); listeners are called on JGroups'
 * delivering threads, under this manager's lock.
 *
 * <p>Longer than 400 lines because the Vert.x cluster manager contract is one interface (nodes,
 * registrations, maps, counters, join and leave) and its membership state is kept under one lock;
 * maps, counters, sockets and the stack are classes of their own.
 */
public final class JGroupsClusterManager implements ClusterManager, Receiver {

  private static final Logger LOG = System.getLogger(JGroupsClusterManager.class.getName());
  private static final byte STATE = MembershipMessages.STATE;
  private static final byte REGISTERED = MembershipMessages.REGISTERED;
  private static final byte UNREGISTERED = MembershipMessages.UNREGISTERED;
  /** How long a joiner waits for the state of the members it found. */
  private static final long STATE_WAIT_MS = 5_000;
  /**
   * How often each member sends its whole state (node info and registrations) again, besides the
   * change-by-change messages: anti-entropy, so that a member that missed a change (a join under
   * load, a view installed between a change and its delivery) converges within this period.
   */
  static final long STATE_REFRESH_MS = 5_000;

  private final JGroupsSettings settings;
  private final String nodeId = UUID.randomUUID().toString();
  private final Map<String, Set<RegistrationInfo>> own = new HashMap<>();
  private final Map<Address, KnownMember> others = new HashMap<>();
  /** What members not (yet) in this member's view sent: a merge's states can arrive before its view. */
  private final Map<Address, KnownMember> early = new HashMap<>();
  private final List<Runnable> onMerged = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> onMemberRemoved = new CopyOnWriteArrayList<>();
  private final ReplicatedMaps maps;
  private VertxInternal vertx;
  private ExecutorService sender;
  private JChannel channel;
  private CounterService counters;
  private View view;
  private NodeInfo nodeInfo;
  private NodeListener nodeListener;
  private RegistrationListener registrationListener;
  private volatile boolean active;
  private long refresh = -1;

  /** A manager that joins the cluster {@code settings} describe when Vert.x starts it. */
  public JGroupsClusterManager(JGroupsSettings settings) {
    this.settings = settings;
    this.maps = new ReplicatedMaps(nodeId, this::send);
  }

  @Override
  public void init(Vertx vertx) {
    this.vertx = (VertxInternal) vertx;
  }

  @Override
  public void join(Completable<Void> promise) {
    vertx.<Void>executeBlocking(() -> {
      sender = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "bloomchord-plane-sender");
        t.setDaemon(true);
        return t;
      });
      JChannel ch = JGroupsStack.channel(settings.host(), settings.port(), settings.members(),
          settings.suspectAfterMs(), settings.sockets());
      ch.setReceiver(this);
      synchronized (this) {
        channel = ch;
        active = true;
      }
      try {
        for (int attempt = 1; ; attempt++) {
          ch.connect(settings.clusterName());
          if (settings.members().isEmpty() || ch.getView().size() > 1) {
            break;
          }
          if (attempt == settings.joinAttempts()) {
            throw new IllegalStateException("could not reach any cluster member of " + settings.members()
                + " (none answered over TLS with a certificate this member admits)");
          }
          // a first connection (a cold JVM's TLS, a member busy starting) can outlast one discovery round
          ch.disconnect();
        }
        counters = new CounterService(ch);
        awaitStates();
        refresh = vertx.setPeriodic(STATE_REFRESH_MS, id -> {
          synchronized (this) {
            if (active) {
              send(state());
            }
          }
        });
      } catch (Exception e) {
        active = false;
        ch.close();
        sender.shutdownNow();
        throw e;
      }
      return null;
    }).onComplete(promise);
  }

  private void awaitStates() throws InterruptedException {
    long deadline = System.currentTimeMillis() + STATE_WAIT_MS;
    synchronized (this) {
      while (others.values().stream().anyMatch(m -> !m.stated) || others.size() < view.size() - 1) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          LOG.log(Level.WARNING, "cluster plane: joined without the state of every member: " + view);
          return;
        }
        wait(left);
      }
    }
  }

  @Override
  public void leave(Completable<Void> promise) {
    vertx.<Void>executeBlocking(() -> {
      JChannel ch;
      synchronized (this) {
        active = false;
        ch = channel;
      }
      if (refresh != -1) {
        vertx.cancelTimer(refresh);
      }
      if (ch != null) {
        ch.close();
      }
      if (sender != null) {
        sender.shutdown();
        sender.awaitTermination(5, TimeUnit.SECONDS);
      }
      return null;
    }).onComplete(promise);
  }

  @Override
  public boolean isActive() {
    return active;
  }

  @Override
  public String getNodeId() {
    return nodeId;
  }

  @Override
  public synchronized List<String> getNodes() {
    List<String> nodes = new ArrayList<>();
    nodes.add(nodeId);
    others.values().stream().filter(m -> m.stated).forEach(m -> nodes.add(m.nodeId));
    return nodes;
  }

  /** The channel, once joined (tests cut it with JGroups' own protocols). */
  synchronized JChannel channel() {
    return channel;
  }

  /** How many members the current view has, this one included. */
  public synchronized int viewSize() {
    return view == null ? 1 : view.size();
  }

  @Override
  public synchronized void nodeListener(NodeListener listener) {
    this.nodeListener = listener;
  }

  @Override
  public synchronized void registrationListener(RegistrationListener listener) {
    this.registrationListener = listener;
  }

  @Override
  public void setNodeInfo(NodeInfo info, Completable<Void> promise) {
    synchronized (this) {
      nodeInfo = info;
      send(state());
    }
    promise.succeed();
  }

  @Override
  public synchronized NodeInfo getNodeInfo() {
    return nodeInfo;
  }

  @Override
  public void getNodeInfo(String id, Completable<NodeInfo> promise) {
    NodeInfo found = null;
    synchronized (this) {
      if (nodeId.equals(id)) {
        found = nodeInfo;
      } else {
        for (KnownMember m : others.values()) {
          if (m.nodeId.equals(id)) {
            found = m.nodeInfo;
          }
        }
      }
    }
    if (found == null) {
      promise.fail("Not a member of the cluster");
    } else {
      promise.succeed(found);
    }
  }

  @Override
  public void addRegistration(String address, RegistrationInfo info, Completable<Void> promise) {
    synchronized (this) {
      if (own.computeIfAbsent(address, a -> new LinkedHashSet<>()).add(info)) {
        send(MembershipMessages.registration(REGISTERED, nodeId, address, info));
        updated(address);
      }
    }
    promise.succeed();
  }

  @Override
  public void removeRegistration(String address, RegistrationInfo info, Completable<Void> promise) {
    synchronized (this) {
      Set<RegistrationInfo> set = own.get(address);
      if (set != null && set.remove(info)) {
        if (set.isEmpty()) {
          own.remove(address);
        }
        send(MembershipMessages.registration(UNREGISTERED, nodeId, address, info));
        updated(address);
      }
    }
    promise.succeed();
  }

  @Override
  public synchronized void getRegistrations(String address, Completable<List<RegistrationInfo>> promise) {
    promise.succeed(registrations(address));
  }

  private List<RegistrationInfo> registrations(String address) {
    List<RegistrationInfo> out = new ArrayList<>(own.getOrDefault(address, Set.of()));
    for (KnownMember m : others.values()) {
      out.addAll(m.registrations.getOrDefault(address, Set.of()));
    }
    return out;
  }

  @Override
  public <K, V> void getAsyncMap(String name, Completable<AsyncMap<K, V>> promise) {
    promise.succeed(new ReplicatedAsyncMap<>(vertx, maps, name));
  }

  @Override
  public <K, V> Map<K, V> getSyncMap(String name) {
    throw new UnsupportedOperationException("the jgroups cluster plane offers no synchronous maps (Vert.x HA mode)");
  }

  @Override
  public void getLockWithTimeout(String name, long timeout, Completable<Lock> promise) {
    promise.fail(new UnsupportedOperationException("the jgroups cluster plane offers no cluster-wide locks"));
  }

  @Override
  public void getCounter(String name, Completable<Counter> promise) {
    Future.fromCompletionStage(counters.getOrCreateAsyncCounter(name, 0), vertx.getOrCreateContext())
        .<Counter>map(c -> new PlaneCounter(vertx, c)).onComplete(promise);
  }

  @Override
  public String clusterHost() {
    return settings.host();
  }

  @Override
  public String clusterPublicHost() {
    return settings.host();
  }

  /** Runs {@code action} (on a JGroups thread; it must not block) after each merge of this member's view with another. */
  public void onMerged(Runnable action) {
    onMerged.add(action);
  }

  /** Runs {@code action} with the member address (HOST:PORT) of each member that leaves this member's view. */
  public void onMemberRemoved(Consumer<String> action) {
    onMemberRemoved.add(action);
  }

  @Override
  public void viewAccepted(View next) {
    List<KnownMember> left = new ArrayList<>();
    boolean joined;
    synchronized (this) {
      Set<Address> before = view == null ? Set.of() : new HashSet<>(view.getMembers());
      view = next;
      joined = next.getMembers().stream().anyMatch(a -> !before.contains(a) && !a.equals(channel.getAddress()));
      for (Address a : new ArrayList<>(others.keySet())) {
        if (!next.containsMember(a)) {
          left.add(others.remove(a));
        }
      }
      for (KnownMember m : left) {
        m.registrations.keySet().forEach(this::updated);
        if (m.stated && nodeListener != null) {
          nodeListener.nodeLeft(m.nodeId);
        }
      }
      for (Address a : next.getMembers()) {
        KnownMember m = others.containsKey(a) ? null : early.remove(a);
        if (m != null) {
          others.put(a, m);
          if (m.stated && nodeListener != null) {
            nodeListener.nodeAdded(m.nodeId);
          }
          m.registrations.keySet().forEach(this::updated);
        }
      }
      if (joined && active) {
        send(state());
        send(maps.state());
      }
      notifyAll();
    }
    for (KnownMember m : left) {
      if (m.memberAddress != null) {
        onMemberRemoved.forEach(action -> action.accept(m.memberAddress));
      }
    }
    if (next instanceof MergeView) {
      LOG.log(Level.INFO, "cluster plane: merged into view " + next);
      onMerged.forEach(Runnable::run);
    }
  }

  @Override
  public void receive(Message msg) {
    Address from = msg.getSrc();
    try {
      PlaneCodec.Reader in = new PlaneCodec.Reader(msg.getArray() == null ? new byte[0]
          : java.util.Arrays.copyOfRange(msg.getArray(), msg.getOffset(), msg.getOffset() + msg.getLength()));
      byte type = in.readByte();
      synchronized (this) {
        // a sender outside the view is kept apart until a view takes it in (its fresh state replaces this then)
        boolean inView = view != null && view.containsMember(from);
        switch (type) {
          case STATE -> stateFrom(from, in, inView);
          case REGISTERED, UNREGISTERED -> registrationFrom(from, type, in, inView);
          case ReplicatedMaps.ENTRY, ReplicatedMaps.STATE -> maps.apply(type, in);
          default -> throw new IllegalArgumentException("unknown message type " + type);
        }
        notifyAll();
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "cluster plane: dropped a message from " + from + ": " + e);
    }
  }

  private void stateFrom(Address from, PlaneCodec.Reader in, boolean inView) {
    KnownMember m = member(inView ? others : early, from, in.readString());
    m.memberAddress = in.readString();
    m.nodeInfo = in.readByte() == 0 ? null : in.read(new NodeInfo());
    Map<String, Set<RegistrationInfo>> before = m.registrations;
    Map<String, Set<RegistrationInfo>> now = new HashMap<>();
    int addresses = in.readCount();
    for (int i = 0; i < addresses; i++) {
      String address = in.readString();
      int n = in.readCount();
      Set<RegistrationInfo> set = new LinkedHashSet<>();
      for (int j = 0; j < n; j++) {
        set.add(in.read(new RegistrationInfo()));
      }
      now.put(address, set);
    }
    m.registrations = now;
    boolean first = !m.stated;
    m.stated = true;
    if (!inView) {
      return;
    }
    if (first && nodeListener != null) {
      nodeListener.nodeAdded(m.nodeId);
    }
    Set<String> changed = new HashSet<>(before.keySet());
    changed.addAll(now.keySet());
    for (String address : changed) {
      if (!before.getOrDefault(address, Set.of()).equals(now.getOrDefault(address, Set.of()))) {
        updated(address);
      }
    }
  }

  private void registrationFrom(Address from, byte type, PlaneCodec.Reader in, boolean inView) {
    KnownMember m = member(inView ? others : early, from, in.readString());
    String address = in.readString();
    RegistrationInfo info = in.read(new RegistrationInfo());
    boolean changed;
    if (type == REGISTERED) {
      changed = m.registrations.computeIfAbsent(address, a -> new LinkedHashSet<>()).add(info);
    } else {
      Set<RegistrationInfo> set = m.registrations.getOrDefault(address, new HashSet<>());
      changed = set.remove(info);
      if (set.isEmpty()) {
        m.registrations.remove(address);
      }
    }
    if (changed && inView) {
      updated(address);
    }
  }

  private static KnownMember member(Map<Address, KnownMember> in, Address from, String id) {
    KnownMember m = in.get(from);
    if (m == null || !m.nodeId.equals(id)) {
      m = new KnownMember(id);
      in.put(from, m);
    }
    return m;
  }

  private void updated(String address) {
    RegistrationListener listener = registrationListener;
    if (listener != null && listener.wantsUpdatesFor(address)) {
      listener.registrationsUpdated(new RegistrationUpdateEvent(address, registrations(address)));
    }
  }

  private byte[] state() {
    return MembershipMessages.state(nodeId, settings.memberAddress(), nodeInfo, own);
  }

  /** Sends {@code message} to every other member, after every message queued before it. */
  private void send(byte[] message) {
    ExecutorService s = sender;
    JChannel ch = channel;
    if (s == null || ch == null || s.isShutdown()) {
      return;
    }
    s.execute(() -> {
      try {
        if (ch.isConnected()) {
          ch.send(new BytesMessage(null, message));
        }
      } catch (Exception e) {
        LOG.log(Level.WARNING, "cluster plane: could not send to the members: " + e);
      }
    });
  }
}
