package org.bloomchord.overlay;

import java.util.Collection;
import java.util.List;

/**
 * The simulator's own fault controls, reached through {@link Network#simControls()} (empty on the
 * Vert.x runtime, where a partition must be a real network fault, not one the product simulates).
 *
 * <p>{@link #partition} splits the running peers into groups: from that moment every message
 * (request, reply or one-way) whose sender and receiver are in different groups is lost in the
 * network, counted once in {@link Traffic} when sent (as every message is) and once more under
 * {@link #PARTITION_LOST}; messages inside a group travel as before, so each group goes on as a
 * network of its own and a request across groups times out as to a crashed peer. A peer named in
 * no group, and a peer launched while the partition lasts, is in the first group unless
 * {@link #place}d. {@link #heal} restores full connectivity; messages already lost stay lost.
 * Everything is deterministic: the same groups at the same simulated time give the same run.
 */
public interface SimControls {

  /** Counter (in {@link Network#metrics()}) of messages lost because they crossed a partition. */
  String PARTITION_LOST = "sim.partitionLost";

  /**
   * Splits the network into {@code groups} (at least two, pairwise disjoint), replacing any
   * partition in force. Refs that are not running are remembered for a peer launched later under
   * the same address.
   *
   * @throws IllegalArgumentException with fewer than two groups or a peer named twice
   */
  void partition(List<? extends Collection<PeerRef>> groups);

  /**
   * Like {@link #partition}, but only the messages between the groups of each pair in
   * {@code cutPairs} are lost (both ways); the other groups still reach each other and both sides
   * of a cut. Non-transitive connectivity: with groups A, B, C and the pair (A, C) cut, A and C
   * each reach B but not each other.
   *
   * @param cutPairs pairs {@code {a, b}} of group indexes, a != b, each an index of {@code groups}
   * @throws IllegalArgumentException with fewer than two groups, a peer named twice, or a pair that
   *     is not two different group indexes
   */
  void partition(List<? extends Collection<PeerRef>> groups, List<int[]> cutPairs);

  /**
   * Puts {@code peer} (running or launched later) into group {@code group} of the partition in
   * force; for a peer that joins during a split through a member of one side.
   *
   * @throws IllegalStateException if no partition is in force
   * @throws IllegalArgumentException if {@code group} is not an index of the partition's groups
   */
  void place(PeerRef peer, int group);

  /** Ends the partition: from now on every peer reaches every peer. Harmless when none is in force. */
  void heal();

  /** Whether a partition is in force. */
  boolean partitioned();

  /** The group of {@code peer} in the partition in force (0 when there is none). */
  int groupOf(PeerRef peer);

  /** Messages lost to partitions since the network was created. */
  long partitionLost();

  /** The simulator's work counters. */
  SimulatorStats stats();
}
