package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.bloomchord.chord.merge.MergeMode;
import org.bloomchord.experiments.partition.MergeComparison;
import org.bloomchord.experiments.partition.MergeTrial;
import org.bloomchord.experiments.scenario.DurationText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord partitions}: splits a simulated ring, heals it, and measures the time and the
 * messages until the oracle sees one correct ring, for plain Chord, simple and gossip-based ring
 * unification and the finger broadcast; prints the comparison as a markdown table written from
 * the runs (docs/experiments/partitions.md), or with {@code --json} one line per run, from which
 * {@link MergeComparison#markdownOfJson} writes the same table.
 */
@Command(
    name = "partitions",
    mixinStandardHelpOptions = true,
    description = "Compare how rings merge after a partition on the simulator: plain Chord, simple, gossip, broadcast.")
public final class PartitionsCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--peers", paramLabel = "N[,N...]", defaultValue = "1000", description = "Ring sizes (default: ${DEFAULT-VALUE}).")
  String peers;

  @Option(names = "--ways", paramLabel = "K[,K...]", defaultValue = "2,3", description = "Groups of the split (default: ${DEFAULT-VALUE}).")
  String ways;

  @Option(names = "--split", paramLabel = "T[,T...]", defaultValue = "1min", description = "How long each split lasts (default: ${DEFAULT-VALUE}).")
  String splits;

  @Option(names = "--churn", paramLabel = "F[,F...]", defaultValue = "0",
      description = "Share of the peers crashing and joining per minute, e.g. 0.01 (default: ${DEFAULT-VALUE}).")
  String churn;

  @Option(names = "--modes", paramLabel = "M[,M...]", defaultValue = "off,simple,gossip,broadcast",
      description = "Merge modes: off (plain Chord), simple, gossip, broadcast (default: ${DEFAULT-VALUE}).")
  String modes;

  @Option(names = "--seeds", paramLabel = "S", defaultValue = "3", description = "Seeds per setting, from --first-seed on (default: ${DEFAULT-VALUE}).")
  int seeds;

  @Option(names = "--first-seed", paramLabel = "F", defaultValue = "1",
      description = "First seed: the runs take seeds F..F+S-1, so that seeds can run in separate processes (default: ${DEFAULT-VALUE}).")
  long firstSeed;

  @Option(names = "--settle", paramLabel = "T", defaultValue = "5min",
      description = "Longest watch for one ring after the heal (default: ${DEFAULT-VALUE}).")
  String settle;

  @Option(names = "--json", description = "Print one JSON line per run (its setting and what it measured) instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    List<Integer> n = list("--peers", peers, s -> Integer.parseInt(s), 4, 1_000_000);
    List<Integer> k = list("--ways", ways, s -> Integer.parseInt(s), 2, 16);
    List<Long> split = list("--split", splits, s -> DurationText.parse(s).toMillis(), 1L, Long.MAX_VALUE);
    List<Double> c = list("--churn", churn, Double::parseDouble, 0.0, 1.0);
    List<MergeMode> m = list("--modes", modes, s -> MergeMode.valueOf(s.toUpperCase(Locale.ROOT)), null, null);
    if (seeds < 1 || seeds > 100) {
      throw new UsageException("--seeds must be in 1..100, got " + seeds);
    }
    if (firstSeed < 1) {
      throw new UsageException("--first-seed must be at least 1, got " + firstSeed);
    }
    long settleMs = list("--settle", settle, s -> DurationText.parse(s).toMillis(), 1L, Long.MAX_VALUE).get(0);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<MergeTrial.Outcome> outcomes = MergeComparison.run(n, k, split, c, m, firstSeed, seeds, settleMs, o -> {
      err.printf(Locale.ROOT, "%s: rings during %d, one ring after %s s, %d messages%n", o.setting(), o.ringsDuring(),
          o.healSeconds(), o.messages());
      err.flush();
    });
    if (json) {
      outcomes.forEach(o -> out.println(MergeComparison.json(o)));
    } else {
      out.print(MergeComparison.markdown(outcomes));
    }
    out.flush();
    return 0;
  }

  @SuppressWarnings("unchecked")
  private static <T> List<T> list(String option, String text, Function<String, T> parse, Comparable<?> min,
      Comparable<?> max) {
    List<T> out = new ArrayList<>();
    for (String part : text.split(",")) {
      T v;
      try {
        v = parse.apply(part.trim());
      } catch (RuntimeException e) {
        throw new UsageException(option + ": cannot read '" + part.trim() + "'");
      }
      if (min != null && (((Comparable<Object>) min).compareTo(v) > 0 || ((Comparable<Object>) max).compareTo(v) < 0)) {
        throw new UsageException(option + ": '" + part.trim() + "' is outside " + min + ".." + max);
      }
      out.add(v);
    }
    return out;
  }
}
