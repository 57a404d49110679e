package org.bloomchord.routing.join;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.join.JoinMessages.PartColumnRequest;
import org.bloomchord.routing.join.JoinMessages.PartFilterRequest;
import org.bloomchord.routing.join.JoinMessages.PartInsert;
import org.bloomchord.routing.join.JoinMessages.PartWholeRequest;
import org.bloomchord.routing.join.JoinMessages.TuplesReply;
import org.bloomchord.routing.join.SemiJoinService.Strategy;

/**
 * A relation S(b, c) partitioned by its join attribute over the ring, and the semi-join of a
 * relation R(a, b) against it (source notes 003, "over the store"), as a {@link ChordExtension}.
 * Tuple (b, c) lives at the owner of b's ring id {@link #idOf} (its successor): the peer's
 * <em>part</em>. {@link #insert} sends tuples to their owners; {@link #join} groups R's distinct
 * join values by owner ({@link RingOwners}: one lookup per owner) and asks each owner, by the
 * chosen {@link Strategy}, for its tuples: a Bloom filter of the values in its range sized by
 * {@link FilterSizing} for that owner, the values themselves, or the whole part; the false matches
 * are dropped at R's peer. The owner that is R's peer itself answers locally, with no message.
 *
 * <p>Sizing per owner: R's peer knows |S| but not how it is spread; S's and R's values are placed
 * by the same hash, so the share n_i / n of R's distinct values that fall in an owner's range
 * estimates the share of S it holds, and its filter is sized for n_i values against |S| n_i / n
 * tuples.
 *
 * <p>Invariants: an owner stores only tuples whose b it owns by its own links (the key in
 * (predecessor, self]) and at most {@link #MAX_PART_TUPLES} of them, and answers every refused
 * tuple back to the loader; a reply holds at most the part; malformed frames are refused by the
 * codec. The part is not replicated nor handed over when the ring changes. Everything runs on the
 * peer's thread.
 */
public final class StoredRelation implements ChordExtension {

  /** Most tuples one peer stores. */
  public static final int MAX_PART_TUPLES = 1 << 21;
  /** Most tuples in one insert message. */
  public static final int MAX_INSERT_BATCH = 1 << 15;
  /** Rounds of an insert: refused tuples are grouped by owner again and resent. */
  public static final int INSERT_ATTEMPTS = 3;
  /** Most peers a walk of the ring for {@link Strategy#WHOLE} visits. */
  public static final int MAX_WALK = 4096;
  /** Longest wait for an owner's answer, in runtime ms. */
  public static final long TIMEOUT_MS = 120_000;

  private ChordHost host;
  private final List<Tuple> part = new ArrayList<>();
  private long refused;

  @Override
  public void attach(ChordHost host) {
    this.host = host;
    host.handleRequests(PartInsert.class, (from, m) -> Future.succeededFuture(accept(m.tuples())));
    host.handleRequests(PartFilterRequest.class, (from, m) -> Future.succeededFuture(answer(probe(m))));
    host.handleRequests(PartColumnRequest.class, (from, m) -> Future.succeededFuture(answer(probe(m))));
    host.handleRequests(PartWholeRequest.class, (from, m) -> Future.succeededFuture(answer(probe(m))));
  }

  /** The ring id of join value {@code b}: the hash of its decimal form, as the store hashes a key. */
  public static long idOf(IdRing ring, long b) {
    return ring.hash(Long.toString(b));
  }

  /** The tuples this peer holds as owner. */
  public List<Tuple> part() {
    return List.copyOf(part);
  }

  /** Tuples refused so far at this peer as owner (outside its range, or the part full). */
  public long refused() {
    return refused;
  }

  // what an owner keeps of its part for each request
  private static Predicate<Tuple> probe(Message m) {
    if (m instanceof PartFilterRequest f) {
      return t -> f.filter().mightContain(t.first());
    }
    if (m instanceof PartColumnRequest c) {
      return SemiJoinService.inColumn(c.values());
    }
    return t -> true;
  }

  private TuplesReply answer(Predicate<Tuple> keep) {
    return SemiJoinService.select(part, keep);
  }

  // stores the tuples this peer owns while there is room; answers the others
  private TuplesReply accept(List<Tuple> tuples) {
    PeerRef pred = host.links().predecessor();
    List<Tuple> back = new ArrayList<>();
    for (Tuple t : tuples) {
      boolean mine = pred != null && host.ring().inHalfOpen(idOf(host.ring(), t.first()), pred.id(), host.self().id());
      if (mine && part.size() < MAX_PART_TUPLES) {
        part.add(t);
      } else {
        back.add(t);
      }
    }
    refused += back.size();
    return new TuplesReply(back);
  }

  /**
   * How an insert went.
   *
   * @param stored tuples stored at their owners
   * @param refused tuples still refused after {@link #INSERT_ATTEMPTS} rounds
   * @param lookups lookups made to find the owners
   * @param messages insert messages sent (each answered once)
   */
  public record Loaded(int stored, int refused, int lookups, int messages) {
  }

  /** Stores {@code tuples} of S at the owners of their join values, from this peer. */
  public Future<Loaded> insert(List<Tuple> tuples) {
    return insertRound(List.copyOf(tuples), 1, new Loaded(0, 0, 0, 0));
  }

  // the tuples still refused after a round, and the totals so far
  private record Round(List<Tuple> refused, Loaded loaded) {
  }

  private Future<Loaded> insertRound(List<Tuple> tuples, int round, Loaded sofar) {
    long[] ids = new long[tuples.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = idOf(host.ring(), tuples.get(i).first());
    }
    return RingOwners.group(host, ids).compose(g -> {
      List<Future<TuplesReply>> sends = new ArrayList<>();
      int messages = 0;
      for (Map.Entry<PeerRef, int[]> e : g.byOwner().entrySet()) {
        int[] at = e.getValue();
        boolean local = e.getKey().equals(host.self());
        for (int from = 0; from < at.length; from += MAX_INSERT_BATCH) {
          List<Tuple> batch = new ArrayList<>();
          for (int i = from; i < Math.min(at.length, from + MAX_INSERT_BATCH); i++) {
            batch.add(tuples.get(at[i]));
          }
          // a batch whose owner did not answer counts as refused and goes into the next round
          sends.add(local ? Future.succeededFuture(accept(batch))
              : ask(e.getKey(), new PartInsert(batch)).otherwise(new TuplesReply(batch)));
          messages += local ? 0 : 1;
        }
      }
      int sent = messages;
      return Future.join(sends).map(v -> {
        List<Tuple> back = new ArrayList<>();
        sends.forEach(f -> back.addAll(f.result().tuples()));
        return new Round(back, new Loaded(sofar.stored() + tuples.size() - back.size(), back.size(),
            sofar.lookups() + g.lookups(), sofar.messages() + sent));
      });
    }).compose(r -> r.refused().isEmpty() || round >= INSERT_ATTEMPTS ? Future.succeededFuture(r.loaded())
        : insertRound(r.refused(), round + 1, r.loaded()));
  }

  /**
   * What one owner was asked and answered.
   *
   * @param owner the owner
   * @param values R's distinct join values in its range (0 for {@link Strategy#WHOLE}: not sent)
   * @param filter the filter's shape ({@link Strategy#FILTER} only)
   * @param received tuples it answered
   * @param falseMatches of those, tuples whose b is not in R (dropped)
   * @param local whether the owner is R's peer itself (answered without a message)
   */
  public record OwnerPart(PeerRef owner, int values, Optional<BloomShape> filter, int received, int falseMatches,
      boolean local) {
  }

  /**
   * The outcome of a join over the store at R's peer.
   *
   * @param joined R ⋈ S as (a, b, c), sorted
   * @param parts one per owner asked, in ring order
   * @param lookups lookups made to find the owners
   */
  public record Joined(List<long[]> joined, List<OwnerPart> parts, int lookups) {

    /** Tuples received from every owner. */
    public int received() {
      return parts.stream().mapToInt(OwnerPart::received).sum();
    }

    /** Received tuples whose b is not in R, over every owner. */
    public int falseMatches() {
      return parts.stream().mapToInt(OwnerPart::falseMatches).sum();
    }
  }

  /**
   * Joins {@code left} = R(a, b) held at this peer with S partitioned over the ring.
   *
   * @param rightRows |S| as known to R's peer, for sizing the filters
   */
  public Future<Joined> join(List<Tuple> left, Strategy strategy, long rightRows) {
    Objects.requireNonNull(strategy, "strategy");
    Map<Long, List<Tuple>> byJoinValue = SemiJoinService.byJoinValue(left);
    long[] column = byJoinValue.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
    return owners(strategy, column).compose(g -> {
      List<PeerRef> asked = new ArrayList<>(g.byOwner().keySet());
      List<Message> requests = new ArrayList<>();
      List<Future<TuplesReply>> replies = new ArrayList<>();
      for (PeerRef owner : asked) {
        Message request = request(strategy, valuesOf(column, g.byOwner().get(owner)), column.length, rightRows);
        requests.add(request);
        replies.add(owner.equals(host.self()) ? Future.succeededFuture(answer(probe(request))) : ask(owner, request));
      }
      return Future.all(replies).map(v -> {
        List<long[]> joined = new ArrayList<>();
        List<OwnerPart> parts = new ArrayList<>();
        for (int i = 0; i < asked.size(); i++) {
          List<Tuple> got = replies.get(i).result().tuples();
          int falseMatches = SemiJoinService.matchInto(byJoinValue, got, joined);
          Optional<BloomShape> shape = requests.get(i) instanceof PartFilterRequest f
              ? Optional.of(f.filter().shape()) : Optional.empty();
          PeerRef owner = asked.get(i);
          parts.add(new OwnerPart(owner, g.byOwner().get(owner).length, shape, got.size(), falseMatches,
              owner.equals(host.self())));
        }
        joined.sort(Arrays::compare);
        return new Joined(joined, List.copyOf(parts), g.lookups());
      });
    });
  }

  // every peer of the ring for WHOLE, else the owners of R's values with the values' positions
  private Future<RingOwners.Grouped> owners(Strategy strategy, long[] column) {
    if (strategy == Strategy.WHOLE) {
      return RingOwners.walk(host, MAX_WALK);
    }
    long[] ids = new long[column.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = idOf(host.ring(), column[i]);
    }
    return RingOwners.group(host, ids);
  }

  private static long[] valuesOf(long[] column, int[] positions) {
    long[] v = new long[positions.length];
    for (int i = 0; i < positions.length; i++) {
      v[i] = column[positions[i]];
    }
    return v;
  }

  // an owner with n_i of R's n values is taken to hold |S| n_i / n tuples (both placed by one hash)
  private static Message request(Strategy strategy, long[] values, int distinct, long rightRows) {
    return switch (strategy) {
      case FILTER -> {
        long expected = Math.max(1, Math.round((double) rightRows * values.length / Math.max(1, distinct)));
        yield new PartFilterRequest(
            SemiJoinService.filterOf(FilterSizing.optimal(values.length, expected, Tuple.BYTES), values));
      }
      case COLUMN -> new PartColumnRequest(values);
      case WHOLE -> new PartWholeRequest();
    };
  }

  private Future<TuplesReply> ask(PeerRef owner, Message request) {
    return host.runtime().request(owner, request, TIMEOUT_MS).compose(reply -> reply instanceof TuplesReply r
        ? Future.succeededFuture(r)
        : Future.failedFuture(new MalformedMessageException("expected tuples, got " + reply.typeName())));
  }
}
