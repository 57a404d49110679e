package org.bloomchord.node;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What this node knows of the other nodes of its ring: every node it has seen in the cluster's
 * directory is <em>known</em> until it leaves gracefully (it says so) or has been unreachable for
 * {@link #FORGET_AFTER_MS}; a known node is <em>reachable</em> while it answers the directory's
 * probes, and <em>unreachable</em> from the {@value #SILENT_PROBES}th probe in a row it did not
 * answer (a timeout, or no handler because Hazelcast dropped its member) until one it answers. One
 * silent probe is not enough: on a loaded machine an event loop can hold a ping beyond its timeout,
 * and a split reported and withdrawn every few seconds would teach operators to ignore it.
 *
 * <p>Why a memory of its own and not the directory's map: during a split each side's copy of the
 * map loses the other side's entries (Hazelcast's member removal, and the directory drops a node
 * whose consumer is gone), so the map alone would show each half as a whole ring, which is what
 * an operator most needs to be told is not so.
 *
 * <p>Transitions are reported once per probe round: one log line naming the nodes that became
 * unreachable (the split seen from here), one naming those that answer again (the merge), and the
 * {@link Transition} listener, called on the Vert.x thread of the probe.
 *
 * <pre>
 *   seen in directory --> REACHABLE --2 probes fail--> UNREACHABLE --probe answered--> REACHABLE
 *                         either state --"left" notice--> forgotten
 *                         UNREACHABLE for FORGET_AFTER_MS --> forgotten
 * </pre>
 */
public final class NodeReachability {

  /** How long an unreachable node stays known: a day, so a split of an hour is seen throughout. */
  public static final long FORGET_AFTER_MS = 24 * 3_600_000L;
  /** Probes in a row a node must leave unanswered to be reported unreachable. */
  public static final int SILENT_PROBES = 2;

  private static final Logger LOG = System.getLogger(NodeReachability.class.getName());

  /**
   * A known node.
   *
   * @param node its node name
   * @param address its Hazelcast member address (host:port) as the directory lists it
   * @param reachable whether it answered the last probe
   * @param sinceMs wall-clock ms since which it has been in this state
   */
  public record NodeState(String node, String address, boolean reachable, long sinceMs) {
  }

  /** A change seen in one probe round: the nodes that became unreachable and those that answer again. */
  public record Transition(List<NodeState> split, List<NodeState> merged) {
  }

  private final String self;
  private final Map<String, NodeState> known = new ConcurrentHashMap<>();
  /** Probes in a row each node left unanswered (absent: none). */
  private final Map<String, Integer> silentInARow = new ConcurrentHashMap<>();
  /** Per node, the unanswered probes since it last answered, by why (for the log line at its return). */
  private final Map<String, Map<String, Integer>> silenceCauses = new ConcurrentHashMap<>();
  /** Per node that answered again in this round: how long it was silent and why its probes failed. */
  private final Map<String, String> lastSilence = new ConcurrentHashMap<>();
  private final List<NodeState> newlyUnreachable = new ArrayList<>();
  private final List<NodeState> newlyReachable = new ArrayList<>();
  private final AtomicLong splits = new AtomicLong();
  private final AtomicLong merges = new AtomicLong();
  private volatile Consumer<Transition> listener = t -> { };

  NodeReachability(String self) {
    this.self = self;
  }

  /** Registers the listener of transitions (one at a time); it must not block. */
  void onTransition(Consumer<Transition> l) {
    this.listener = l;
  }

  /** A node listed in the directory: known from now on (reachable until a probe says otherwise). */
  synchronized void seen(String node, String address, long now) {
    if (!node.equals(self)) {
      known.computeIfAbsent(node, n -> new NodeState(n, address, true, now));
    }
  }

  /** The node answered a probe. */
  synchronized void answered(String node, long now) {
    silentInARow.remove(node);
    Map<String, Integer> causes = silenceCauses.remove(node);
    NodeState s = known.get(node);
    if (s != null && !s.reachable()) {
      NodeState back = new NodeState(node, s.address(), true, now);
      known.put(node, back);
      newlyReachable.add(back);
      lastSilence.put(node, (now - s.sinceMs()) / 1000 + " s unreachable, unanswered probes by cause "
          + (causes == null ? "{}" : causes));
    }
  }

  /** The node did not answer a probe, for a reason not known. */
  synchronized void silent(String node, long now) {
    silent(node, now, "unknown");
  }

  /**
   * The node did not answer a probe.
   *
   * @param cause why, as the event bus said: {@code NO_HANDLERS} (no registration of the node's
   *     status address is visible here: the cluster manager dropped or has not yet merged it back),
   *     {@code TIMEOUT} (sent, not answered in time), {@code RECIPIENT_FAILURE}
   */
  synchronized void silent(String node, long now, String cause) {
    NodeState s = known.get(node);
    if (s != null) {
      silenceCauses.computeIfAbsent(node, n -> new TreeMap<>()).merge(cause, 1, Integer::sum);
    }
    if (s == null || silentInARow.merge(node, 1, Integer::sum) < SILENT_PROBES) {
      return;
    }
    if (s.reachable()) {
      NodeState gone = new NodeState(node, s.address(), false, now);
      known.put(node, gone);
      newlyUnreachable.add(gone);
    }
  }

  /** The node said it is leaving: it is no longer part of the ring, reachable or not. */
  synchronized void left(String node) {
    known.remove(node);
    silentInARow.remove(node);
    silenceCauses.remove(node);
    newlyUnreachable.removeIf(s -> s.node().equals(node));
  }

  /**
   * Ends a probe round: forgets the nodes unreachable for longer than {@link #FORGET_AFTER_MS},
   * logs and reports what changed since the last round.
   */
  void endRound(long now) {
    Transition t;
    synchronized (this) {
      known.values().removeIf(s -> !s.reachable() && now - s.sinceMs() > FORGET_AFTER_MS);
      silentInARow.keySet().retainAll(known.keySet());
      silenceCauses.keySet().retainAll(known.keySet());
      if (newlyUnreachable.isEmpty() && newlyReachable.isEmpty()) {
        return;
      }
      t = new Transition(List.copyOf(newlyUnreachable), List.copyOf(newlyReachable));
      newlyUnreachable.clear();
      newlyReachable.clear();
    }
    if (!t.split().isEmpty()) {
      splits.incrementAndGet();
      LOG.log(Level.WARNING, "node " + self + ": the ring is split, unreachable now: " + names(t.split())
          + " (all unreachable: " + names(unreachable()) + ")");
    }
    if (!t.merged().isEmpty()) {
      merges.incrementAndGet();
      StringBuilder why = new StringBuilder();
      for (NodeState m : t.merged()) {
        why.append(why.length() == 0 ? " (" : "; ").append(m.node()).append(": ").append(lastSilence.remove(m.node()));
      }
      LOG.log(Level.WARNING, "node " + self + ": reachable again: " + names(t.merged()) + why + ")"
          + (unreachable().isEmpty() ? "; no known node is unreachable" : "; still unreachable: "
              + names(unreachable())));
    }
    listener.accept(t);
  }

  /** The known nodes that are unreachable, by name. */
  public List<NodeState> unreachable() {
    List<NodeState> out = new ArrayList<>();
    for (NodeState s : known.values()) {
      if (!s.reachable()) {
        out.add(s);
      }
    }
    out.sort(Comparator.comparing(NodeState::node));
    return out;
  }

  /** Whether the named node is known and unreachable. */
  boolean isUnreachable(String node) {
    NodeState s = known.get(node);
    return s != null && !s.reachable();
  }

  /** The other nodes known, by name. */
  public List<String> knownNodes() {
    List<String> out = new ArrayList<>(known.keySet());
    out.sort(null);
    return out;
  }

  /** Probe rounds in which some known node became unreachable. */
  public long splits() {
    return splits.get();
  }

  /** Probe rounds in which some unreachable node answered again. */
  public long merges() {
    return merges.get();
  }

  private static String names(List<NodeState> states) {
    List<String> out = new ArrayList<>();
    for (NodeState s : states) {
      out.add(s.node() + " (" + s.address() + ")");
    }
    return String.join(", ", out);
  }
}
