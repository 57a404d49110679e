package org.bloomchord.experiments.writes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bloomchord.chord.store.Version;

/**
 * The history of concurrent clients on the sides of a split, and its judge: every acknowledged
 * write gets a {@link WriteFate} against the value each key holds once the rings merged, and every
 * answered read is checked against the acknowledged writes it had to see.
 *
 * <p>Writes. Let F be the key's final value and version (read after the merge) and w an
 * acknowledged put with version v. F = v: w is PRESENT. F older than v, or no value: LOST.
 * F newer: the writes that replaced w are the acknowledged puts with versions in (v, F] and the put
 * whose value F is (values are unique, so F names its writer even when that put was not
 * acknowledged). If one of them had to be ordered after w ({@link Operation#orderedAfter}: the same
 * side, or invoked after w completed with one of the two on the whole ring), w is PRESENT:
 * overwritten as a linearizable store would overwrite it. Otherwise every one of them is
 * concurrent with w and from another side: w is SUPERSEDED, by the first of them in version order.
 *
 * <p>Reads. A read must see every acknowledged put of its key that completed before the read was
 * invoked, unless the two were on different sides of a split: it sees it when the version it
 * read is at least the put's. A miss is counted under the first of these that applies:
 * <ul>
 *   <li>{@code lost} (nothing found) or {@code stale} (an older value): the put was on the read's
 *       own side (the whole ring before the split and the healed ring after it count as sides);
 *   <li>{@code staleAcrossMerge}: the read ran after the heal and the put before it (on a side of
 *       the split, or on the whole ring before the split): what the merge must bring together;
 *   <li>{@code hiddenBySplit}: the put was acknowledged before the split and the read ran on a
 *       side whose peers held no copy of it.
 * </ul>
 */
public final class SplitHistory {

  /**
   * A key's value once the rings merged.
   *
   * @param value the value read, or null when the read found none
   * @param version the version read, or null when none was found
   */
  public record FinalRead(String value, Version version) {
  }

  /**
   * The judgement of a history.
   *
   * @param verdicts one per acknowledged put, in history order
   * @param acknowledged acknowledged puts
   * @param unacknowledged puts not acknowledged, refused ones included
   * @param refused puts the primary refused without storing them (minority refusal)
   * @param readsJudged answered reads of keys with an acknowledged put that completed before them
   * @param readsFailed reads that got no answer
   * @param lostReads reads that found nothing where a put of their own side had to be
   * @param staleReads reads that found an older value than a put of their own side
   * @param staleAcrossMerge reads after the heal that missed a put acknowledged before it
   * @param hiddenBySplit reads during the split that missed a put acknowledged before it
   * @param finalReadsFailed keys whose final read got no answer (their acknowledged puts count as lost)
   * @param ownSideMisses the reads counted in {@code lostReads} and {@code staleReads}, in history order
   */
  public record Judgement(List<Verdict> verdicts, long acknowledged, long unacknowledged, long refused,
      long readsJudged,
      long readsFailed, long lostReads, long staleReads, long staleAcrossMerge, long hiddenBySplit,
      long finalReadsFailed, List<Operation> ownSideMisses) {

    /** Acknowledged puts with the given fate. */
    public long count(WriteFate fate) {
      return verdicts.stream().filter(v -> v.fate() == fate).count();
    }

    /** The verdicts with the given fate. */
    public List<Verdict> with(WriteFate fate) {
      return verdicts.stream().filter(v -> v.fate() == fate).toList();
    }

    /** A builder with every component unset (zero, false or null). */
    private static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Judgement} by name; {@link #build()} runs the record's checks. */
    private static final class Builder {
      private List<Verdict> verdicts;
      private long acknowledged;
      private long unacknowledged;
      private long refused;
      private long readsJudged;
      private long readsFailed;
      private long lostReads;
      private long staleReads;
      private long staleAcrossMerge;
      private long hiddenBySplit;
      private long finalReadsFailed;
      private List<Operation> ownSideMisses;

      private Builder() {
      }

      /** Sets {@link Judgement#verdicts()}. */
      public Builder verdicts(List<Verdict> value) {
        verdicts = value;
        return this;
      }

      /** Sets {@link Judgement#acknowledged()}. */
      public Builder acknowledged(long value) {
        acknowledged = value;
        return this;
      }

      /** Sets {@link Judgement#unacknowledged()}. */
      public Builder unacknowledged(long value) {
        unacknowledged = value;
        return this;
      }

      /** Sets {@link Judgement#refused()}. */
      public Builder refused(long value) {
        refused = value;
        return this;
      }

      /** Sets {@link Judgement#readsJudged()}. */
      public Builder readsJudged(long value) {
        readsJudged = value;
        return this;
      }

      /** Sets {@link Judgement#readsFailed()}. */
      public Builder readsFailed(long value) {
        readsFailed = value;
        return this;
      }

      /** Sets {@link Judgement#lostReads()}. */
      public Builder lostReads(long value) {
        lostReads = value;
        return this;
      }

      /** Sets {@link Judgement#staleReads()}. */
      public Builder staleReads(long value) {
        staleReads = value;
        return this;
      }

      /** Sets {@link Judgement#staleAcrossMerge()}. */
      public Builder staleAcrossMerge(long value) {
        staleAcrossMerge = value;
        return this;
      }

      /** Sets {@link Judgement#hiddenBySplit()}. */
      public Builder hiddenBySplit(long value) {
        hiddenBySplit = value;
        return this;
      }

      /** Sets {@link Judgement#finalReadsFailed()}. */
      public Builder finalReadsFailed(long value) {
        finalReadsFailed = value;
        return this;
      }

      /** Sets {@link Judgement#ownSideMisses()}. */
      public Builder ownSideMisses(List<Operation> value) {
        ownSideMisses = value;
        return this;
      }

      /** The record. */
      public Judgement build() {
        return new Judgement(verdicts, acknowledged, unacknowledged, refused, readsJudged,
            readsFailed, lostReads, staleReads, staleAcrossMerge, hiddenBySplit, finalReadsFailed,
            ownSideMisses);
      }
    }
  }

  private final List<Operation> operations = new ArrayList<>();

  /** Records an operation once it completed. */
  public void add(Operation op) {
    operations.add(Objects.requireNonNull(op, "op"));
  }

  /** The operations in the order they completed. */
  public List<Operation> operations() {
    return List.copyOf(operations);
  }

  /** The keys written or read. */
  public List<String> keys() {
    return operations.stream().map(Operation::key).distinct().sorted().toList();
  }

  /**
   * Judges the history against the final values; a key of the history missing from {@code finals}
   * could not be read after the merge.
   */
  public Judgement judge(Map<String, FinalRead> finals) {
    Map<String, List<Operation>> ackedByKey = new HashMap<>();
    Map<String, Operation> putByValue = new HashMap<>();
    long acknowledged = 0;
    long unacknowledged = 0;
    long refused = 0;
    for (Operation op : operations) {
      if (op.kind() != Operation.Kind.PUT) {
        continue;
      }
      putByValue.put(op.key() + "\u0000" + op.value(), op);
      if (op.acknowledged()) {
        acknowledged++;
        ackedByKey.computeIfAbsent(op.key(), k -> new ArrayList<>()).add(op);
      } else {
        unacknowledged++;
        refused += op.outcome() == Operation.Outcome.REFUSED ? 1 : 0;
      }
    }
    List<Verdict> verdicts = new ArrayList<>();
    long finalFailed = 0;
    for (String key : keys()) {
      if (ackedByKey.containsKey(key) && !finals.containsKey(key)) {
        finalFailed++;
      }
    }
    for (Operation op : operations) {
      if (op.acknowledged()) {
        verdicts.add(fateOf(op, finals.get(op.key()), ackedByKey.get(op.key()), putByValue));
      }
    }
    long judged = 0;
    long failed = 0;
    long[] misses = new long[4];
    List<Operation> ownSide = new ArrayList<>();
    for (Operation r : operations) {
      if (r.kind() != Operation.Kind.GET) {
        continue;
      }
      if (r.outcome() == Operation.Outcome.FAILED) {
        failed++;
        continue;
      }
      int miss = judgeRead(r, ackedByKey.getOrDefault(r.key(), List.of()));
      if (miss >= 0) {
        judged++;
        if (miss < misses.length) {
          misses[miss]++;
        }
        if (miss <= 1) {
          ownSide.add(r);
        }
      }
    }
    return Judgement.builder().verdicts(verdicts).acknowledged(acknowledged).unacknowledged(unacknowledged)
        .refused(refused).readsJudged(judged).readsFailed(failed).lostReads(misses[0]).staleReads(misses[1])
        .staleAcrossMerge(misses[2]).hiddenBySplit(misses[3]).finalReadsFailed(finalFailed)
        .ownSideMisses(List.copyOf(ownSide)).build();
  }

  private static Verdict fateOf(Operation w, FinalRead f, List<Operation> acked, Map<String, Operation> putByValue) {
    if (f == null || f.version() == null || f.version().compareTo(w.version()) < 0) {
      return new Verdict(w, WriteFate.LOST, null);
    }
    if (f.version().compareTo(w.version()) == 0) {
      return new Verdict(w, WriteFate.PRESENT, null);
    }
    List<Operation> replacing = new ArrayList<>();
    for (Operation o : acked) {
      if (o.version().compareTo(w.version()) > 0 && o.version().compareTo(f.version()) <= 0) {
        replacing.add(o);
      }
    }
    Operation winner = f.value() == null ? null : putByValue.get(w.key() + "\u0000" + f.value());
    if (winner != null && !winner.acknowledged()) {
      // an unacknowledged put that took effect: its version is the one read
      replacing.add(Operation.builder().client(winner.client()).kind(winner.kind()).key(winner.key())
          .value(winner.value()).side(winner.side()).invokedMs(winner.invokedMs()).completedMs(winner.completedMs())
          .outcome(winner.outcome()).version(null).build());
    }
    if (replacing.isEmpty()) {
      // the final value came from no put of the history: nothing explains the replacement
      return new Verdict(w, WriteFate.LOST, null);
    }
    Comparator<Operation> byVersion = Comparator.comparing(o -> o.version() == null ? f.version() : o.version());
    replacing.sort(byVersion);
    for (Operation o : replacing) {
      if (o.orderedAfter(w)) {
        return new Verdict(w, WriteFate.PRESENT, o);
      }
    }
    return new Verdict(w, WriteFate.SUPERSEDED, replacing.get(0));
  }

  /**
   * The kind of miss of an answered read (0 lost, 1 stale, 2 across the merge, 3 hidden by the
   * split), 4 when it saw everything it had to, -1 when nothing had to be seen.
   */
  private static int judgeRead(Operation r, List<Operation> acked) {
    int worst = 4;
    boolean anyRequired = false;
    for (Operation w : acked) {
      if (w.completedMs() > r.invokedMs()) {
        continue;
      }
      int kind;
      if (w.side() == r.side()) {
        kind = r.version() == null ? 0 : 1;
      } else if (r.side() == Operation.MERGED) {
        kind = 2;
      } else if (w.side() == Operation.WHOLE) {
        kind = 3;
      } else {
        continue;
      }
      anyRequired = true;
      boolean seen = r.version() != null && r.version().compareTo(w.version()) >= 0;
      if (!seen) {
        worst = Math.min(worst, kind);
      }
    }
    return anyRequired ? worst : -1;
  }
}
