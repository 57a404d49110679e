package org.bloomchord.experiments.join;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.routing.join.Tuple;

/**
 * The two relations of a semi-join trial: R(a, b) at the joining peer and S(b, c), generated or read
 * from CSV files ({@link RelationCsv}), with the counts the tables report.
 *
 * @param left R as (a, b)
 * @param right S as (b, c)
 * @param distinct R's distinct join values
 * @param matching S's tuples whose b is in R
 */
public record JoinInput(List<Tuple> left, List<Tuple> right, int distinct, int matching) {

  public JoinInput {
    left = List.copyOf(left);
    right = List.copyOf(right);
  }

  /**
   * R of {@code leftRows} rows over max(1, leftRows/2) distinct random join values, S of {@code
   * rightRows} rows of which round(F M) take their b from R and the rest a b not in R.
   */
  public static JoinInput generated(int leftRows, int rightRows, double selectivity, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int distinct = Math.max(1, leftRows / 2);
    long[] pool = new long[distinct];
    Set<Long> inR = new HashSet<>();
    for (int i = 0; i < distinct; i++) {
      do {
        pool[i] = random.nextLong();
      } while (!inR.add(pool[i]));
    }
    List<Tuple> r = new ArrayList<>(leftRows);
    for (int i = 0; i < leftRows; i++) {
      r.add(new Tuple(i, i < distinct ? pool[i] : pool[random.nextInt(distinct)]));
    }
    int matching = (int) Math.round(selectivity * rightRows);
    List<Tuple> s = new ArrayList<>(rightRows);
    for (int i = 0; i < rightRows; i++) {
      long b;
      if (i < matching) {
        b = pool[random.nextInt(distinct)];
      } else {
        do {
          b = random.nextLong();
        } while (inR.contains(b));
      }
      s.add(new Tuple(b, random.nextLong()));
    }
    return new JoinInput(r, s, distinct, matching);
  }

  /** Given relations; the counts are taken from them. */
  public static JoinInput of(List<Tuple> left, List<Tuple> right) {
    Set<Long> inR = joinValues(left);
    int matching = 0;
    for (Tuple t : right) {
      matching += inR.contains(t.first()) ? 1 : 0;
    }
    return new JoinInput(left, right, inR.size(), matching);
  }

  /** R's distinct join values. */
  public static Set<Long> joinValues(List<Tuple> left) {
    Set<Long> out = new HashSet<>(left.size() * 2);
    for (Tuple t : left) {
      out.add(t.second());
    }
    return out;
  }

  /** The share of S's tuples whose b is in R. */
  public double selectivity() {
    return right.isEmpty() ? 0 : (double) matching / right.size();
  }
}
