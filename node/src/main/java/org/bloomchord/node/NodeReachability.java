package org.bloomchord.node;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
 * probes, and <em>unreachable</em> once it has left probes unanswered for longer than its own
 * history of answers makes probable (from the sending of the first probe it left unanswered; an
 * accrual of suspicion, {@link AnswerIntervals}: at least {@link #MIN_SILENCE_MS}, at most
 * {@link #MAX_SILENCE_MS}), or from Hazelcast's removal of the member that carries it, until a
 * probe it answers.
 *
 * <p>A pause is not a death. A probe whose deadline passed only raises the suspicion; any answer
 * withdraws it, a late one too (the answer to a probe that timed out, arriving while the event bus
 * still waits for it, {@link #LATE_ANSWER_MS}): a node whose event loop or JVM stalled answers
 * everything at once when it resumes and is not reported if that comes within the silence its
 * history allows. A node whose answers have been irregular (a loaded machine, GC pauses) is
 * allowed a longer silence, up to {@link #MAX_SILENCE_MS}; a node cut off answers nothing and is
 * reported at most {@link #DETECTION_BOUND_MS} after the cut, within two of Hazelcast's 5 s
 * failure-detection periods, and {@link #QUIET_DETECTION_MS} after it when its answers were regular.
 *
 * <p>It also keeps the probes' timing ({@link #due}): each known node is probed once a round
 * ({@link #PROBE_PERIOD_MS}), one probe at a time; a probe that failed is followed by the next
 * {@link #PROBE_TIMEOUT_MS} after it was sent, that is at once when it timed out.
 *
 * <p>Why a memory of its own and not the directory's map: during a split each side's copy of the
 * map loses the other side's entries (Hazelcast's member removal, and the directory drops a node
 * whose consumer is gone), so the map alone would show each half as a whole ring, which is what
 * an operator most needs to be told is not so.
 *
 * <p>Transitions are decided and reported by {@link #endRound}, which the directory calls every
 * round, when no probe is waiting any more and after a member removal: one log line naming the
 * nodes that became unreachable (the split seen from here) and what decided it (the silence and
 * the silence allowed, unanswered probes by cause, or the member's removal), one naming those that
 * answer again (the merge), and the {@link Transition} listener, called on the probe's thread.
 *
 * <pre>
 *   seen in directory --> REACHABLE --silent past its allowance--> UNREACHABLE --probe answered--> REACHABLE
 *                         REACHABLE --Hazelcast removed its member--> UNREACHABLE
 *                         either state --"left" notice--> forgotten
 *                         UNREACHABLE for FORGET_AFTER_MS --> forgotten
 * </pre>
 */
public final class NodeReachability {

  /** How long an unreachable node stays known: a day, so a split of an hour is seen throughout. */
  public static final long FORGET_AFTER_MS = 24 * 3_600_000L;
  /** How often every known node is probed (a round). */
  public static final long PROBE_PERIOD_MS = 1_000;
  /**
   * How long a probe waits before it counts as unanswered and the next one may go (a constant the
   * other node sends at once from an event loop). Its answer is still taken, as a late one, until
   * {@link #LATE_ANSWER_MS}.
   */
  public static final long PROBE_TIMEOUT_MS = 3_000;
  /** How long the answer to a probe is waited for at all (the event bus' timeout of the ping). */
  public static final long LATE_ANSWER_MS = 2 * PROBE_TIMEOUT_MS;
  /**
   * The least silence that makes a node unreachable, however regular its answers: two probe
   * timeouts, as the previous rule (two probes in a row unanswered) allowed. Not shorter: with a
   * single probe of 3 s, loaded nodes that were connected reported each other unreachable every few
   * seconds (docs/architecture/hosts.md, "Probe").
   */
  public static final long MIN_SILENCE_MS = 2 * PROBE_TIMEOUT_MS;
  /**
   * The longest silence allowed, however long the pauses the node came back from: with a period
   * for the round that sees it (the first probe left unanswered was sent at the cut at the latest),
   * a cut is reported within {@link #DETECTION_BOUND_MS} = 9 s, under two of
   * Hazelcast's 5 s failure-detection periods with a second to spare for a late probe thread.
   */
  public static final long MAX_SILENCE_MS = 8_000;
  /**
   * The longest a cut goes unreported by the probes alone, timers on time: a period until the round
   * that sees the silence, after the longest silence allowed. Hazelcast's removal of the member
   * reports it earlier.
   */
  public static final long DETECTION_BOUND_MS = PROBE_PERIOD_MS + MAX_SILENCE_MS;
  /** The same for a node that did not pause lately (the silence allowed is the least): 7 s. */
  public static final long QUIET_DETECTION_MS = PROBE_PERIOD_MS + MIN_SILENCE_MS;
  /** Why a node is unreachable when Hazelcast removed its member (counted beside the probes' causes). */
  static final String MEMBER_REMOVED = "MEMBER_REMOVED";

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
  /** Per known node, the intervals between its answers (guarded by this). */
  private final Map<String, AnswerIntervals> history = new HashMap<>();
  /** Per suspected node, when the first probe it left unanswered since its last answer was sent. */
  private final Map<String, Long> suspectSince = new HashMap<>();
  /** Per node, the unanswered probes since it last answered, by why (for the log lines). */
  private final Map<String, Map<String, Integer>> silenceCauses = new ConcurrentHashMap<>();
  /** Per node found unreachable in this round by its silence: how long, against what was allowed. */
  private final Map<String, String> verdicts = new HashMap<>();
  /** Per node that answered again in this round: how long it was silent and why its probes failed. */
  private final Map<String, String> lastSilence = new ConcurrentHashMap<>();
  /** Per known node, its probe's timing (guarded by this). */
  private final Map<String, Probe> probes = new HashMap<>();
  private final List<NodeState> newlyUnreachable = new ArrayList<>();
  private final List<NodeState> newlyReachable = new ArrayList<>();
  private final AtomicLong splits = new AtomicLong();
  private final AtomicLong merges = new AtomicLong();
  private final AtomicLong withdrawn = new AtomicLong();
  private volatile Consumer<Transition> listener = t -> { };

  /** A node's probe: whether one is waiting for its answer, when it was sent, when the next falls due. */
  private static final class Probe {
    boolean waiting;
    long sentAt;
    long dueAt;
  }

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
      history.computeIfAbsent(node, n -> new AnswerIntervals(now));
      probes.computeIfAbsent(node, n -> {
        Probe p = new Probe();
        p.dueAt = now;
        return p;
      });
    }
  }

  /**
   * The known nodes to probe now, each marked as waiting for its answer from {@code now}: those
   * with no probe waiting whose next probe is due. A node is due once a round, and a node whose
   * last probe failed {@link #PROBE_TIMEOUT_MS} after that probe was sent.
   */
  synchronized List<String> due(long now) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Probe> e : probes.entrySet()) {
      Probe p = e.getValue();
      if (!p.waiting && p.dueAt <= now && known.containsKey(e.getKey())) {
        p.waiting = true;
        p.sentAt = now;
        out.add(e.getKey());
      }
    }
    out.sort(null);
    return out;
  }

  /**
   * Ends the node's waiting probe; the next one falls due {@code dueAfterSent} after it was sent
   * (half a period after an answer or a decision: rounds are a period apart, so the node is probed
   * in every round, and a confirmation's timer that runs between rounds does not probe it twice).
   *
   * @return when the ended probe was sent, or -1 when none was waiting
   */
  private long probeEnded(String node, long dueAfterSent) {
    Probe p = probes.get(node);
    if (p == null || !p.waiting) {
      return -1;
    }
    p.waiting = false;
    p.dueAt = p.sentAt + dueAfterSent;
    return p.sentAt;
  }

  /**
   * The node answered its waiting probe. An answer to a probe sent before the node was found
   * unreachable (by its member's removal, while the probe was under way) says nothing of now and
   * is not counted.
   */
  synchronized void answered(String node, long now) {
    heardFrom(node, probeEnded(node, PROBE_PERIOD_MS / 2), now);
  }

  /**
   * The node answered, late, a probe sent at {@code sentAt} that had already counted as unanswered:
   * it is alive, and the suspicion its silence raised is withdrawn.
   */
  synchronized void answeredLate(String node, long sentAt, long now) {
    heardFrom(node, sentAt, now);
  }

  private void heardFrom(String node, long sentAt, long now) {
    NodeState s = known.get(node);
    AnswerIntervals h = history.get(node);
    if (s == null || h == null) {
      return;
    }
    if (!s.reachable()) {
      if (sentAt >= 0 && sentAt < s.sinceMs()) {
        return;
      }
      Map<String, Integer> causes = silenceCauses.remove(node);
      suspectSince.remove(node);
      NodeState back = new NodeState(node, s.address(), true, now);
      known.put(node, back);
      newlyReachable.add(back);
      lastSilence.put(node, (now - s.sinceMs()) / 1000 + " s unreachable, unanswered probes by cause "
          + (causes == null ? "{}" : causes));
      h.restart(now);
      return;
    }
    silenceCauses.remove(node);
    if (suspectSince.remove(node) != null) {
      withdrawn.incrementAndGet();
    }
    h.heard(now);
  }

  /** The node did not answer a probe, for a reason not known. */
  synchronized long silent(String node, long now) {
    return silent(node, now, "unknown");
  }

  /**
   * The node did not answer a probe in time (it may still answer it, late). This only raises the
   * suspicion; {@link #endRound} decides, by how long the node has been silent.
   *
   * @param cause why, as the event bus said: {@code NO_HANDLERS} (no registration of the node's
   *     status address is visible here: the cluster manager dropped or has not yet merged it back),
   *     {@code TIMEOUT} (sent, not answered in time), {@code RECIPIENT_FAILURE}
   * @return when the next probe falls due ({@link #PROBE_TIMEOUT_MS} after this one was sent: at
   *     once after a timeout), or -1 when the node is not known; the caller sets a timer for it,
   *     since the next round may be up to a period later
   */
  synchronized long silent(String node, long now, String cause) {
    NodeState s = known.get(node);
    if (s == null) {
      probeEnded(node, PROBE_PERIOD_MS / 2);
      return -1;
    }
    silenceCauses.computeIfAbsent(node, n -> new TreeMap<>()).merge(cause, 1, Integer::sum);
    if (!s.reachable()) {
      // its probes only confirm it: the next at the next round
      probeEnded(node, PROBE_PERIOD_MS / 2);
      return -1;
    }
    long sentAt = probeEnded(node, PROBE_TIMEOUT_MS);
    suspectSince.putIfAbsent(node, sentAt >= 0 ? sentAt : now);
    return probes.get(node).dueAt;
  }

  /** Marks unreachable every suspected node silent for longer than its history allows. */
  private void decide(long now) {
    for (Map.Entry<String, Long> e : List.copyOf(suspectSince.entrySet())) {
      NodeState s = known.get(e.getKey());
      AnswerIntervals h = history.get(e.getKey());
      if (s == null || !s.reachable() || h == null) {
        continue;
      }
      long silence = now - e.getValue();
      long allowed = h.allowedSilence(PROBE_PERIOD_MS, MIN_SILENCE_MS, MAX_SILENCE_MS);
      if (silence >= allowed) {
        verdicts.put(s.node(), "silent " + silence + " ms, allowed " + allowed + " ms, unanswered probes "
            + silenceCauses.getOrDefault(s.node(), Map.of()));
        suspectSince.remove(s.node());
        markUnreachable(s, now);
      }
    }
  }

  /**
   * Hazelcast removed the member at {@code address} (HOST:PORT, as the directory lists it) from
   * this side of the cluster: it had no heartbeat from it for its failure-detection period, and the
   * member's event-bus registrations are gone with it, so the nodes it carries cannot be reached
   * from here until a probe is answered again. They are unreachable from now, without waiting for
   * probes that would only confirm it.
   *
   * @return the nodes found unreachable by this removal
   */
  synchronized List<String> memberRemoved(String address, long now) {
    List<String> out = new ArrayList<>();
    for (NodeState s : List.copyOf(known.values())) {
      if (s.address().equals(address) && s.reachable()) {
        silenceCauses.computeIfAbsent(s.node(), n -> new TreeMap<>()).merge(MEMBER_REMOVED, 1, Integer::sum);
        verdicts.put(s.node(), MEMBER_REMOVED);
        suspectSince.remove(s.node());
        markUnreachable(s, now);
        out.add(s.node());
      }
    }
    out.sort(null);
    return out;
  }

  private void markUnreachable(NodeState s, long now) {
    if (s.reachable()) {
      NodeState gone = new NodeState(s.node(), s.address(), false, now);
      known.put(s.node(), gone);
      newlyUnreachable.add(gone);
    }
  }

  /** The node said it is leaving: it is no longer part of the ring, reachable or not. */
  synchronized void left(String node) {
    known.remove(node);
    probes.remove(node);
    history.remove(node);
    suspectSince.remove(node);
    silenceCauses.remove(node);
    newlyUnreachable.removeIf(s -> s.node().equals(node));
  }

  /**
   * Ends a probe round: finds unreachable the nodes silent past their allowance, forgets the nodes
   * unreachable for longer than {@link #FORGET_AFTER_MS}, logs and reports what changed since the
   * last call.
   */
  void endRound(long now) {
    Transition t;
    StringBuilder why = new StringBuilder();
    synchronized (this) {
      decide(now);
      known.values().removeIf(s -> !s.reachable() && now - s.sinceMs() > FORGET_AFTER_MS);
      history.keySet().retainAll(known.keySet());
      suspectSince.keySet().retainAll(known.keySet());
      probes.keySet().retainAll(known.keySet());
      silenceCauses.keySet().retainAll(known.keySet());
      if (newlyUnreachable.isEmpty() && newlyReachable.isEmpty()) {
        return;
      }
      t = new Transition(List.copyOf(newlyUnreachable), List.copyOf(newlyReachable));
      for (NodeState s : t.split()) {
        why.append(why.length() == 0 ? "; decided by: " : ", ").append(s.node()).append(' ')
            .append(verdicts.getOrDefault(s.node(), String.valueOf(silenceCauses.getOrDefault(s.node(), Map.of()))));
      }
      verdicts.clear();
      newlyUnreachable.clear();
      newlyReachable.clear();
    }
    if (!t.split().isEmpty()) {
      splits.incrementAndGet();
      LOG.log(Level.WARNING, "node " + self + ": the ring is split, unreachable now: " + names(t.split())
          + " (all unreachable: " + names(unreachable()) + ")" + why);
    }
    if (!t.merged().isEmpty()) {
      merges.incrementAndGet();
      why.setLength(0);
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

  /**
   * Suspicions withdrawn: a node that had left probes unanswered answered (in time or late) before
   * its silence made it unreachable, a pause told apart from a death.
   */
  public long suspicionsWithdrawn() {
    return withdrawn.get();
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
