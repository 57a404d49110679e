package org.bloomchord.routing.join;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.join.JoinMessages.ColumnRequest;
import org.bloomchord.routing.join.JoinMessages.FilterRequest;
import org.bloomchord.routing.join.JoinMessages.TuplesReply;
import org.bloomchord.routing.join.JoinMessages.WholeRequest;

/**
 * A peer's relation and the semi-join on it (source notes 003), as a {@link ChordExtension}. As
 * the holder of S(b, c) it answers a {@link FilterRequest} with its tuples whose b the filter may
 * hold, a {@link ColumnRequest} with those whose b is among the values, a {@link WholeRequest} with
 * all of S. As the holder of R(a, b) it {@link #join}s with another peer's S by one of the three
 * {@link Strategy strategies}, drops the false matches and returns R ⋈ S with the bytes sent.
 *
 * <p>Invariants: the relation is replaced only by {@link #load}, never by a message; a reply holds
 * at most the relation's tuples, so no request makes a peer allocate beyond its own data; a
 * malformed request is rejected by the codec before it reaches the handlers (the runtime counts
 * it). Everything runs on the peer's thread.
 */
public final class SemiJoinService implements ChordExtension {

  /** How R's peer asks S's peer. */
  public enum Strategy {
    /** A Bloom filter of R's join column, sized by {@link FilterSizing}. */
    FILTER,
    /** R's distinct join values. */
    COLUMN,
    /** All of S. */
    WHOLE
  }

  /** Longest wait for the answer, in runtime ms. */
  public static final long TIMEOUT_MS = 120_000;

  private ChordHost host;
  private List<Tuple> relation = List.of();
  private Map<Long, List<Tuple>> byJoinValue = Map.of();

  @Override
  public void attach(ChordHost host) {
    this.host = host;
    host.handleRequests(FilterRequest.class, (from, m) -> answer(t -> m.filter().mightContain(t.first())));
    host.handleRequests(ColumnRequest.class, (from, m) -> answer(inColumn(m.values())));
    host.handleRequests(WholeRequest.class, (from, m) -> answer(t -> true));
  }

  /** Replaces this peer's relation (call on the peer's thread). */
  public void load(List<Tuple> tuples) {
    relation = List.copyOf(tuples);
    byJoinValue = byJoinValue(relation);
  }

  /** This peer's relation. */
  public List<Tuple> relation() {
    return relation;
  }

  private Future<Message> answer(Predicate<Tuple> keep) {
    return Future.succeededFuture(select(relation, keep));
  }

  /** The tuples of {@code tuples} that {@code keep} keeps, as an answer. */
  static TuplesReply select(List<Tuple> tuples, Predicate<Tuple> keep) {
    List<Tuple> out = new ArrayList<>();
    for (Tuple t : tuples) {
      if (keep.test(t)) {
        out.add(t);
      }
    }
    return new TuplesReply(out);
  }

  /** Keeps the tuples (b, c) whose b is among {@code values}. */
  static Predicate<Tuple> inColumn(long[] values) {
    Set<Long> set = new HashSet<>(values.length * 2);
    for (long v : values) {
      set.add(v);
    }
    return t -> set.contains(t.first());
  }

  /** A Bloom filter of {@code shape} holding {@code values}. */
  static BloomFilter filterOf(BloomShape shape, long[] values) {
    BloomFilter f = new BloomFilter(shape);
    for (long v : values) {
      f.add(v);
    }
    return f;
  }

  /** The tuples (a, b) of R indexed by their join value b. */
  static Map<Long, List<Tuple>> byJoinValue(List<Tuple> r) {
    Map<Long, List<Tuple>> index = new HashMap<>();
    for (Tuple t : r) {
      index.computeIfAbsent(t.second(), x -> new ArrayList<>(1)).add(t);
    }
    return index;
  }

  /**
   * Adds (a, b, c) to {@code joined} for every received tuple (b, c) of S and every (a, b) of R
   * with its b; returns how many received tuples matched no tuple of R (false matches).
   */
  static int matchInto(Map<Long, List<Tuple>> byJoinValue, List<Tuple> received, List<long[]> joined) {
    int falseMatches = 0;
    for (Tuple s : received) {
      List<Tuple> left = byJoinValue.get(s.first());
      if (left == null) {
        falseMatches++;
        continue;
      }
      for (Tuple t : left) {
        joined.add(new long[] {t.first(), s.first(), s.second()});
      }
    }
    return falseMatches;
  }

  /**
   * The outcome of a join at R's peer.
   *
   * @param joined R ⋈ S as (a, b, c), sorted
   * @param received tuples of S received
   * @param falseMatches received tuples whose b is not in R (dropped)
   * @param filter the filter's shape (null unless {@link Strategy#FILTER})
   */
  public record Joined(List<long[]> joined, int received, int falseMatches, BloomShape filter) {
  }

  /**
   * Joins this peer's relation R(a, b) (first column a, second b) with S(b, c) at {@code other}.
   *
   * @param rightRows |S| as known to R's peer, for sizing the filter
   */
  public Future<Joined> join(PeerRef other, Strategy strategy, long rightRows) {
    Objects.requireNonNull(other, "other");
    long[] column = byJoinValue.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
    BloomShape shape = null;
    Message request;
    switch (strategy) {
      case FILTER -> {
        shape = FilterSizing.optimal(column.length, rightRows, Tuple.BYTES);
        request = new FilterRequest(filterOf(shape, column));
      }
      case COLUMN -> request = new ColumnRequest(column);
      default -> request = new WholeRequest();
    }
    BloomShape used = shape;
    return host.runtime().request(other, request, TIMEOUT_MS).compose(reply -> {
      if (!(reply instanceof TuplesReply r)) {
        return Future.failedFuture(new MalformedMessageException("expected tuples, got " + reply.typeName()));
      }
      List<long[]> joined = new ArrayList<>();
      int falseMatches = matchInto(byJoinValue, r.tuples(), joined);
      joined.sort(SemiJoinService::compare);
      return Future.succeededFuture(new Joined(joined, r.tuples().size(), falseMatches, used));
    });
  }

  /** The join computed in one place: the oracle. */
  public static List<long[]> localJoin(List<Tuple> r, List<Tuple> s) {
    List<long[]> out = new ArrayList<>();
    matchInto(byJoinValue(r), s, out);
    out.sort(SemiJoinService::compare);
    return out;
  }

  /** Whether two sorted join results are equal. */
  public static boolean sameResult(List<long[]> x, List<long[]> y) {
    if (x.size() != y.size()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      if (!Arrays.equals(x.get(i), y.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static int compare(long[] x, long[] y) {
    return Arrays.compare(x, y);
  }
}
