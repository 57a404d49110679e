package org.bloomchord.experiments.jvm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.PeerRef;

/**
 * A partition of a ring over several JVMs in force, from the coordinator's side
 * ({@link JvmRun#cut}): the JVMs are dealt into groups by index (the coordinator is JVM 0), and
 * every JVM's {@link BusCut} drops the ring's messages between JVMs of different groups until
 * {@link #heal}. The coordinator's control of its children (commands on their standard input,
 * answers on their standard output) does not travel on the event bus and is not cut, so the run
 * goes on and ends as any other.
 *
 * <p>What the partition phase asks of the JVMs while the cut lasts and at the heal: puts from the
 * peers of a child's side, the newest versions each side holds, and contacts of the other sides
 * offered to every peer at the heal (a heal the coordinator knows of, where a node learns of a real
 * one from its reachability probes). Thread-safe: puts are started from the driver and collected
 * once the cut ends.
 */
public final class JvmSplit {

  private final JvmCluster cluster;
  private final BusCut own;
  private final ChordConfig config;
  /** Group of each node, {@code jvm<k>}. */
  private final Map<String, Integer> groupOf;
  private final List<List<String>> nodes;
  private final int[] nextNode;
  private final List<Pending> puts = new ArrayList<>();
  private long dropped = -1;

  private record Pending(int group, ChildJvm child, ChildJvm.Reply reply) {
  }

  JvmSplit(JvmCluster cluster, BusCut own, ChordConfig config, List<List<Integer>> groups) {
    this.cluster = cluster;
    this.own = own;
    this.config = config;
    this.groupOf = new HashMap<>();
    this.nodes = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      List<String> names = new ArrayList<>();
      for (int k : groups.get(g)) {
        groupOf.put("jvm" + k, g);
        names.add("jvm" + k);
      }
      nodes.add(names);
    }
    this.nextNode = new int[groups.size()];
  }

  /** Cuts every live JVM's links to the JVMs of other groups, the coordinator's first. */
  void start() {
    StringBuilder text = new StringBuilder();
    groupOf.forEach((node, g) -> text.append(text.length() == 0 ? "" : ",").append(node).append('=').append(g));
    own.cut(groupOf);
    cluster.askChildren(c -> "cut " + text).forEach((c, r) -> c.await(r, 30_000));
  }

  /** The groups, as node names. */
  public List<List<String>> nodes() {
    return nodes;
  }

  /** The group of {@code node} ({@code jvm<k>}); -1 for a node in none. */
  public int groupOf(String node) {
    return groupOf.getOrDefault(node, -1);
  }

  /** The group of the coordinator ({@code jvm0}), whose peers the runner's operations start from. */
  public int coordinatorGroup() {
    return groupOf("jvm0");
  }

  /**
   * Starts puts of {@code keys} from random peers of a live child of {@code group} (its JVMs taken
   * in turn) without waiting; false when the group has no live child (the coordinator's group
   * has none but jvm0: its puts go through the runner).
   */
  public synchronized boolean putFrom(int group, List<String> keys) {
    List<String> names = nodes.get(group);
    for (int tried = 0; tried < names.size(); tried++) {
      String node = names.get(nextNode[group]++ % names.size());
      ChildJvm c = cluster.children().get(node);
      if (c != null) {
        puts.add(new Pending(group, c, c.send("put " + String.join(" ", keys))));
        return true;
      }
    }
    return false;
  }

  /**
   * Waits for every put started by {@link #putFrom}; returns the keys whose puts were stored, by
   * group (groups that stored none are left out).
   */
  public Map<Integer, Set<String>> awaitPuts() {
    List<Pending> all;
    synchronized (this) {
      all = new ArrayList<>(puts);
      puts.clear();
    }
    long wait = config.operationAttempts() * (config.lookupTimeoutMs() + 3 * config.requestTimeoutMs()) + 30_000;
    Map<Integer, Set<String>> stored = new TreeMap<>();
    for (Pending p : all) {
      try {
        String answer = p.child().await(p.reply(), wait);
        if (!answer.isEmpty()) {
          stored.computeIfAbsent(p.group(), g -> new TreeSet<>()).addAll(List.of(answer.split(" ")));
        }
      } catch (IllegalStateException e) {
        if (p.child().alive()) {
          throw e;
        }
      }
    }
    return stored;
  }

  /** The newest version of each key on each side: by group, the newest version its JVMs' peers hold. */
  public List<Map<String, Version>> newestBySide() {
    List<Map<String, Version>> out = new ArrayList<>();
    nodes.forEach(n -> out.add(new HashMap<>()));
    merge(out.get(coordinatorGroup()), SplitOps.newest(cluster.network()));
    cluster.askChildren(c -> "versions").forEach((c, r) -> merge(out.get(groupOf(c.name())), SplitOps.versionsOf(c.await(r, 60_000))));
    return out;
  }

  private static void merge(Map<String, Version> into, Map<String, Version> from) {
    from.forEach((k, v) -> into.merge(k, v, (a, b) -> a.compareTo(b) >= 0 ? a : b));
  }

  /**
   * Heals the cut on every live JVM, the children's first; returns the messages the cut dropped
   * over all of them (a JVM killed meanwhile is not counted).
   */
  public synchronized long heal() {
    if (dropped >= 0) {
      return dropped;
    }
    long total = 0;
    Map<ChildJvm, ChildJvm.Reply> asked = cluster.askChildren(c -> "heal");
    own.heal();
    for (Map.Entry<ChildJvm, ChildJvm.Reply> e : asked.entrySet()) {
      total += Long.parseLong(e.getKey().await(e.getValue(), 30_000).trim());
    }
    dropped = total + own.dropped();
    return dropped;
  }

  /**
   * At the heal: offers every peer of every live JVM contacts among the active peers of the other
   * sides ({@code snapshots}, taken before the heal), for the ring merge; returns the offers made.
   */
  public int offerContacts(List<PeerSnapshot> snapshots, SplittableRandom random) {
    List<List<PeerRef>> active = new ArrayList<>();
    nodes.forEach(n -> active.add(new ArrayList<>()));
    for (PeerSnapshot s : snapshots) {
      int g = groupOf(s.self().node());
      if (s.state() == PeerState.ACTIVE && g >= 0) {
        active.get(g).add(s.self());
      }
    }
    Map<ChildJvm, ChildJvm.Reply> asked = cluster.askChildren(c -> {
      List<PeerRef> contacts = others(active, groupOf(c.name()));
      return "offer " + (contacts.isEmpty() ? "-" : SplitOps.refsText(contacts));
    });
    int offered = SplitOps.offer(cluster.network(), others(active, coordinatorGroup()), random);
    for (Map.Entry<ChildJvm, ChildJvm.Reply> e : asked.entrySet()) {
      offered += Integer.parseInt(e.getKey().await(e.getValue(), 90_000).trim());
    }
    return offered;
  }

  private static List<PeerRef> others(List<List<PeerRef>> active, int group) {
    List<PeerRef> out = new ArrayList<>();
    for (int g = 0; g < active.size(); g++) {
      if (g != group) {
        out.addAll(active.get(g));
      }
    }
    return out;
  }
}
