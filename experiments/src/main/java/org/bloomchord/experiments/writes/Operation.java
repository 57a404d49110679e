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
    return Operation.builder().client(client).kind(Kind.PUT).key(key).value(value).side(side).invokedMs(invokedMs)
        .completedMs(completedMs).outcome(o).version(acked ? r.version() : null).build();
  }

  /** An acknowledged put with the given version (hand-made histories). */
  public static Operation acked(int client, String key, String value, int side, long invokedMs, long completedMs,
      Version version) {
    return Operation.builder().client(client).kind(Kind.PUT).key(key).value(value).side(side).invokedMs(invokedMs)
        .completedMs(completedMs).outcome(Outcome.ACKNOWLEDGED).version(Objects.requireNonNull(version, "version"))
        .build();
  }

  /** A get; {@code r} null when no answer came. */
  public static Operation get(int client, String key, int side, long invokedMs, long completedMs, ReadResult r) {
    if (r == null || r.outcome() == ReadOutcome.FAILED) {
      return Operation.builder().client(client).kind(Kind.GET).key(key).value(null).side(side).invokedMs(invokedMs)
          .completedMs(completedMs).outcome(Outcome.FAILED).version(null).build();
    }
    return Operation.builder().client(client).kind(Kind.GET).key(key).value(r.found() ? r.value() : null).side(side)
        .invokedMs(invokedMs).completedMs(completedMs).outcome(Outcome.ANSWERED).version(r.version()).build();
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

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Operation} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private int client;
    private Kind kind;
    private String key;
    private String value;
    private int side;
    private long invokedMs;
    private long completedMs;
    private Outcome outcome;
    private Version version;

    private Builder() {
    }

    /** Sets {@link Operation#client()}. */
    public Builder client(int value) {
      client = value;
      return this;
    }

    /** Sets {@link Operation#kind()}. */
    public Builder kind(Kind value) {
      kind = value;
      return this;
    }

    /** Sets {@link Operation#key()}. */
    public Builder key(String value) {
      key = value;
      return this;
    }

    /** Sets {@link Operation#value()}. */
    public Builder value(String value) {
      this.value = value;
      return this;
    }

    /** Sets {@link Operation#side()}. */
    public Builder side(int value) {
      side = value;
      return this;
    }

    /** Sets {@link Operation#invokedMs()}. */
    public Builder invokedMs(long value) {
      invokedMs = value;
      return this;
    }

    /** Sets {@link Operation#completedMs()}. */
    public Builder completedMs(long value) {
      completedMs = value;
      return this;
    }

    /** Sets {@link Operation#outcome()}. */
    public Builder outcome(Outcome value) {
      outcome = value;
      return this;
    }

    /** Sets {@link Operation#version()}. */
    public Builder version(Version value) {
      version = value;
      return this;
    }

    /** The record. */
    public Operation build() {
      return new Operation(client, kind, key, value, side, invokedMs, completedMs, outcome, version);
    }
  }
}
