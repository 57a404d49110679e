package org.bloomchord.experiments.writes;

import java.util.Objects;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteResult;

/**
 * One client operation of a concurrent history: what was asked, on which side of a split, when it
 * was invoked and when it completed (runtime milliseconds), and how it ended.
 *
 * <p>A side is a number: {@link #WHOLE} while the network was whole before the split,
 * {@link #MERGED} once it healed, otherwise the group of the client's peer in the partition in force (the trial numbers the groups
 * of different partitions apart). Put values are unique in a history, so a value read names the put
 * that wrote it.
 *
 * @param client the client that issued it
 * @param kind put or get
 * @param key the key
 * @param value the value written (put), or the value read (get; null when none was found)
 * @param side the side it was invoked on
 * @param invokedMs when it was invoked
 * @param completedMs when its answer came back, at least {@code invokedMs}
 * @param outcome how it ended
 * @param version the version acknowledged (put) or read (get), or null when there was none
 */
public record Operation(int client, Kind kind, String key, String value, int side, long invokedMs, long completedMs,
    Outcome outcome, Version version) {

  /** The side of an operation invoked while the network was whole, before any split. */
  public static final int WHOLE = -1;
  /** The side of an operation invoked on the healed network, after the split (the merged ring). */
  public static final int MERGED = -2;

  /** What an operation asked. */
  public enum Kind {
    PUT, GET
  }

  /** How an operation ended. */
  public enum Outcome {
    /** A put a write quorum acknowledged with its version. */
    ACKNOWLEDGED,
    /** A put that was not acknowledged (failed or unconfirmed): it may or may not have taken effect. */
    UNACKNOWLEDGED,
    /** A put the primary refused without storing it (the store's minority refusal): no effect. */
    REFUSED,
    /** A get that answered (a value, or nothing found). */
    ANSWERED,
    /** A get that got no answer. */
    FAILED
  }

  public Operation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(outcome, "outcome");
    if (completedMs < invokedMs) {
      throw new IllegalArgumentException("completed " + completedMs + " before invoked " + invokedMs);
    }
    if ((outcome == Outcome.ACKNOWLEDGED) != (kind == Kind.PUT && version != null)) {
      throw new IllegalArgumentException("a put is acknowledged exactly when it has a version: " + outcome);
    }
  }

  /** A put of {@code value}; {@code r} null when no answer came. */
  public static Operation put(int client, String key, String value, int side, long invokedMs, long completedMs,
      WriteResult r) {
    boolean acked = r != null && r.stored() && r.version() != null;
    Outcome o = acked ? Outcome.ACKNOWLEDGED
        : r != null && r.outcome() == org.bloomchord.chord.store.WriteOutcome.REFUSED ? Outcome.REFUSED
        : Outcome.UNACKNOWLEDGED;
    return new Operation(client, Kind.PUT, key, value, side, invokedMs, completedMs, o, acked ? r.version() : null);
  }

  /** An acknowledged put with the given version (hand-made histories). */
  public static Operation acked(int client, String key, String value, int side, long invokedMs, long completedMs,
      Version version) {
    return new Operation(client, Kind.PUT, key, value, side, invokedMs, completedMs, Outcome.ACKNOWLEDGED,
        Objects.requireNonNull(version, "version"));
  }

  /** A get; {@code r} null when no answer came. */
  public static Operation get(int client, String key, int side, long invokedMs, long completedMs, ReadResult r) {
    if (r == null || r.outcome() == ReadOutcome.FAILED) {
      return new Operation(client, Kind.GET, key, null, side, invokedMs, completedMs, Outcome.FAILED, null);
    }
    return new Operation(client, Kind.GET, key, r.found() ? r.value() : null, side, invokedMs, completedMs,
        Outcome.ANSWERED, r.version());
  }

  /** Whether this is an acknowledged put. */
  public boolean acknowledged() {
    return outcome == Outcome.ACKNOWLEDGED;
  }

  /** Whether {@code side} is the whole network (before the split or after the heal). */
  static boolean whole(int side) {
    return side == WHOLE || side == MERGED;
  }

  /** Whether this put must be ordered after {@code w}: same side, or invoked after w completed with one side whole. */
  boolean orderedAfter(Operation w) {
    return side == w.side || ((whole(side) || whole(w.side)) && invokedMs >= w.completedMs);
  }

  /** A short name for reports: {@code put k3=c2-17 (side 1, 1200..1450 ms, version ...)}. */
  public String describe() {
    String where = side == WHOLE ? "whole ring" : side == MERGED ? "after the heal" : "side " + side;
    return kind.name().toLowerCase(java.util.Locale.ROOT) + " " + key + "=" + value + " by client " + client + " ("
        + where + ", " + invokedMs + ".." + completedMs + " ms" + (version == null ? "" : ", version " + version) + ")";
  }
}
